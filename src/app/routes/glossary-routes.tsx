import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/**
 * The glossary: collections (list and one), data products and providers. Paths are relative to the parent.
 * One lazy module holds their loaders and pages (`features/glossary/routes.tsx`).
 */
export function glossaryRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/glossary/routes')
  return [
    { path: 'collections', lazy: async () => (await routes()).collectionsRoute(ctx) },
    { path: 'collections/:name', lazy: async () => (await routes()).collectionRoute(ctx) },
    { path: 'data-products', lazy: async () => (await routes()).dataProductsRoute(ctx) },
    { path: 'providers', lazy: async () => (await routes()).providersRoute(ctx) },
  ]
}
