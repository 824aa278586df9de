import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** Change review of two deliveries of one place; its own lazy module (`features/change-review/routes.tsx`). */
export function changeReviewRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'change-review',
      lazy: async () => (await import('../../features/change-review/routes')).changeReviewRoute(ctx),
    },
  ]
}
