import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** The checkout: one lazy module with its loader and page, out of other pages' first load. */
export function checkoutRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'checkout',
      lazy: async () => (await import('../../features/checkout/routes')).checkoutRoute(ctx),
    },
  ]
}
