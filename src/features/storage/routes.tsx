import type { RouteObject } from 'react-router'
import { prefetch, type RouteContext } from '../../data/prefetch'
import {
  collectionOptions,
  collectionsOptions,
  itemOptions,
  itemsOptions,
  queryablesOptions,
} from '../../data/storage/queries'
import { CollectionPage } from './components/collection-page'
import { ItemPage } from './components/item-page'
import { SearchPage } from './components/search-page'
import { StoragePage } from './components/storage-page'
import { ITEMS_PAGE_DEFAULT, readItemsPaging, readStorageView } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

export function storageRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const view = readStorageView(new URL(request.url).searchParams)
      if (Object.keys(view.problems).every((k) => k === 'page'))
        prefetch(ctx, collectionsOptions(ctx.services.client, view.query))
      return null
    },
    Component: StoragePage,
  }
}

export function storageSearchRoute(ctx: RouteContext): RoutePart {
  return {
    loader: () => {
      prefetch(ctx, queryablesOptions(ctx.services.client))
      return null
    },
    Component: SearchPage,
  }
}

export function collectionRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params, request }) => {
      const id = params.collectionId
      if (id) {
        const { page, limit } = readItemsPaging(new URL(request.url).searchParams)
        prefetch(ctx, collectionOptions(ctx.services.client, id))
        prefetch(ctx, itemsOptions(ctx.services.client, id, page, limit ?? ITEMS_PAGE_DEFAULT))
      }
      return null
    },
    Component: CollectionPage,
  }
}

export function itemRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.collectionId && params.itemId)
        prefetch(ctx, itemOptions(ctx.services.client, params.collectionId, params.itemId))
      return null
    },
    Component: ItemPage,
  }
}
