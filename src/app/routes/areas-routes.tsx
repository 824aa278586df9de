import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** The areas page: one lazy module with its loader and page (`features/areas/routes.tsx`). */
export function areasRoutes(ctx: RouteContext): RouteObject[] {
  return [{ path: 'areas', lazy: async () => (await import('../../features/areas/routes')).areasRoute(ctx) }]
}
