import type { RouteObject } from 'react-router'

/** The start page: one lazy module (`features/home/routes.tsx`), the index of the shell. */
export function homeRoutes(): RouteObject[] {
  return [{ index: true, lazy: async () => (await import('../../features/home/routes')).homeRoute() }]
}
