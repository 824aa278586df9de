import type { components } from '../../api/schema'

/** The storage sources the contract names. */
export const STORAGE_SOURCES = ['ARCHIVE', 'TASKING', 'PROCESSING'] as const
export type StorageSource = (typeof STORAGE_SOURCES)[number]

/** `[west, south, east, north]` in degrees. */
export type Bbox = [number, number, number, number]

/**
 * Every filter of `GET /v2/assets/stac/collections`, as the console holds it (lists as arrays); the request's
 * query string is `collectionsQueryString`. Omitted members are not sent.
 */
export interface CollectionsQuery {
  page?: number
  limit?: number
  bbox?: Bbox
  workspaceId?: string
  assetIds?: string[]
  orderIds?: string[]
  productIds?: string[]
  tags?: string[]
  title?: string
  sources?: StorageSource[]
  /** false: the deliveries as the provider sent them; true (the service's default): transformed. */
  cnam?: boolean
}

export type StorageSearch = components['schemas']['StacSearchRequest']

/** Numbers in a bbox without float noise (`0.30000000000000004`), as few digits as say the same place. */
const coord = (n: number) => String(Math.round(n * 1e6) / 1e6)

/**
 * The query string the contract wants: snake_case names, lists comma-joined, the bbox in square brackets,
 * `cnam` only when it differs from the service's default (true), page and limit always (zero-based page).
 */
export function collectionsQueryString(q: CollectionsQuery): string {
  const out = new URLSearchParams()
  out.set('page', String(q.page ?? 0))
  out.set('limit', String(q.limit ?? 10))
  if (q.bbox) out.set('bbox', `[${q.bbox.map(coord).join(',')}]`)
  if (q.workspaceId) out.set('workspace_id', q.workspaceId)
  const list = (name: string, values: readonly string[] | undefined) => {
    if (values && values.length > 0) out.set(name, values.join(','))
  }
  list('asset_ids', q.assetIds)
  list('order_ids', q.orderIds)
  list('product_ids', q.productIds)
  list('tags', q.tags)
  if (q.title?.trim()) out.set('title', q.title.trim())
  list('sources', q.sources)
  if (q.cnam === false) out.set('cnam', 'false')
  return out.toString()
}

// ------------------------------------------------------------------------------------------------- tags

/** The contract's tag rule: letters, digits, spaces and `. - _ / :`. */
export const TAG_PATTERN = /^[A-Za-z0-9 ._\-/:]+$/
/** At most this many tags (the service notes' rule for tags, which storage shares). */
export const MAX_TAGS = 30

/** What is wrong with a list of tags, in plain words; null when the service will take it. */
export function tagProblem(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return `At most ${MAX_TAGS} tags; there are ${tags.length}.`
  const empty = tags.find((t) => t.trim() === '')
  if (empty !== undefined) return 'A tag cannot be empty.'
  const bad = tags.find((t) => !TAG_PATTERN.test(t))
  if (bad !== undefined)
    return `“${bad}” has a character tags cannot hold: use letters, digits, spaces and . - _ / : only.`
  return null
}

// ----------------------------------------------------------------------------------------------- assets

/** The asset id an asset's href ends with (`…/v2/assets/<id>`), the id download links are asked for. */
export function assetIdOf(href: string): string | null {
  const m = /\/v2\/assets\/([0-9a-f-]{36})\/?(?:[?#].*)?$/i.exec(href)
  return m ? m[1] : null
}

/** A STAC item in storage, by its collection and id. */
export interface ItemRef {
  collectionId: string
  itemId: string
}

/** The item a STAC item URL (`…/collections/<id>/items/<id>`) points at, or null. */
export function itemRefOf(url: string): ItemRef | null {
  const m = /\/collections\/([^/?#]+)\/items\/([^/?#]+)\/?(?:[?#]|$)/.exec(url)
  if (!m) return null
  try {
    return { collectionId: decodeURIComponent(m[1]), itemId: decodeURIComponent(m[2]) }
  } catch {
    return null
  }
}

/**
 * Whether `url` is the address of an item in the service's own storage: on the API's origin, under its path
 * (`apiUrl`, resolved against the page's origin when relative), `…/v2/assets/stac/collections/<id>/items/<id>`,
 * with no credentials, query or fragment. An item address from a link (`?item=`) is checked here before it is
 * handed to a form: the service would fetch whatever host it names.
 */
export function isServiceItemUrl(url: string, apiUrl: string, origin = globalThis.location?.origin): boolean {
  let u: URL
  let api: URL
  try {
    u = new URL(url)
    api = new URL(apiUrl.replace(/\/*$/, '/'), origin)
  } catch {
    return false
  }
  if (u.origin !== api.origin || u.username !== '' || u.password !== '' || u.search !== '' || u.hash !== '')
    return false
  const rest = u.pathname.startsWith(api.pathname) ? u.pathname.slice(api.pathname.length) : null
  return rest !== null && /^v2\/assets\/stac\/collections\/[^/]+\/items\/[^/]+$/.test(rest)
}

/** The items of an input value: STAC item URLs, alone or in a list. */
export function stacItemRefs(value: unknown): ItemRef[] {
  const list = Array.isArray(value) ? value : [value]
  return list.flatMap((v) => {
    const ref = typeof v === 'string' ? itemRefOf(v) : null
    return ref ? [ref] : []
  })
}

/** A string member of a STAC object, or null. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** A collection's or item's user title when set, else its own title. */
export function titleOf(o: { title?: string | null; [k: string]: unknown }, fallback: string): string {
  return str(o['up42-user:title']) ?? str(o.title) ?? fallback
}

/** A STAC object's own URL (its `self` link): what process inputs take for an item. */
export const selfHref = (o: { links: { rel: string; href: string }[] }): string | null =>
  o.links.find((l) => l.rel === 'self')?.href ?? null
