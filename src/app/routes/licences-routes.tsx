import { lazy } from 'react'
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

/**
 * The shell's banner of licences relied on with a new version to accept (`app/licence-banner.tsx`): a lazy
 * chunk declared here, beside the licence pages whose imports it shares, so the list of what it needs is
 * written once in the entry instead of again in the shell (decision 18).
 */
export const lazyLicenceBanner = lazy(() => import('../licence-banner'))
