import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/** The account's EULAs and one EULA. One lazy module holds their loaders and pages (`features/licences/routes.tsx`). */
export function licencesRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/licences/routes')
  return [
    { path: 'licences', lazy: async () => (await routes()).licencesRoute(ctx) },
    { path: 'licences/:eulaId', lazy: async () => (await routes()).licenceRoute(ctx) },
  ]
}
