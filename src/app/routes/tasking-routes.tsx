import type { RouteObject } from 'react-router'
import type { RouteContext } from '../route-context'

/** A new tasking request. Its loader comes with its page (`ordering-route-parts.tsx`), out of other pages' first load. */
export function taskingRoutes(ctx: RouteContext): RouteObject[] {
  return [{ path: 'tasking', lazy: async () => (await import('./ordering-route-parts')).taskingRoute(ctx) }]
}
