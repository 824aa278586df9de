/** Sorts each list offers, `field,direction` as the API takes them; the first is the default. */
export const COLLECTION_SORTS = [
  'title,asc',
  'title,desc',
  'name,asc',
  'name,desc',
  'type,asc',
  'type,desc',
] as const
export const DATA_PRODUCT_SORTS = [
  'title,asc',
  'title,desc',
  'name,asc',
  'name,desc',
  'collectionName,asc',
  'collectionName,desc',
] as const
export const PROVIDER_SORTS = ['title,asc', 'title,desc', 'name,asc', 'name,desc'] as const

export type CollectionSort = (typeof COLLECTION_SORTS)[number]
export type DataProductSort = (typeof DATA_PRODUCT_SORTS)[number]
export type ProviderSort = (typeof PROVIDER_SORTS)[number]
export type SortValue = CollectionSort | DataProductSort | ProviderSort
