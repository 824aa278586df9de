import { INTEGRATIONS, type CollectionType, type Integration, type ProviderRole } from './words'
import type {
  CollectionListQuery,
  DataProductListQuery,
  ProviderListQuery,
} from '../../data/glossary/queries'
import {
  COLLECTION_SORTS,
  DATA_PRODUCT_SORTS,
  PROVIDER_SORTS,
  type CollectionSort,
  type DataProductSort,
  type ProviderSort,
  type SortValue,
} from './sorts'

/**
 * The glossary lists keep their view (filters, sort, page, size) in the URL, so every view is a link. A URL
 * is typed by people and pasted from old links: whatever it holds, reading it gives a valid view, and values
 * that cannot be used fall back to the defaults. Pages are counted from 1 in the URL and from 0 by the API.
 */

export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20
// The API's page index is an int32, so the URL's last usable page is one more than its largest value.
const MAX_PAGE = 2_147_483_648

// The sorts live in sorts.ts: words.ts names them and this module reads them, and this module imports
// words.ts, so keeping them here made the two import each other. Exported on from here for the pages.
export {
  COLLECTION_SORTS,
  DATA_PRODUCT_SORTS,
  PROVIDER_SORTS,
  type CollectionSort,
  type DataProductSort,
  type ProviderSort,
  type SortValue,
}

const COLLECTION_TYPES: readonly CollectionType[] = ['ARCHIVE', 'TASKING']
const PROVIDER_ROLES: readonly ProviderRole[] = ['HOST', 'PRODUCER']

export interface ListView<S extends SortValue> {
  sort: S
  /** 1-based. */
  page: number
  size: PageSize
}

export interface CollectionView extends ListView<CollectionSort> {
  type: CollectionType | null
  /** Offered all together (the API's AND); kept in the contract's order so equal views share a cache entry. */
  integrations: Integration[]
}

export type DataProductView = ListView<DataProductSort>

export interface ProviderView extends ListView<ProviderSort> {
  role: ProviderRole | null
}

export const DEFAULT_COLLECTION_VIEW: CollectionView = {
  type: null,
  integrations: [],
  sort: COLLECTION_SORTS[0],
  page: 1,
  size: DEFAULT_PAGE_SIZE,
}
export const DEFAULT_DATA_PRODUCT_VIEW: DataProductView = {
  sort: DATA_PRODUCT_SORTS[0],
  page: 1,
  size: DEFAULT_PAGE_SIZE,
}
export const DEFAULT_PROVIDER_VIEW: ProviderView = {
  role: null,
  sort: PROVIDER_SORTS[0],
  page: 1,
  size: DEFAULT_PAGE_SIZE,
}

function oneOf<T extends string>(allowed: readonly T[], raw: string | null | undefined): T | null {
  return allowed.find((a) => a === raw) ?? null
}

/** An enum value in any letter case, or null. */
function readEnum<T extends string>(allowed: readonly T[], raw: string | null): T | null {
  return oneOf(allowed, raw?.trim().toUpperCase())
}

function readSort<S extends SortValue>(params: URLSearchParams, allowed: readonly [S, ...S[]]): S {
  const raw = params.get('sort')?.trim()
  if (!raw) return allowed[0]
  const [field, direction = 'asc', ...rest] = raw.split(',').map((p) => p.trim())
  if (rest.length > 0) return allowed[0]
  return oneOf(allowed, `${field},${direction.toLowerCase()}`) ?? allowed[0]
}

function readPage(params: URLSearchParams): number {
  const raw = params.get('page')?.trim() ?? ''
  if (!/^\d{1,10}$/.test(raw)) return 1
  const page = Number(raw)
  return page >= 1 && page <= MAX_PAGE ? page : 1
}

function readSize(params: URLSearchParams): PageSize {
  const raw = params.get('size')?.trim()
  return PAGE_SIZES.find((s) => String(s) === raw) ?? DEFAULT_PAGE_SIZE
}

function readListView<S extends SortValue>(
  params: URLSearchParams,
  sorts: readonly [S, ...S[]],
): ListView<S> {
  return { sort: readSort(params, sorts), page: readPage(params), size: readSize(params) }
}

/** Writes sort and paging, leaving out defaults so that plain views have plain URLs. */
function writeListView<S extends SortValue>(out: URLSearchParams, view: ListView<S>, defaultSort: S): void {
  if (view.sort !== defaultSort) out.set('sort', view.sort)
  if (view.page !== 1) out.set('page', String(view.page))
  if (view.size !== DEFAULT_PAGE_SIZE) out.set('size', String(view.size))
}

function apiPaging<S extends SortValue>(view: ListView<S>) {
  return { page: view.page - 1, size: view.size, sort: view.sort }
}

// Collections

export function readCollectionView(params: URLSearchParams): CollectionView {
  const asked = new Set(
    params
      .getAll('integrations')
      // A comma-joined list, as the API also takes it, is read too.
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toUpperCase()),
  )
  return {
    ...readListView(params, COLLECTION_SORTS),
    type: readEnum(COLLECTION_TYPES, params.get('type')),
    integrations: INTEGRATIONS.filter((i) => asked.has(i)),
  }
}

export function collectionSearch(view: CollectionView): URLSearchParams {
  const out = new URLSearchParams()
  if (view.type) out.set('type', view.type)
  for (const i of INTEGRATIONS.filter((i) => view.integrations.includes(i))) out.append('integrations', i)
  writeListView(out, view, DEFAULT_COLLECTION_VIEW.sort)
  return out
}

export function collectionQuery(view: CollectionView): CollectionListQuery {
  return {
    ...(view.type ? { type: view.type } : {}),
    ...(view.integrations.length > 0 ? { integrations: view.integrations } : {}),
    ...apiPaging(view),
  }
}

// Data products

export function readDataProductView(params: URLSearchParams): DataProductView {
  return readListView(params, DATA_PRODUCT_SORTS)
}

export function dataProductSearch(view: DataProductView): URLSearchParams {
  const out = new URLSearchParams()
  writeListView(out, view, DEFAULT_DATA_PRODUCT_VIEW.sort)
  return out
}

export function dataProductQuery(view: DataProductView): DataProductListQuery {
  return apiPaging(view)
}

// Providers

export function readProviderView(params: URLSearchParams): ProviderView {
  return { ...readListView(params, PROVIDER_SORTS), role: readEnum(PROVIDER_ROLES, params.get('role')) }
}

export function providerSearch(view: ProviderView): URLSearchParams {
  const out = new URLSearchParams()
  if (view.role) out.set('role', view.role)
  writeListView(out, view, DEFAULT_PROVIDER_VIEW.sort)
  return out
}

export function providerQuery(view: ProviderView): ProviderListQuery {
  return { ...(view.role ? { role: view.role } : {}), ...apiPaging(view) }
}
