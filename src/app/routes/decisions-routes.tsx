import type { RouteObject } from 'react-router'
import type { RouteContext } from '../route-context'

/**
 * The decisions inbox, one feasibility study and one quotation. Paths are relative to the parent. Their
 * loaders come with their pages (`decisions-route-parts.tsx`), out of other pages' first load.
 */
export function decisionsRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'decisions',
      lazy: async () => (await import('./decisions-route-parts')).decisionsListRoute(ctx),
    },
    {
      path: 'decisions/studies/:id',
      lazy: async () => (await import('./decisions-route-parts')).studyRoute(ctx),
    },
    {
      path: 'decisions/quotations/:id',
      lazy: async () => (await import('./decisions-route-parts')).quotationRoute(ctx),
    },
  ]
}
