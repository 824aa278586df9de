import { booleanIntersects } from '@turf/turf'
import type { Geometry } from 'geojson'
import { footprintOf, type Footprint } from '../processing/pricing'
import { itemTimeRange, QUERYABLES, type Operand, type Pred, type Scalar, type Value } from './query'
import type { S, StacCollectionRecord, StacItemRecord, StacSource } from '../world/types'
import type { World } from '../world/world'

/**
 * Which stored items a STAC item search matches, in which order: one query whichever way it came (POST body,
 * GET query string, a collection's items list), so the three answer alike. Requests become an `ItemQuery` in
 * routes/stac-request.ts; this module never sees one.
 */

/** West, south, east, north; west ≤ east (a box across the antimeridian is two). */
export type Box = [number, number, number, number]

export interface ItemQuery {
  collections?: ReadonlySet<string>
  ids?: ReadonlySet<string>
  /** Any of these boxes (one box across the antimeridian is two). */
  boxes?: readonly Box[]
  /** Closed interval, ms; open ends are ±Infinity. */
  range?: readonly [number, number]
  intersects?: Geometry
  filter?: Pred
  sortKeys?: readonly { key: Operand; sign: 1 | -1 }[]
}

/** The query is fine but a geometry in it is not one turf can intersect with. */
export class StacSearchError extends Error {}

export const overlaps = (a: Box, b: Box) => !(a[2] < b[0] || a[0] > b[2] || a[3] < b[1] || a[1] > b[3])

export function boxOfItem(item: S['StacItem']): Box | undefined {
  const b = item.bbox
  if (b && b.length >= 4) return b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
  return undefined
}

const planarBoxes = new WeakMap<object, Box | null>()

/** The smallest box of a geometry's positions as given (no antimeridian reading), kept per geometry object. */
export function planarBox(g: Geometry | Footprint): Box | undefined {
  const kept = planarBoxes.get(g)
  if (kept !== undefined) return kept ?? undefined
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity]
  const visit = (v: unknown): void => {
    if (!Array.isArray(v)) return
    if (typeof v[0] === 'number' && typeof v[1] === 'number') {
      const [x, y] = v as [number, number]
      if (x < box[0]) box[0] = x
      if (y < box[1]) box[1] = y
      if (x > box[2]) box[2] = x
      if (y > box[3]) box[3] = y
      return
    }
    for (const w of v) visit(w)
  }
  if (g.type === 'GeometryCollection') {
    for (const m of g.geometries) {
      const b = planarBox(m)
      if (b) visit([b.slice(0, 2), b.slice(2)])
    }
  } else visit(g.coordinates)
  const found = box[0] <= box[2] && box[1] <= box[3] ? box : null
  planarBoxes.set(g, found)
  return found ?? undefined
}

/** Whether one item meets the query's conditions (collections and ids apart, which callers index). */
export function itemMatches(item: S['StacItem'], q: ItemQuery): boolean {
  if (q.boxes) {
    const b = boxOfItem(item)
    if (!b || !q.boxes.some((box) => overlaps(b, box))) return false
  }
  if (q.range) {
    const t = itemTimeRange(item)
    if (!t || t[1] < q.range[0] || t[0] > q.range[1]) return false
  }
  if (q.intersects) {
    const fp = footprintOf(item)
    if (!fp) return false
    // Turf's test is planar over the positions as given, so boxes of those positions that do not meet mean
    // shapes that do not meet: the cheap test first (a large world's place search tested 50,000 footprints).
    const asked = planarBox(q.intersects)
    const own = planarBox(fp)
    if (asked && own && !overlaps(asked, own)) return false
    let hit: boolean
    try {
      hit = booleanIntersects(q.intersects, { type: fp.type, coordinates: fp.coordinates } as Geometry)
    } catch {
      throw new StacSearchError('intersects is not a valid geometry.')
    }
    if (!hit) return false
  }
  return !q.filter || q.filter(item)
}

const first = (v: Value): Scalar => (Array.isArray(v) ? (v[0] ?? null) : v)

