import type { RouteObject } from 'react-router'
import { geometryListOptions } from '../../data/geometries/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { GeometriesPage } from './components/geometries-page'
import { libraryQuery, readLibraryView } from './url-state'

/** The areas page: the AOI toolkit on the map, with the geometry library beside it. */
export function areasRoute(ctx: RouteContext): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: ({ request }) => {
      const ws = ctx.services.session.currentWorkspace()
      if (ws) {
        // The same request the page makes: the page of the library the URL asks for.
        const view = readLibraryView(new URL(request.url).searchParams)
        prefetch(ctx, geometryListOptions(ctx.services.client, libraryQuery(view, ws.id)))
      }
      return null
    },
    Component: GeometriesPage,
  }
}
