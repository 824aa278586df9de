import type { RouteObject } from 'react-router'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { processListOptions, processOptions } from '../../data/processing/queries'
import { ProcessPage } from './components/process-page'
import { ProcessesPage } from './components/processes-page'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

/** The process catalogue. */
export function processesRoute(ctx: RouteContext): RoutePart {
  return {
    loader: () => {
      prefetch(ctx, processListOptions(ctx.services.client))
      return null
    },
    Component: ProcessesPage,
  }
}

/** One process. */
export function processRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.processId) prefetch(ctx, processOptions(ctx.services.client, params.processId))
      return null
    },
    Component: ProcessPage,
  }
}
