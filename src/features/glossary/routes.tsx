import type { RouteObject } from 'react-router'
import {
  collectionListOptions,
  collectionOptions,
  dataProductListOptions,
  providerListOptions,
} from '../../data/glossary/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { CollectionPage } from './components/collection-page'
import { CollectionsPage } from './components/collections-page'
import { DataProductsPage } from './components/data-products-page'
import { ProvidersPage } from './components/providers-page'
import {
  collectionQuery,
  dataProductQuery,
  providerQuery,
  readCollectionView,
  readDataProductView,
  readProviderView,
} from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

const searchOf = (request: Request) => new URL(request.url).searchParams

export function collectionsRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const query = collectionQuery(readCollectionView(searchOf(request)))
      prefetch(ctx, collectionListOptions(ctx.services.client, query))
      return null
    },
    Component: CollectionsPage,
  }
}

export function collectionRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.name) prefetch(ctx, collectionOptions(ctx.services.client, params.name))
      return null
    },
    Component: CollectionPage,
  }
}

export function dataProductsRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const query = dataProductQuery(readDataProductView(searchOf(request)))
      prefetch(ctx, dataProductListOptions(ctx.services.client, query))
      return null
    },
    Component: DataProductsPage,
  }
}

export function providersRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const query = providerQuery(readProviderView(searchOf(request)))
      prefetch(ctx, providerListOptions(ctx.services.client, query))
      return null
    },
    Component: ProvidersPage,
  }
}
