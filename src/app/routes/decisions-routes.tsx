import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/**
 * The decisions inbox, one feasibility study and one quotation. Paths are relative to the parent. Each is one
 * lazy module with its loader and page (`features/decisions/routes.tsx`), out of other pages' first load.
 */
export function decisionsRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/decisions/routes')
  return [
    { path: 'decisions', lazy: async () => (await routes()).decisionsListRoute(ctx) },
    { path: 'decisions/studies/:id', lazy: async () => (await routes()).studyRoute(ctx) },
    { path: 'decisions/quotations/:id', lazy: async () => (await routes()).quotationRoute(ctx) },
  ]
}
