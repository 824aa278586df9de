import type { RouteObject } from 'react-router'
import { geometryListOptions } from '../../data/geometries/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { GeometriesPage } from './components/geometries-page'

/** The areas page: the AOI toolkit on the map, with the geometry library beside it. */
export function areasRoute(ctx: RouteContext): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: () => {
      const ws = ctx.services.session.currentWorkspace()
      if (ws)
        prefetch(
          ctx,
          geometryListOptions(ctx.services.client, { workspaceId: ws.id, size: 100, sort: 'updatedAt,desc' }),
        )
      return null
    },
    Component: GeometriesPage,
  }
}
