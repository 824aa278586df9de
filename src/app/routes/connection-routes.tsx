import type { RouteObject } from 'react-router'

export function connectionRoutes(): RouteObject[] {
  return [
    {
      path: 'connection',
      lazy: async () => (await import('../../features/connection/routes')).connectionRoute(),
    },
  ]
}
