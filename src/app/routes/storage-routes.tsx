import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** Storage: the browser, search, one collection and one item; one lazy module (`features/storage/routes.tsx`). */
export function storageRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/storage/routes')
  return [
    { path: 'storage', lazy: async () => (await routes()).storageRoute(ctx) },
    { path: 'storage/search', lazy: async () => (await routes()).storageSearchRoute(ctx) },
    {
      path: 'storage/collections/:collectionId',
      lazy: async () => (await routes()).collectionRoute(ctx),
    },
    {
      path: 'storage/collections/:collectionId/items/:itemId',
      lazy: async () => (await routes()).itemRoute(ctx),
    },
  ]
}
