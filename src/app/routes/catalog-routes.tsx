import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import type { CatalogPageProps } from '../../features/catalog/components/catalog-page'
import { collectionListOptions } from '../../data/glossary/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'

/** The archive collections the catalog can search, as the glossary lists them (every one fits one page). */
const searchableCollections = (client: ApiClient) =>
  collectionListOptions(client, { type: 'ARCHIVE', integrations: ['SEARCH_AVAILABLE'], size: 100 })

/** The catalog page reads the glossary through the app: features do not import each other. */
function withGlossary(Page: ComponentType<CatalogPageProps>) {
  return function CatalogRoute() {
    const client = useApiClient()
    const q = useQuery({ ...searchableCollections(client), throwOnError: false })
    return (
      <Page collections={q.data?.content} glossaryError={q.error} onRetryGlossary={() => void q.refetch()} />
    )
  }
}

export function catalogRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'catalog',
      loader: () => {
        prefetch(ctx, searchableCollections(ctx.services.client))
        return null
      },
      lazy: async () => ({
        Component: withGlossary((await import('../../features/catalog/components/catalog-page')).CatalogPage),
      }),
    },
  ]
}