/** The account's items matching the query: by the sort keys, then newest in storage first, then by id. */
export function searchItems(world: World, accountId: string, q: ItemQuery): StacItemRecord[] {
  const own = new Set<string>()
  for (const r of world.stacCollections.values()) if (r.accountId === accountId) own.add(r.collection.id)
  const matches: StacItemRecord[] = []
  for (const rec of world.stacItems.values()) {
    if (!own.has(rec.collectionId)) continue
    if (q.collections && !q.collections.has(rec.collectionId)) continue
    if (q.ids && !q.ids.has(rec.item.id)) continue
    if (itemMatches(rec.item, q)) matches.push(rec)
  }
  const sortKeys = q.sortKeys ?? []
  const created = QUERYABLES.created.get
  // Each item's keys read once, not at every comparison: a key may parse a date, and sorting the large world's
  // 50,000 items compared some 800,000 times, two seconds a page of "Draw all"'s search.
  const keyed = matches.map((rec) => ({
    rec,
    keys: sortKeys.map(({ key }) => first(key(rec.item))),
    created: first(created(rec.item)) ?? 0,
  }))
  keyed.sort((a, b) => {
    for (let i = 0; i < sortKeys.length; i++) {
      const x = a.keys[i]
      const y = b.keys[i]
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      return (x < y ? -1 : 1) * sortKeys[i].sign
    }
    const x = a.created
    const y = b.created
    return x === y ? (a.rec.item.id < b.rec.item.id ? -1 : 1) : x < y ? 1 : -1
  })
  return keyed.map((k) => k.rec)
}

/** The filters of the collections list; empty lists and an empty title filter nothing. */
export interface CollectionQuery {
  /** Collections lying wholly inside any of these boxes. */
  boxes?: readonly Box[]
  workspaceId?: string
  assetIds: readonly string[]
  orderIds: readonly string[]
  productIds: readonly string[]
  /** Any of these tags, on the collection or any of its items. */
  tags: readonly string[]
  /** Lower case; part of the title or the user title. */
  title: string
  sources: readonly StacSource[]
  /** Transformed collections (cnam=true) or original deliveries. */
  transformed: boolean
}

const inside = (inner: Box, outer: Box) =>
  inner[0] >= outer[0] && inner[2] <= outer[2] && inner[1] >= outer[1] && inner[3] <= outer[3]

function collectionTags(world: World, record: StacCollectionRecord): Set<string> {
  const tags = new Set(record.tags)
  const own = record.collection['up42-user:tags']
  if (Array.isArray(own)) for (const t of own) if (typeof t === 'string') tags.add(t)
  for (const itemId of record.itemIds) {
    const userTags = world.stacItems.get(itemId)?.item.properties['up42-user:tags']
    if (Array.isArray(userTags)) for (const t of userTags) tags.add(t)
  }
  return tags
}

/** The account's collections matching the query, newest delivery first (later insertion breaks ties). */
export function findCollections(world: World, accountId: string, q: CollectionQuery): StacCollectionRecord[] {
  return [...world.stacCollections.values()]
    .filter((r) => {
      if (r.accountId !== accountId || r.transformed !== q.transformed) return false
      if (q.workspaceId && r.workspaceId !== q.workspaceId) return false
      if (q.sources.length > 0 && !q.sources.includes(r.source)) return false
      if (q.orderIds.length > 0 && !(r.orderId && q.orderIds.includes(r.orderId))) return false
      if (q.productIds.length > 0 && !(r.productId && q.productIds.includes(r.productId))) return false
      if (q.assetIds.length > 0 && !r.assetIds.some((a) => q.assetIds.includes(a))) return false
      if (q.title) {
        const own = r.collection['up42-user:title']
        const titles = [r.collection.title ?? '', typeof own === 'string' ? own : '']
        if (!titles.some((t) => t.toLowerCase().includes(q.title))) return false
      }
      if (q.boxes) {
        const b = r.collection.extent.spatial.bbox[0]
        if (!b || b.length < 4) return false
        const own: Box = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
        if (!q.boxes.some((outer) => inside(own, outer))) return false
      }
      if (q.tags.length > 0) {
        const have = collectionTags(world, r)
        if (!q.tags.some((t) => have.has(t))) return false
      }
      return true
    })
    .reverse()
    .sort((a, b) => b.createdAt - a.createdAt)
}
