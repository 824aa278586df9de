import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { paths } from '../../api/schema'

type ListQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never

export type CollectionListQuery = ListQuery<'/v2/collections'>
export type DataProductListQuery = ListQuery<'/v2/data-products'>
export type ProviderListQuery = ListQuery<'/v2/providers'>

/** Hierarchical keys: invalidating `glossaryKeys.collections()` reaches every list and page of collections. */
export const glossaryKeys = {
  all: ['glossary'] as const,
  collections: () => [...glossaryKeys.all, 'collections'] as const,
  collectionLists: () => [...glossaryKeys.collections(), 'list'] as const,
  collectionList: (q: CollectionListQuery) => [...glossaryKeys.collectionLists(), q] as const,
  collection: (name: string) => [...glossaryKeys.collections(), 'detail', name] as const,
  dataProducts: () => [...glossaryKeys.all, 'data-products'] as const,
  dataProductLists: () => [...glossaryKeys.dataProducts(), 'list'] as const,
  dataProductList: (q: DataProductListQuery) => [...glossaryKeys.dataProductLists(), q] as const,
  providers: () => [...glossaryKeys.all, 'providers'] as const,
  providerLists: () => [...glossaryKeys.providers(), 'list'] as const,
  providerList: (q: ProviderListQuery) => [...glossaryKeys.providerLists(), q] as const,
}

// The glossary changes when the service adds a collection, which is rare: no need to refetch on every visit.
const GLOSSARY_STALE_MS = 5 * 60_000

export function collectionListOptions(client: ApiClient, query: CollectionListQuery) {
  return queryOptions({
    queryKey: glossaryKeys.collectionList(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/collections', { params: { query }, signal })),
    staleTime: GLOSSARY_STALE_MS,
  })
}

/** One collection with its data products and providers (needs a signed-in session). */
export function collectionOptions(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: glossaryKeys.collection(name),
    queryFn: ({ signal }) =>
      ok(
        client.GET('/v2/collections/{collection-name}', {
          params: { path: { 'collection-name': name } },
          signal,
        }),
      ),
    staleTime: GLOSSARY_STALE_MS,
  })
}

export function dataProductListOptions(client: ApiClient, query: DataProductListQuery) {
  return queryOptions({
    queryKey: glossaryKeys.dataProductList(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/data-products', { params: { query }, signal })),
    staleTime: GLOSSARY_STALE_MS,
  })
}

export function providerListOptions(client: ApiClient, query: ProviderListQuery) {
  return queryOptions({
    queryKey: glossaryKeys.providerList(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/providers', { params: { query }, signal })),
    staleTime: GLOSSARY_STALE_MS,
  })
}

/** The collections of one type with their data products and licences (every one fits one page). */
export const collectionsOfTypeOptions = (client: ApiClient, type: 'ARCHIVE' | 'TASKING') =>
  collectionListOptions(client, { type, size: 100 })

/**
 * The archive collections the catalog can search (every one fits one page): the catalog route prefetches
 * them and its page reads them.
 */
export function searchableCollectionsOptions(client: ApiClient) {
  return collectionListOptions(client, { type: 'ARCHIVE', integrations: ['SEARCH_AVAILABLE'], size: 100 })
}
