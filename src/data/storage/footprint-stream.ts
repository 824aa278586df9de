import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import { boundsOf, isGeometry } from '../../lib/geometry-bounds'
import { collectionsCall } from './queries'
import type { CollectionsQuery, StorageSearch } from './query'

type StacItem = components['schemas']['StacItem']
type StacLink = components['schemas']['StacLink']

/**
 * Every footprint of a collection, or of the collections a list's filters match, read page by page as an
 * explicit action (decision 74): the contract has no aggregate answer, so the items themselves are streamed
 * through the service's paging links and each page is boiled down to what the map draws before the next is
 * read.
 */

/**
 * Items per page read. The contract puts no maximum on the STAC lists' `limit` and neither does the
 * simulator; 1,000 reads the 10,000-item delivery in 10 requests while one answer (some 2 MB of items) stays
 * a short parse.
 */
export const STREAM_LIMIT = 1000

/** What a streamed item is kept as: its id and footprint, numbered in arrival order (MapLibre's feature id). */
export type Footprint = Feature<Polygon | MultiPolygon, { id: string }>

/** A page of STAC items as the lists and the search answer it. */
export interface ItemPage {
  features: readonly StacItem[]
  links: readonly StacLink[]
  context?: { matched?: number }
}

/** Where a stream is: items read so far, and how many the service says match (null until it says). */
export interface StreamProgress {
  done: number
  total: number | null
}

/**
 * An item's footprint with nothing else of it (its properties, assets and links are dropped: 50,000 whole
 * items would hold hundreds of MB): its geometry if a polygon, else its bbox; null for neither.
 */
export function footprintOf(item: StacItem, n: number): Footprint | null {
  const g = item.geometry
  let geometry: Polygon | MultiPolygon | null = null
  if (g && isGeometry(g) && (g.type === 'Polygon' || g.type === 'MultiPolygon'))
    geometry = { type: g.type, coordinates: g.coordinates } as Polygon | MultiPolygon
  else if (item.bbox && item.bbox.length >= 4) {
    const b = item.bbox
    const [w, s, e, n2] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
    geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n2],
          [w, n2],
          [w, s],
        ],
      ],
    }
  }
  return geometry ? { type: 'Feature', id: n, properties: { id: item.id }, geometry } : null
}

/** A page's items as footprints, numbered on from `from`. */
export function footprintsOf(items: readonly StacItem[], from: number): Footprint[] {
  const out: Footprint[] = []
  for (const item of items) {
    const f = footprintOf(item, from + out.length)
    if (f) out.push(f)
  }
  return out
}

/** A footprint's box centre as a point with its id: what the clustered source gathers at low zooms. */
export function centreOf(f: Footprint): Feature<Point, { id: string }> | null {
  const box = boundsOf([f.geometry])
  if (!box) return null
  return {
    type: 'Feature',
    id: f.id,
    properties: f.properties,
    geometry: { type: 'Point', coordinates: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] },
  }
}

/** The `next` link of a page, if the service gave one. */
export const nextLink = (links: readonly StacLink[]): StacLink | undefined =>
  links.find((l) => l.rel === 'next')

/** The `page` and `limit` a GET paging link names (its other parameters are the request's own). */
export function linkPaging(link: StacLink): { page: number; limit: number } | null {
  let url: URL
  try {
    url = new URL(link.href, 'http://link.invalid')
  } catch {
    return null
  }
  const page = Number(url.searchParams.get('page'))
  const limit = Number(url.searchParams.get('limit') ?? STREAM_LIMIT)
  return Number.isInteger(page) && page >= 0 && Number.isInteger(limit) && limit > 0 ? { page, limit } : null
}

export class StreamCancelled extends Error {
  constructor() {
    super('The footprints stream was cancelled.')
  }
}

/**
 * Reads pages from `first` on, following each answer's `next` link with `follow`, and hands each page's items
 * to `onItems` as they come, until a page has no `next` link. Stops with StreamCancelled when `signal` aborts;
 * stops too on a page that adds nothing, or past the pages the first answer's total allows (a service whose
 * links go round in circles must not keep the browser reading).
 */
export async function streamPages(
  first: () => Promise<ItemPage>,
  follow: (link: StacLink) => Promise<ItemPage>,
  onItems: (items: readonly StacItem[], progress: StreamProgress) => void,
  signal: AbortSignal,
): Promise<StreamProgress> {
  const check = () => {
    if (signal.aborted) throw new StreamCancelled()
  }
  check()
  let page = await first()
  check()
  const total = page.context?.matched ?? null
  const most = total === null ? Infinity : Math.ceil(total / Math.max(1, page.features.length)) + 1
  let done = 0
  for (let n = 1; ; n++) {
    done += page.features.length
    onItems(page.features, { done, total })
    const link = nextLink(page.links)
    if (!link || page.features.length === 0 || n >= most) break
    page = await follow(link)
    check()
  }
  return { done, total }
}

