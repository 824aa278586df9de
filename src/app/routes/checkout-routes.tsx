import type { RouteObject } from 'react-router'
import type { RouteContext } from '../route-context'

/** The checkout. Its loader comes with its page (`ordering-route-parts.tsx`), out of other pages' first load. */
export function checkoutRoutes(ctx: RouteContext): RouteObject[] {
  return [{ path: 'checkout', lazy: async () => (await import('./ordering-route-parts')).checkoutRoute(ctx) }]
}
