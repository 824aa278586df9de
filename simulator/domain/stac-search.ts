import { booleanIntersects } from '@turf/turf'
import type { Geometry } from 'geojson'
import { footprintOf } from './processing'
import { itemTimeRange, QUERYABLES, type Operand, type Pred, type Scalar, type Value } from './stac-query'
import type { S, StacItemRecord } from './types'
import type { World } from './world'

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
  return matches.sort(({ item: a }, { item: b }) => {
    for (const { key, sign } of sortKeys) {
      const x = first(key(a))
      const y = first(key(b))
      if (x === y) continue
      if (x === null) return 1
      if (y === null) return -1
      return (x < y ? -1 : 1) * sign
    }
    const x = first(created(a)) ?? 0
    const y = first(created(b)) ?? 0
    return x === y ? (a.id < b.id ? -1 : 1) : x < y ? 1 : -1
  })
}