/** Every footprint of one collection: its items list, `STREAM_LIMIT` a page, by its `next` links. */
export function streamCollection(
  client: ApiClient,
  collectionId: string,
  onItems: (items: readonly StacItem[], progress: StreamProgress) => void,
  signal: AbortSignal,
): Promise<StreamProgress> {
  const read = (page: number, limit: number) =>
    ok(
      client.GET('/v2/assets/stac/collections/{collection-id}/items', {
        params: { path: { 'collection-id': collectionId }, query: { page, limit } },
        signal,
      }),
    )
  return streamPages(
    () => read(0, STREAM_LIMIT),
    (link) => {
      const at = linkPaging(link)
      if (!at) throw new Error(`The service's next link could not be read: ${link.href.slice(0, 200)}`)
      return read(at.page, at.limit)
    },
    onItems,
    signal,
  )
}

/**
 * The ids of every collection a list's filters match (its pages of `STREAM_LIMIT`, by the list's `next`
 * links), `onProgress` told as they come.
 */
export async function matchingCollections(
  client: ApiClient,
  query: CollectionsQuery,
  onProgress: (progress: StreamProgress) => void,
  signal: AbortSignal,
): Promise<string[]> {
  const ids: string[] = []
  const read = async (page: number) => {
    const call = collectionsCall({ ...query, page, limit: STREAM_LIMIT })
    return ok(client.GET(call.path, { params: call.params, querySerializer: () => call.queryString, signal }))
  }
  let page = await read(0)
  const total = page.context.matched ?? null
  const most = total === null ? Infinity : Math.ceil(total / STREAM_LIMIT)
  for (let n = 1; ; n++) {
    if (signal.aborted) throw new StreamCancelled()
    for (const c of page.collections) ids.push(c.id)
    onProgress({ done: ids.length, total })
    const link = nextLink(page.links)
    const at = link && linkPaging(link)
    if (!at || page.collections.length === 0 || n >= most) break
    page = await read(at.page)
  }
  if (signal.aborted) throw new StreamCancelled()
  return ids
}

/**
 * Every item of the given collections through the contract's search, `STREAM_LIMIT` a page: each next page is
 * the `next` link's body, posted again.
 */
export function streamSearch(
  client: ApiClient,
  collections: readonly string[],
  onItems: (items: readonly StacItem[], progress: StreamProgress) => void,
  signal: AbortSignal,
): Promise<StreamProgress> {
  const post = (body: StorageSearch) => ok(client.POST('/v2/assets/stac/search', { body, signal }))
  return streamPages(
    () => post({ collections: [...collections], limit: STREAM_LIMIT, page: 0 }),
    (link) => {
      if (!link.body) throw new Error('The service’s next search page has no body to send.')
      return post(link.body)
    },
    onItems,
    signal,
  )
}

/** Footprints and their centres, as the map is handed them. */
export interface FootprintSet {
  outlines: FeatureCollection<Polygon | MultiPolygon, { id: string }>
  centres: FeatureCollection<Point, { id: string }>
}

export const EMPTY_SET: FootprintSet = {
  outlines: { type: 'FeatureCollection', features: [] },
  centres: { type: 'FeatureCollection', features: [] },
}

/**
 * Gathers a stream's footprints and centres page by page, in place (each page costs its own items, not all
 * read before it), for the map to be handed them once (`set`) when the stream ends: MapLibre re-indexes a
 * source's every feature on each update and a clustered one re-clusters them all, so a page at a time cost
 * 10,000 footprints ten indexings and 50,000 fifty (decision 80).
 */
export class FootprintCollector {
  private readonly outlines: Footprint[] = []
  private readonly centres: Feature<Point, { id: string }>[] = []
  private last: FootprintSet = EMPTY_SET

  /** How many footprints are gathered. */
  get size(): number {
    return this.outlines.length
  }

  /** A page's items, numbered on from those gathered. */
  add(items: readonly StacItem[]): void {
    for (const f of footprintsOf(items, this.outlines.length)) {
      this.outlines.push(f)
      const c = centreOf(f)
      if (c) this.centres.push(c)
    }
  }

  /** What is gathered, as new collections of their own (later pages do not change it); the same set until more come. */
  set(): FootprintSet {
    if (this.last.outlines.features.length === this.outlines.length) return this.last
    this.last = {
      outlines: { type: 'FeatureCollection', features: this.outlines.slice() },
      centres: { type: 'FeatureCollection', features: this.centres.slice() },
    }
    return this.last
  }
}
