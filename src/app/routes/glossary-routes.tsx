import type { RouteObject } from 'react-router'
import { prefetch, type RouteContext } from '../../data/prefetch'
import {
  collectionListOptions,
  collectionOptions,
  dataProductListOptions,
  providerListOptions,
} from '../../data/glossary/queries'
import {
  collectionQuery,
  dataProductQuery,
  providerQuery,
  readCollectionView,
  readDataProductView,
  readProviderView,
} from '../../features/glossary/url-state'

const searchOf = (request: Request) => new URL(request.url).searchParams

/** The glossary: collections (list and one), data products and providers. Paths are relative to the parent. */
export function glossaryRoutes(ctx: RouteContext): RouteObject[] {
  const { client } = ctx.services
  return [
    {
      path: 'collections',
      loader: ({ request }) => {
        prefetch(ctx, collectionListOptions(client, collectionQuery(readCollectionView(searchOf(request)))))
        return null
      },
      lazy: async () => ({
        Component: (await import('../../features/glossary/components/collections-page')).CollectionsPage,
      }),
    },
    {
      path: 'collections/:name',
      loader: ({ params }) => {
        if (params.name) prefetch(ctx, collectionOptions(client, params.name))
        return null
      },
      lazy: async () => ({
        Component: (await import('../../features/glossary/components/collection-page')).CollectionPage,
      }),
    },
    {
      path: 'data-products',
      loader: ({ request }) => {
        prefetch(
          ctx,
          dataProductListOptions(client, dataProductQuery(readDataProductView(searchOf(request)))),
        )
        return null
      },
      lazy: async () => ({
        Component: (await import('../../features/glossary/components/data-products-page')).DataProductsPage,
      }),
    },
    {
      path: 'providers',
      loader: ({ request }) => {
        prefetch(ctx, providerListOptions(client, providerQuery(readProviderView(searchOf(request)))))
        return null
      },
      lazy: async () => ({
        Component: (await import('../../features/glossary/components/providers-page')).ProvidersPage,
      }),
    },
  ]
}
