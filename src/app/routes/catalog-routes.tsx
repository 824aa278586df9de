import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

export function catalogRoutes(ctx: RouteContext): RouteObject[] {
  return [
    { path: 'catalog', lazy: async () => (await import('../../features/catalog/routes')).catalogRoute(ctx) },
  ]
}
