import {
  STORAGE_SOURCES,
  TAG_PATTERN,
  type Bbox,
  type CollectionsQuery,
  type StorageSource,
} from '../../data/storage/query'
import { viewFromParams, viewToParams, type ImageView } from '../../lib/imagery/view'

/**
 * The storage browser's view in the URL, with the contract's own names, so a link says what the request
 * says: `page` (zero-based), `limit`, `bbox=w,s,e,n`, `workspace_id`, `asset_ids`, `order_ids`,
 * `product_ids`, `tags` (comma-joined), `title`, `sources`, `cnam=false`.
 */

export const LIMITS = [10, 20, 50, 100] as const
export const DEFAULT_LIMIT = 20

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type ViewField = 'bbox' | 'workspaceId' | 'assetIds' | 'orderIds' | 'productIds' | 'tags' | 'page'

export interface StorageView {
  query: CollectionsQuery
  /** Values in the URL the service would refuse, by field: the page says what to fix and sends nothing. */
  problems: Partial<Record<ViewField, string>>
}

const splitList = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')

export function parseBbox(raw: string): Bbox | string {
  const parts = raw.replace(/^\[|\]$/g, '').split(',')
  if (parts.length !== 4) return 'A box is four numbers: west, south, east, north.'
  const [w, s, e, n] = parts.map((p) => Number(p.trim()))
  if (![w, s, e, n].every(Number.isFinite)) return 'A box is four numbers: west, south, east, north.'
  if ([w, e].some((x) => x < -180 || x > 180)) return 'Longitudes are between -180 and 180.'
  if ([s, n].some((y) => y < -90 || y > 90)) return 'Latitudes are between -90 and 90.'
  if (s > n) return 'The south edge must not be north of the north edge.'
  return [w, s, e, n]
}

export function readStorageView(params: URLSearchParams): StorageView {
  const problems: StorageView['problems'] = {}
  const query: CollectionsQuery = {}
  const pageRaw = params.get('page')
  query.page = 0
  if (pageRaw !== null) {
    if (/^\d{1,6}$/.test(pageRaw)) query.page = Number(pageRaw)
    else problems.page = 'The page in the link is not a whole number; the first page is shown.'
  }
  const limit = Number(params.get('limit'))
  query.limit = (LIMITS as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT
  const bboxRaw = params.get('bbox')
  if (bboxRaw) {
    const b = parseBbox(bboxRaw)
    if (typeof b === 'string') problems.bbox = b
    else query.bbox = b
  }
  const ws = params.get('workspace_id')
  if (ws) {
    query.workspaceId = ws
    if (!UUID.test(ws)) problems.workspaceId = 'Not a workspace ID.'
  }
  const ids = (name: string, field: 'assetIds' | 'orderIds' | 'productIds') => {
    const list = splitList(params.get(name))
    if (list.length === 0) return
    query[field] = list
    const bad = list.find((v) => !UUID.test(v))
    if (bad) problems[field] = `“${bad}” is not an ID (a UUID such as 0b6e…-…).`
  }
  ids('asset_ids', 'assetIds')
  ids('order_ids', 'orderIds')
  ids('product_ids', 'productIds')
  const tags = splitList(params.get('tags'))
  if (tags.length > 0) {
    query.tags = tags
    const bad = tags.find((t) => !TAG_PATTERN.test(t))
    if (bad) problems.tags = `“${bad}”: tags hold letters, digits, spaces and . - _ / : only.`
  }
  const title = params.get('title')?.trim()
  if (title) query.title = title
  const sources = splitList(params.get('sources'))
    .map((s) => s.toUpperCase())
    .filter((s): s is StorageSource => (STORAGE_SOURCES as readonly string[]).includes(s))
  if (sources.length > 0) query.sources = [...new Set(sources)]
  if (params.get('cnam') === 'false') query.cnam = false
  return { query, problems }
}

const coord = (n: number) => String(Math.round(n * 1e6) / 1e6)

/** The URL search of a view: the same names, defaults left out so plain views have plain links. */
export function storageSearch(q: CollectionsQuery): string {
  const out = new URLSearchParams()
  if (q.bbox) out.set('bbox', q.bbox.map(coord).join(','))
  if (q.workspaceId) out.set('workspace_id', q.workspaceId)
  if (q.assetIds?.length) out.set('asset_ids', q.assetIds.join(','))
  if (q.orderIds?.length) out.set('order_ids', q.orderIds.join(','))
  if (q.productIds?.length) out.set('product_ids', q.productIds.join(','))
  if (q.tags?.length) out.set('tags', q.tags.join(','))
  if (q.title?.trim()) out.set('title', q.title.trim())
  if (q.sources?.length) out.set('sources', q.sources.join(','))
  if (q.cnam === false) out.set('cnam', 'false')
  if (q.page) out.set('page', String(q.page))
  if (q.limit && q.limit !== DEFAULT_LIMIT) out.set('limit', String(q.limit))
  return out.toString()
}

/** Whether the view filters anything (the empty state then suggests clearing filters). */
export const isFiltered = (q: CollectionsQuery) =>
  !!(
    q.bbox ||
    q.workspaceId ||
    q.assetIds?.length ||
    q.orderIds?.length ||
    q.productIds?.length ||
    q.tags?.length ||
    q.title ||
    q.sources?.length
  )

/** Page sizes offered for a collection's items; 500 lists a large delivery at once. */
export const ITEMS_LIMITS = [20, 100, 500] as const
export const ITEMS_PAGE_DEFAULT = 20

export interface ItemsPaging {
  /** Zero-based. */
  page: number
  limit: number
}

/** `?page=` (zero-based) and `?limit=` of a collection page. */
export function readItemsPaging(params: URLSearchParams): ItemsPaging {
  const page = Number(params.get('page'))
  const limit = Number(params.get('limit'))
  return {
    page: Number.isInteger(page) && page >= 0 ? page : 0,
    limit: (ITEMS_LIMITS as readonly number[]).includes(limit) ? limit : ITEMS_PAGE_DEFAULT,
  }
}

/** The collection page's search at another page (and size): both written, every other parameter kept. */
export function withItemsPaging(params: URLSearchParams, paging: ItemsPaging): URLSearchParams {
  const next = new URLSearchParams(params)
  next.set('page', String(paging.page))
  next.set('limit', String(paging.limit))
  return next
}

/** The item page's parameters of the picture's view (band combination, formula, stretch: lib/imagery/view). */
const IMAGE_VIEW_PARAMS = ['bands', 'formula', 'stretch']

/** How an item's picture is looked at, from its page's URL; anything unreadable falls back to the default. */
export const readItemImageView = (params: URLSearchParams): ImageView => viewFromParams(params)

/** The item page's search with another picture view: its three parameters replaced, every other one kept. */
export function withItemImageView(params: URLSearchParams, view: ImageView): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const k of IMAGE_VIEW_PARAMS) next.delete(k)
  for (const [k, value] of Object.entries(viewToParams(view))) next.set(k, value)
  return next
}
