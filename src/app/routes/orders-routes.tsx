import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/**
 * The orders list and one order. Paths are relative to the parent. Each is one lazy module with its loader
 * and page (`features/orders/routes.tsx`): the list's URL rules stay out of every other page's first load.
 */
export function ordersRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/orders/routes')
  return [
    { path: 'orders', lazy: async () => (await routes()).ordersListRoute(ctx) },
    { path: 'orders/:orderId', lazy: async () => (await routes()).orderRoute(ctx) },
  ]
}
