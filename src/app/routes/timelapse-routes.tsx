import type { RouteObject } from 'react-router'

/** The time-lapse of a place (`/timelapse?aoi=…` or `?item=…`): one lazy module (`features/timelapse/routes.tsx`). */
export function timelapseRoutes(): RouteObject[] {
  return [
    {
      path: 'timelapse',
      lazy: async () => (await import('../../features/timelapse/routes')).timelapseRoute(),
    },
  ]
}
