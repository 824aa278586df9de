import type { CollectionsQuery, StorageSearch } from './query'

/**
 * One key space for storage, whichever page reads it: invalidating `storageKeys.all` reaches every list,
 * collection, item, search and the queryables. Signed download links are never here (they are not cached).
 */
export const storageKeys = {
  all: ['storage'] as const,
  collectionLists: () => [...storageKeys.all, 'collections'] as const,
  collectionList: (q: CollectionsQuery) => [...storageKeys.collectionLists(), q] as const,
  collections: () => [...storageKeys.all, 'collection'] as const,
  collection: (id: string) => [...storageKeys.collections(), id] as const,
  /** Under the collection's key, so invalidating a collection reaches its items. */
  items: (collectionId: string) => [...storageKeys.collection(collectionId), 'items'] as const,
  itemPage: (collectionId: string, page: number, limit: number) =>
    [...storageKeys.items(collectionId), { page, limit }] as const,
  item: (collectionId: string, itemId: string) =>
    [...storageKeys.items(collectionId), 'item', itemId] as const,
  searches: () => [...storageKeys.all, 'search'] as const,
  search: (body: StorageSearch) => [...storageKeys.searches(), body] as const,
  queryables: () => [...storageKeys.all, 'queryables'] as const,
  /** One overview of an asset's imagery, as read for a view that needs `targetPx` pixels across. */
  imagery: (assetId: string, targetPx: number) => [...storageKeys.all, 'imagery', assetId, targetPx] as const,
}
