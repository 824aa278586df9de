import type { S, Scene } from '../world/types'
import type { World } from '../world/world'
import { searchable, type Searchable } from './archive'
import { PreparedPolygon, rectangle, type BBox } from './prepared-polygon'
import { publishedScenes } from './publishing'
import { footprintMeets, indexFor, type HostIndex, visitCandidates } from './scene-index'

/**
 * Search of a data host's archive (`POST /catalog/hosts/{host}/stac/search`) on an input the request side
 * has read and checked (routes/catalog-request.ts).
 */

type Feature = S['CatalogFeature']

/** The scene properties the query extension may filter on, with their value type. */
export const QUERYABLES = {
  cloudCoverage: 'number',
  resolution: 'number',
  constellation: 'string',
  deliveryTime: 'string',
  producer: 'string',
} as const
export type Queryable = keyof typeof QUERYABLES
/** The queryables holding text, the only ones that startsWith, endsWith and contains apply to. */
export type TextQueryable = {
  [K in Queryable]: (typeof QUERYABLES)[K] extends 'string' ? K : never
}[Queryable]

export const QUERY_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'startsWith',
  'endsWith',
  'contains',
] as const
export type QueryOp = (typeof QUERY_OPS)[number]

/** One operator of the query extension on one property, its operand of the property's type. */
export type QueryTerm =
  | { property: Queryable; op: 'eq' | 'neq'; value: number | string | null }
  | { property: Queryable; op: 'lt' | 'lte' | 'gt' | 'gte'; value: number | string }
  | { property: Queryable; op: 'in'; value: readonly (number | string | null)[] }
  | { property: TextQueryable; op: 'startsWith' | 'endsWith' | 'contains'; value: string }

export type SortKey = 'datetime' | 'cloudCoverage' | 'resolution'
export interface SortTerm {
  key: SortKey
  dir: 1 | -1
}

/** A bbox (west greater than east when it crosses the antimeridian) or a polygon's rings, holes allowed. */
export type SearchArea = { bbox: BBox } | { rings: readonly (readonly (readonly number[])[])[] }

export interface SearchInput {
  /** Names of the host's collections to search. */
  collections: ReadonlySet<string>
  ids?: readonly string[]
  /** Inclusive acquisition-time range, ms. */
  time?: readonly [number, number]
  area?: SearchArea
  /** Every term must hold. */
  query: readonly QueryTerm[]
  /** Keys in order of precedence; newest first is [{ key: 'datetime', dir: -1 }]. */
  sort: readonly SortTerm[]
  /** Matches skipped before the page. */
  offset: number
  /**
   * The instant whose catalog is searched, ms: scenes published later are not found. The first page asks
   * about the clock; its cursors keep that instant, so paging on later shows the same list.
   */
  asOf: number
  limit: number
}

/** One page of matches. */
export interface SearchPage {
  features: Feature[]
  /** Number of matching scenes over all pages. */
  matched: number
  offset: number
  limit: number
  /** Offsets of the next and the previous page, when such pages exist. */
  next?: number
  prev?: number
}

/** The area as polygons prepared for the footprint tests: a bbox across the antimeridian becomes two. */
function prepareArea(area: SearchArea): PreparedPolygon[] {
  if ('rings' in area) return [new PreparedPolygon(area.rings)]
  const [w, s, e, n] = area.bbox
  return w <= e ? [rectangle(w, s, e, n)] : [rectangle(w, s, 180, n), rectangle(-180, s, e, n)]
}

