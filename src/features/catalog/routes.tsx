import { prefetch, type RouteContext } from '../../data/prefetch'
import { searchableCollectionsOptions } from '../../data/glossary/queries'
import { CatalogPage } from './components/catalog-page'

/** The catalog's route module, loaded on the first visit: the page and the loader that prefetches its data. */
export function catalogRoute(ctx: RouteContext) {
  return {
    loader: () => {
      prefetch(ctx, searchableCollectionsOptions(ctx.services.client))
      return null
    },
    Component: CatalogPage,
  }
}
