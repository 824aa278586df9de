import type { RouteObject } from 'react-router'
import { eulaDocumentsOptions, eulaListOptions, eulaOptions } from '../../data/licences/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { LicencePage } from './components/licence-page'
import { LicencesPage } from './components/licences-page'
import { licenceQuery, readLicenceView } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

export function licencesRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const view = readLicenceView(new URL(request.url).searchParams)
      prefetch(ctx, eulaListOptions(ctx.services.client, licenceQuery(view)))
      return null
    },
    Component: LicencesPage,
  }
}

export function licenceRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.eulaId) {
        prefetch(ctx, eulaOptions(ctx.services.client, params.eulaId))
        prefetch(ctx, eulaDocumentsOptions(ctx.services.client, params.eulaId))
      }
      return null
    },
    Component: LicencePage,
  }
}