/** A query term as a test of a scene's fields. */
function termTest(term: QueryTerm): (p: Searchable) => boolean {
  const name = term.property
  const get = (p: Searchable) => p[name]
  switch (term.op) {
    case 'eq': {
      const v = term.value
      return (p) => (get(p) ?? null) === v
    }
    case 'neq': {
      const v = term.value
      return (p) => (get(p) ?? null) !== v
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const { op, value: v } = term
      const test =
        op === 'lt'
          ? (x: number | string) => x < v
          : op === 'lte'
            ? (x: number | string) => x <= v
            : op === 'gt'
              ? (x: number | string) => x > v
              : (x: number | string) => x >= v
      return (p) => {
        const x = get(p)
        return x !== null && x !== undefined && test(x)
      }
    }
    case 'in': {
      const set = new Set<unknown>(term.value)
      return (p) => set.has(get(p) ?? null)
    }
    default: {
      const { op, value: s } = term
      const test =
        op === 'startsWith'
          ? (x: string) => x.startsWith(s)
          : op === 'endsWith'
            ? (x: string) => x.endsWith(s)
            : (x: string) => x.includes(s)
      return (p) => {
        const x = get(p)
        return typeof x === 'string' && test(x)
      }
    }
  }
}

function compareBy(sort: readonly SortTerm[], scene: (ordinal: number) => Scene) {
  return (a: number, b: number): number => {
    for (const { key, dir } of sort) {
      if (key === 'datetime') {
        // Ordinals are newest first.
        if (a !== b) return (a - b) * -dir
        continue
      }
      const x = searchable(scene(a))[key]
      const y = searchable(scene(b))[key]
      if (x === y) continue
      // Unknown values (a radar scene's cloud cover) go last in either direction.
      if (x === null || x === undefined) return 1
      if (y === null || y === undefined) return -1
      return (x < y ? -1 : 1) * dir
    }
    return a - b
  }
}

/**
 * Searches the archive of one data host for one page of matches. Pure: the answer depends only on the world's
 * scenes and the input. The input is taken as given (the request side has checked it); a name that is no
 * host of the world finds nothing.
 */
export function searchScenes(world: World, host: string, input: SearchInput): SearchPage {
  const areas = input.area && prepareArea(input.area)
  const predicates = input.query.map(termTest)
  const idx = indexFor(world).hosts.get(host)
  let hits = new Int32Array(0)
  let count = 0
  // Scenes published since SEED_EPOCH are newer than the whole archive: they rank before it, with negative
  // ordinals (-fresh.length … -1, newest first), so the default sort stays a numeric one.
  const fresh = idx ? publishedScenes(world, host, input.asOf) : []
  const scene = (o: number): Scene => (o < 0 ? fresh[o + fresh.length] : (idx as HostIndex).scenes[o])
  if (idx) {
    const { scenes } = idx
    hits = new Int32Array(input.ids ? input.ids.length : scenes.length + fresh.length)
    const test = (o: number) => {
      const scene = o < 0 ? fresh[o + fresh.length] : scenes[o]
      const p = searchable(scene)
      if (!input.collections.has(p.collection)) return
      if (input.time && (scene.time < input.time[0] || scene.time > input.time[1])) return
      for (const pred of predicates) if (!pred(p)) return
      if (areas && !footprintMeets(scene, areas)) return
      hits[count++] = o
    }
    for (let i = 0; i < fresh.length && !input.ids; i++) test(i - fresh.length)
    if (input.ids) {
      const freshOrdinal = new Map(fresh.map((s, i) => [s.id, i - fresh.length]))
      for (const id of input.ids) {
        const o = idx.ordinalById.get(id) ?? freshOrdinal.get(id)
        if (o !== undefined) test(o)
      }
    } else if (areas) {
      visitCandidates(
        idx,
        areas.map((a) => a.bbox),
        test,
      )
    } else {
      for (let o = 0; o < scenes.length; o++) test(o)
    }
    hits = hits.subarray(0, count)
    // Ordinals are the default order (newest first): a plain numeric sort of a typed array is the fastest.
    const { sort } = input
    const isDefault = sort.length === 1 && sort[0].key === 'datetime' && sort[0].dir === -1
    if (isDefault) hits.sort()
    else hits.sort(compareBy(sort, scene))
  }
  const { offset, limit } = input
  const page = Array.from(hits.subarray(offset, offset + limit))
  return {
    features: idx ? page.map((o) => scene(o).feature) : [],
    matched: count,
    offset,
    limit,
    next: offset + limit < count ? offset + limit : undefined,
    prev: offset > 0 ? Math.max(0, offset - limit) : undefined,
  }
}
