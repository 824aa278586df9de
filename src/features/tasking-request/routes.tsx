import type { RouteObject } from 'react-router'
import { collectionsOfTypeOptions } from '../../data/glossary/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { TaskingPage } from './components/tasking-page'

/** A new tasking request, ordered as a tasking data product. */
export function taskingRoute(ctx: RouteContext): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: () => {
      prefetch(ctx, collectionsOfTypeOptions(ctx.services.client, 'TASKING'))
      return null
    },
    Component: TaskingPage,
  }
}
