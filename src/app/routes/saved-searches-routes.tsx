import type { RouteObject } from 'react-router'

export function savedSearchesRoutes(): RouteObject[] {
  return [
    {
      path: 'saved-searches',
      lazy: async () => (await import('../../features/saved-searches/routes')).savedSearchesRoute(),
    },
  ]
}
