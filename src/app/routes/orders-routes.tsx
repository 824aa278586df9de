import type { RouteObject } from 'react-router'
import type { RouteContext } from '../route-context'

/**
 * The orders list and one order. Paths are relative to the parent. Their loaders come with their pages
 * (`orders-route-parts.tsx`): the list's URL rules stay out of every other page's first load.
 */
export function ordersRoutes(ctx: RouteContext): RouteObject[] {
  return [
    { path: 'orders', lazy: async () => (await import('./orders-route-parts')).ordersListRoute(ctx) },
    { path: 'orders/:orderId', lazy: async () => (await import('./orders-route-parts')).orderRoute(ctx) },
  ]
}
