import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** A new tasking request: one lazy module with its loader and page, out of other pages' first load. */
export function taskingRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'tasking',
      lazy: async () => (await import('../../features/tasking-request/routes')).taskingRoute(ctx),
    },
  ]
}
