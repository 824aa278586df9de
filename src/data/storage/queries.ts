import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import { storageKeys } from './keys'
import { collectionsQueryString, type CollectionsQuery, type StorageSearch } from './query'

export type StacCollection = components['schemas']['StacCollection']
export type StacCollectionList = components['schemas']['StacCollectionList']
export type StacItem = components['schemas']['StacItem']
export type StacItemCollection = components['schemas']['StacItemCollection']
export type StacAsset = components['schemas']['StacAsset']
export type StacItemPatch = components['schemas']['StacItemPatch']
export type StacQueryables = components['schemas']['StacQueryables']

/** Where the storage pages' timing marks go; `npm run bench` reads them in Chromium. */
export const MARKS = {
  collectionsResponse: 'swath:storage-collections-response',
  itemsResponse: 'swath:storage-items-response',
} as const

/** One page of the collections list: every filter of the contract, in the contract's query form. */
export const collectionsCall = (query: CollectionsQuery) => ({
  method: 'GET' as const,
  path: '/v2/assets/stac/collections' as const,
  params: { query: {} },
  // Lists comma-joined and snake_case names: the contract's form (see collectionsQueryString).
  queryString: collectionsQueryString(query),
})

/** One page of collections with every filter of the contract. */
export function collectionsOptions(client: ApiClient, query: CollectionsQuery) {
  return queryOptions({
    queryKey: storageKeys.collectionList(query),
    queryFn: async ({ signal }) => {
      const call = collectionsCall(query)
      const data = await ok(
        client.GET(call.path, { params: call.params, querySerializer: () => call.queryString, signal }),
      )
      performance.mark(MARKS.collectionsResponse, { detail: { count: data.collections.length } })
      return data
    },
    placeholderData: keepPreviousData,
    // The page shows a refused filter (422) where it can, and other failures with a retry.
    throwOnError: false,
  })
}

export function collectionOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: storageKeys.collection(id),
    queryFn: ({ signal }) =>
      ok(
        client.GET('/v2/assets/stac/collections/{collection-id}', {
          params: { path: { 'collection-id': id } },
          signal,
        }),
      ),
    throwOnError: false,
  })
}

/** One page of a collection's items (zero-based `page`). */
export function itemsOptions(client: ApiClient, collectionId: string, page: number, limit: number) {
  return queryOptions({
    queryKey: storageKeys.itemPage(collectionId, page, limit),
    queryFn: async ({ signal }) => {
      const data = await ok(
        client.GET('/v2/assets/stac/collections/{collection-id}/items', {
          params: { path: { 'collection-id': collectionId }, query: { page, limit } },
          signal,
        }),
      )
      performance.mark(MARKS.itemsResponse, { detail: { count: data.features.length } })
      return data
    },
    placeholderData: keepPreviousData,
    throwOnError: false,
  })
}

export function itemOptions(client: ApiClient, collectionId: string, itemId: string) {
  return queryOptions({
    queryKey: storageKeys.item(collectionId, itemId),
    queryFn: ({ signal }) =>
      ok(
        client.GET('/v2/assets/stac/collections/{collection-id}/items/{item-id}', {
          params: { path: { 'collection-id': collectionId, 'item-id': itemId } },
          signal,
        }),
      ),
    throwOnError: false,
  })
}

/** The fields storage search can filter on; they change with the service, rarely. */
export function queryablesOptions(client: ApiClient) {
  return queryOptions({
    queryKey: storageKeys.queryables(),
    queryFn: ({ signal }) => ok(client.GET('/v2/assets/stac/queryables', { signal })),
    staleTime: 30 * 60_000,
    throwOnError: false,
  })
}

/** A storage search's request (STAC item search); later pages are the `next` link's body. */
export const storageSearchCall = (body: StorageSearch) => ({
  method: 'POST' as const,
  path: '/v2/assets/stac/search' as const,
  params: {},
  body,
})

/** A storage search: a POST that changes nothing, read like a query keyed by its body. */
export function searchOptions(client: ApiClient, body: StorageSearch) {
  return queryOptions({
    queryKey: storageKeys.search(body),
    queryFn: ({ signal }) => {
      const call = storageSearchCall(body)
      return ok(client.POST(call.path, { body: call.body, signal }))
    },
    placeholderData: keepPreviousData,
    throwOnError: false,
  })
}

/** New title and tags of an item; the item's pages, lists and searches read it again. */
export function patchItemMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { collectionId: string; itemId: string; patch: StacItemPatch }) =>
      ok(
        client.PATCH('/v2/assets/stac/collections/{collection-id}/items/{item-id}', {
          params: { path: { 'collection-id': v.collectionId, 'item-id': v.itemId } },
          body: v.patch,
        }),
      ),
    onSuccess: (item, v) => {
      qc.setQueryData(storageKeys.item(v.collectionId, v.itemId), item)
      return qc.invalidateQueries({ queryKey: storageKeys.all })
    },
    // The form shows a refusal on its fields.
    meta: { toast: false },
  })
}

/** Deletes a collection with its items and assets; every storage list is read again. */
export function deleteCollectionMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (id: string) =>
      ok(
        client.DELETE('/v2/assets/stac/collections/{collection-id}', {
          params: { path: { 'collection-id': id } },
        }),
      ),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: storageKeys.collection(id) })
      return qc.invalidateQueries({ queryKey: storageKeys.all })
    },
    meta: { toast: false },
  })
}

/** How long a signed download link lasts (the contract's 5 minutes). */
export const SIGNED_URL_TTL_MS = 5 * 60_000

export interface SignedLink {
  url: string
  /** When the console asked for it (Date.now()); a link older than the TTL is asked for again. */
  signedAt: number
}

/**
 * A fresh signed link to an asset's file. Asked for at each use and never cached: a link outlives nothing
 * but the download it was asked for (a TanStack cache would hand out links past their 5 minutes).
 */
export async function signDownload(client: ApiClient, assetId: string): Promise<SignedLink> {
  const data = await ok(
    client.POST('/v2/assets/{asset-id}/download-url', { params: { path: { 'asset-id': assetId } } }),
  )
  return { url: data.url, signedAt: Date.now() }
}

/** Whether a link may still be used for a request that starts now (a margin for the request's own time). */
export const isFresh = (link: SignedLink, now = Date.now(), marginMs = 15_000) =>
  now - link.signedAt < SIGNED_URL_TTL_MS - marginMs
