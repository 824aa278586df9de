import type { MultiPolygon, Polygon } from 'geojson'
import type { components } from '../../api/schema'
import { convexHullOf } from '../../lib/geo/hull'
import { bboxOf } from '../../lib/geo/measure'
import { rectanglePolygon } from '../../lib/geo/shapes'
import { decodePolygons, encodePolygons, samePolygons } from '../../lib/polyline'

/**
 * A catalog search as the analyst states it (filters) and as the service takes it (the search request).
 * The filters live in the URL, so a search is a link and back/forward move between searches. Reading a URL
 * always gives a usable view: values that cannot be used fall back to their defaults.
 */

type Collection = components['schemas']['Collection']
export type SearchRequest = components['schemas']['CatalogSearchRequest']
export type Bbox = [number, number, number, number]

export const MIN_LIMIT = 1
export const MAX_LIMIT = 500
export const DEFAULT_LIMIT = 100

/**
 * Where to search: the AOI of the toolkit (its polygons, never empty) or a map view. The URL carries an AOI
 * as encoded text (lib/polyline): `readCatalogView` decodes it and `writeCatalogView` encodes it, and nothing
 * between the two handles the text.
 */
export type SearchArea = { kind: 'aoi'; polygons: Polygon[] } | { kind: 'bbox'; bbox: Bbox }

export interface SearchFilters {
  /** The one host to search; null: every host the account can search. */
  host: string | null
  /** Sorted and unique, so equal searches share a cache entry. Empty: every searchable collection. */
  collections: string[]
  /** `YYYY-MM-DD`, UTC days, inclusive; null is an open end. */
  from: string | null
  to: string | null
  /** Percent, 0–100. */
  maxCloud: number | null
  /** Metres. */
  minResolution: number | null
  maxResolution: number | null
  area: SearchArea | null
  /** Scenes per page, 1–500. */
  limit: number
}

export const SCENE_SORTS = [
  'date-desc',
  'date-asc',
  'cloud-asc',
  'cloud-desc',
  'resolution-asc',
  'resolution-desc',
  'coverage-desc',
  'coverage-asc',
] as const
export type SceneSort = (typeof SCENE_SORTS)[number]

/** A search has been applied once the URL states one (a first visit has none). */
export const hasApplied = (view: Pick<CatalogView, 'searched'>): boolean => view.searched

/**
 * The URL's word for a search of every host when it says nothing else (no filter, no area): with no `host`,
 * a link searches every host; this one tells such a search from a first visit.
 */
export const ALL_HOSTS_PARAM = 'hosts'

export interface CatalogView {
  /** The URL states a search (a first visit does not). */
  searched: boolean
  filters: SearchFilters
  /** The `next` cursor of the page shown (`next:…`/`prev:…` from a link); null for the first page. */
  page: string | null
  /** Sorting of the page shown, done in the browser. */
  sort: SceneSort
}

export const EMPTY_FILTERS: SearchFilters = {
  host: null,
  collections: [],
  from: null,
  to: null,
  maxCloud: null,
  minResolution: null,
  maxResolution: null,
  area: null,
  limit: DEFAULT_LIMIT,
}

export const DEFAULT_VIEW: CatalogView = {
  searched: false,
  filters: EMPTY_FILTERS,
  page: null,
  sort: 'date-desc',
}

// ------------------------------------------------------------------------------------------------ URL

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

export function isDay(value: string): boolean {
  const m = DAY.exec(value)
  if (!m) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value)
}

function readNumber(raw: string | null, min: number, max: number): number | null {
  if (raw === null || raw.trim() === '') return null
  const n = Number(raw)
  return Number.isFinite(n) && n >= min && n <= max ? n : null
}

export function readBbox(raw: string | null): Bbox | null {
  if (!raw) return null
  const parts = raw.split(',').map(Number)
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null
  const [w, s, e, n] = parts
  if (Math.abs(w) > 180 || Math.abs(e) > 180 || s < -90 || n > 90 || s >= n || w === e) return null
  return [w, s, e, n]
}

// Cursors are opaque: `next:<id>`/`prev:<id>` as the contract writes them, or a bare token (the service notes
// speak of base64), in base64 or url-safe base64 characters, bounded.
const PAGE = /^((next|prev):[A-Za-z0-9_\-+/=.~]{1,1000}|[A-Za-z0-9_\-+/=.~]{1,1000})$/

const SEARCH_PARAMS = [
  'host',
  ALL_HOSTS_PARAM,
  'collections',
  'from',
  'to',
  'cloud',
  'resMin',
  'resMax',
  'aoi',
  'bbox',
  'limit',
  'page',
]

export function readCatalogView(params: URLSearchParams): CatalogView {
  const host = params.get('host')?.trim() ?? ''
  const collections = [
    ...new Set(
      (params.get('collections') ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => NAME.test(c)),
    ),
  ].sort()
  const from = params.get('from')?.trim() ?? ''
  const to = params.get('to')?.trim() ?? ''
  // Decoded here, once: the filters carry the polygons, at the text's six decimals.
  const aoi = decodePolygons(params.get('aoi') ?? '')
  const bbox = readBbox(params.get('bbox'))
  const area: SearchArea | null = aoi?.length
    ? { kind: 'aoi', polygons: aoi }
    : bbox
      ? { kind: 'bbox', bbox }
      : null
  const limitRaw = params.get('limit')
  const limit =
    limitRaw && /^\d{1,3}$/.test(limitRaw) && Number(limitRaw) >= MIN_LIMIT && Number(limitRaw) <= MAX_LIMIT
      ? Number(limitRaw)
      : DEFAULT_LIMIT
  let minResolution = readNumber(params.get('resMin'), 0, 10_000)
  let maxResolution = readNumber(params.get('resMax'), 0, 10_000)
  if (minResolution !== null && maxResolution !== null && minResolution > maxResolution)
    [minResolution, maxResolution] = [maxResolution, minResolution]
  let fromDay = isDay(from) ? from : null
  let toDay = isDay(to) ? to : null
  if (fromDay && toDay && fromDay > toDay) [fromDay, toDay] = [toDay, fromDay]
  const page = params.get('page')
  const sort = SCENE_SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_VIEW.sort
  return {
    // Any search parameter states a search; sorting alone does not.
    searched: SEARCH_PARAMS.some((p) => params.has(p)),
    filters: {
      host: NAME.test(host) ? host : null,
      collections,
      from: fromDay,
      to: toDay,
      maxCloud: readNumber(params.get('cloud'), 0, 100),
      minResolution,
      maxResolution,
      area,
      limit,
    },
    page: page && PAGE.test(page) ? page : null,
    sort,
  }
}

/** Writes a view, leaving defaults out so that plain searches have plain links. */
export function writeCatalogView(view: CatalogView): URLSearchParams {
  const f = view.filters
  const out = new URLSearchParams()
  if (f.host) out.set('host', f.host)
  if (f.collections.length > 0) out.set('collections', f.collections.join(','))
  if (f.from) out.set('from', f.from)
  if (f.to) out.set('to', f.to)
  if (f.maxCloud !== null) out.set('cloud', String(f.maxCloud))
  if (f.minResolution !== null) out.set('resMin', String(f.minResolution))
  if (f.maxResolution !== null) out.set('resMax', String(f.maxResolution))
  if (f.area?.kind === 'aoi') out.set('aoi', encodePolygons(f.area.polygons))
  if (f.area?.kind === 'bbox') out.set('bbox', bboxParam(f.area.bbox))
  if (f.limit !== DEFAULT_LIMIT) out.set('limit', String(f.limit))
  if (view.page) out.set('page', view.page)
  // Every host with nothing else said: the link still states a search.
  if (view.searched && out.size === 0) out.set(ALL_HOSTS_PARAM, 'all')
  if (view.sort !== DEFAULT_VIEW.sort) out.set('sort', view.sort)
  return out
}

/**
 * `?since=<instant>`: a saved search opened from its list (`savedSearchLink`), to mark the scenes acquired or
 * published after the analyst last looked and to ask the hosts again. It is not part of the search: read on
 * arrival and never written back, so the first search, sort or page after it leaves it out. A value that is
 * not an instant is no `since`.
 */
export function readSince(params: URLSearchParams): string | null {
  const since = params.get('since')
  return since !== null && !Number.isNaN(Date.parse(since)) ? since : null
}

const bboxParam = (bbox: Bbox): string => bbox.map((n) => +n.toFixed(5)).join(',')

/** Whether two areas are the same as their links write them; AOIs compared without writing their text. */
function sameArea(a: SearchArea | null, b: SearchArea | null): boolean {
  if (a === null || b === null) return a === b
  if (a.kind === 'aoi') return b.kind === 'aoi' && samePolygons(a.polygons, b.polygons)
  return b.kind === 'bbox' && bboxParam(a.bbox) === bboxParam(b.bbox)
}

/** Whether two searches would write the same link. */
export const sameFilters = (a: SearchFilters, b: SearchFilters): boolean =>
  sameArea(a.area, b.area) &&
  writeCatalogView({ ...DEFAULT_VIEW, filters: { ...a, area: null } }).toString() ===
    writeCatalogView({ ...DEFAULT_VIEW, filters: { ...b, area: null } }).toString()

// ------------------------------------------------------------------------------------------------ checks

export type FilterField = 'host' | 'dates' | 'maxCloud' | 'resolution' | 'area' | 'limit'

/** The key of an applied search (filters and whether one is stated), to tell when another is shown. */
export const searchKey = (view: Pick<CatalogView, 'searched' | 'filters'>): string => searchKeys(view).search

/**
 * The keys of an applied search and of its area: their link as written (one encoding of the AOI for both),
 * to tell when another search, or another area, is shown.
 */
export function searchKeys(view: Pick<CatalogView, 'searched' | 'filters'>): {
  search: string
  area: string
} {
  const written = writeCatalogView({ ...DEFAULT_VIEW, searched: view.searched, filters: view.filters })
  const area = new URLSearchParams()
  for (const name of ['aoi', 'bbox']) {
    const value = written.get(name)
    if (value !== null) area.set(name, value)
  }
  return { search: written.toString(), area: area.toString() }
}

/** What keeps the filters from being searched, by field, in words that say what to change. */
export function filterErrors(f: SearchFilters): Partial<Record<FilterField, string>> {
  const errors: Partial<Record<FilterField, string>> = {}
  if ((f.from && !isDay(f.from)) || (f.to && !isDay(f.to))) errors.dates = 'Dates are written YYYY-MM-DD.'
  else if (f.from && f.to && f.from > f.to) errors.dates = 'The start date is after the end date.'
  if (f.maxCloud !== null && !(f.maxCloud >= 0 && f.maxCloud <= 100))
    errors.maxCloud = 'Cloud cover is a percentage from 0 to 100.'
  if (
    (f.minResolution !== null && !(f.minResolution >= 0)) ||
    (f.maxResolution !== null && !(f.maxResolution >= 0))
  )
    errors.resolution = 'Resolution is a number of meters, 0 or more.'
  else if (f.minResolution !== null && f.maxResolution !== null && f.minResolution > f.maxResolution)
    errors.resolution = 'The finest resolution is larger than the coarsest.'
  if (!Number.isInteger(f.limit) || f.limit < MIN_LIMIT || f.limit > MAX_LIMIT)
    errors.limit = `Scenes per page is a whole number from ${MIN_LIMIT} to ${MAX_LIMIT}.`
  if (f.area?.kind === 'aoi' && f.area.polygons.length === 0)
    errors.area = 'Draw or import an area of interest, or search the map view.'
  return errors
}

// ------------------------------------------------------------------------------------------------ hosts

/** The host of a collection: its provider with the HOST role (the catalog is searched per host). */
export const hostOf = (c: Collection): string | undefined =>
  c.providers.find((p) => p.roles.includes('HOST'))?.name

export const searchable = (c: Collection): boolean =>
  c.type === 'ARCHIVE' && c.integrations.includes('SEARCH_AVAILABLE') && hostOf(c) !== undefined

/** Searchable collections grouped by host, hosts and collections in title order. */
export function searchableByHost(collections: readonly Collection[]): Map<string, Collection[]> {
  const out = new Map<string, Collection[]>()
  for (const c of [...collections].filter(searchable).sort((a, b) => a.title.localeCompare(b.title))) {
    const host = hostOf(c) as string
    out.set(host, [...(out.get(host) ?? []), c])
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)))
}

// ------------------------------------------------------------------------------------------------ request

/** A filter the service would not apply to this search, and why; it is left out of the request. */
export interface NotApplied {
  field: FilterField
  reason: string
}

export interface BuiltSearch {
  host: string
  body: SearchRequest
  notApplied: NotApplied[]
  /**
   * The AOI had several polygons: the request carries their convex hull (the contract takes one Polygon), or
   * their box when they lie on both sides of the antimeridian.
   */
  hull: boolean
}

/** The polygons of the search area (the AOI, or the bbox as one or two rectangles across the antimeridian). */
export function areaPolygons(area: SearchArea | null): Polygon[] {
  if (!area) return []
  if (area.kind === 'aoi') return area.polygons
  const [w, s, e, n] = area.bbox
  const rect = (a: number, b: number): Polygon => rectanglePolygon([a, s], [b, n])
  return w < e ? [rect(w, e)] : [rect(w, 180), rect(-180, e)]
}

/**
 * The search request for valid filters and the host's searchable collections (from the glossary). Every
 * rule of the contract's search request holds: collection names unique; `datetime` a closed or half-open
 * interval of whole UTC days; `limit` 1–500; `intersects` one Polygon, or `bbox` of exactly four numbers,
 * never both; filters on scene properties through the query extension.
 */
export function buildSearch(f: SearchFilters, hostCollections: readonly Collection[]): BuiltSearch {
  if (!f.host) throw new Error('buildSearch needs a host; check filterErrors first')
  const notApplied: NotApplied[] = []
  const known = new Set(hostCollections.map((c) => c.name))
  const chosen = f.collections.filter((c) => known.has(c))
  const collections = chosen.length > 0 ? chosen : hostCollections.map((c) => c.name)
  const body: SearchRequest = { limit: f.limit }
  if (collections.length > 0) body.collections = [...new Set(collections)].sort()

  if (f.from || f.to)
    body.datetime = `${f.from ? `${f.from}T00:00:00Z` : '..'}/${f.to ? `${f.to}T23:59:59Z` : '..'}`

  const query: NonNullable<SearchRequest['query']> = {}
  if (f.maxCloud !== null) {
    const targets = hostCollections.filter((c) => collections.includes(c.name))
    const radar = targets.length > 0 && targets.every((c) => c.metadata?.productType === 'SAR')
    if (radar)
      notApplied.push({
        field: 'maxCloud',
        reason: `Not applied: ${targets.map((c) => c.title).join(', ')} ${targets.length === 1 ? 'is' : 'are'} radar (SAR), which sees through clouds and has no cloud cover.`,
      })
    else query.cloudCoverage = { lte: f.maxCloud }
  }
  if (f.minResolution !== null || f.maxResolution !== null) {
    query.resolution = {
      ...(f.minResolution !== null ? { gte: f.minResolution } : {}),
      ...(f.maxResolution !== null ? { lte: f.maxResolution } : {}),
    }
  }
  if (Object.keys(query).length > 0) body.query = query

  let hull = false
  if (f.area?.kind === 'bbox') body.bbox = [...f.area.bbox]
  else if (f.area?.kind === 'aoi') {
    const polygons = f.area.polygons
    const across = acrossAntimeridian(polygons)
    if (polygons.length === 1) body.intersects = polygons[0]
    else if (across) {
      // Pieces on both sides of 180° (an AOI split there): a hull would wrap the globe; their box does not.
      body.bbox = across
      hull = true
    } else if (polygons.length > 1) {
      const h = convexHullOf(polygons)
      if (h) {
        body.intersects = h
        hull = true
      }
    }
  }
  return { host: f.host, body, notApplied, hull }
}

/**
 * The requests of a search: one for its host, or one per host (in the order given) when it names none.
 * Collections chosen narrow the hosts searched to those that have one of them.
 */
export function buildHostSearches(
  f: SearchFilters,
  byHost: ReadonlyMap<string, readonly Collection[]>,
): BuiltSearch[] {
  if (f.host) {
    const collections = byHost.get(f.host)
    return collections ? [buildSearch(f, collections)] : []
  }
  return [...byHost]
    .filter(([, cs]) => f.collections.length === 0 || cs.some((c) => f.collections.includes(c.name)))
    .map(([host, cs]) => buildSearch({ ...f, host }, cs))
}

/**
 * The box of polygons lying on both sides of the antimeridian (west > east), or null when they do not: the
 * pieces are taken the short way round, as one area.
 */
function acrossAntimeridian(polygons: readonly Polygon[]): Bbox | null {
  if (polygons.length < 2) return null
  const lons = polygons.flatMap((p) => p.coordinates[0].map((c) => c[0]))
  const lats = polygons.flatMap((p) => p.coordinates[0].map((c) => c[1]))
  const [w, e] = [Math.min(...lons), Math.max(...lons)]
  if (e - w <= 180) return null
  const shifted = lons.map((x) => (x < 0 ? x + 360 : x))
  const [sw, se] = [Math.min(...shifted), Math.max(...shifted)]
  if (se - sw >= e - w) return null
  return [sw, Math.min(...lats), se - 360, Math.max(...lats)]
}

/** The map view as a search bbox: longitudes brought into −180…180 (west > east across the antimeridian). */
export function viewBbox([w, s, e, n]: Bbox): Bbox {
  const lat = (v: number) => Math.max(-90, Math.min(90, v))
  if (e - w >= 360) return [-180, lat(s), 180, lat(n)]
  const wrap = (v: number) => ((((v + 180) % 360) + 360) % 360) - 180
  let west = wrap(w)
  let east = wrap(e)
  if (east === -180 && e > w) east = 180
  if (west === 180) west = -180
  return [west, lat(s), east, lat(n)]
}

/** Which filters to loosen when a search finds nothing, most useful first. */
export function loosenSuggestions(f: SearchFilters): { field: FilterField; label: string }[] {
  const out: { field: FilterField; label: string }[] = []
  if (f.maxCloud !== null)
    out.push({ field: 'maxCloud', label: `Allow any cloud cover (now ≤ ${f.maxCloud} %)` })
  if (f.from || f.to)
    out.push({ field: 'dates', label: `Search every date (now ${f.from ?? 'any'} → ${f.to ?? 'today'})` })
  if (f.minResolution !== null || f.maxResolution !== null)
    out.push({ field: 'resolution', label: 'Allow any resolution' })
  if (f.collections.length > 0)
    out.push({ field: 'host', label: `Search every collection of ${f.host ? 'this host' : 'every host'}` })
  if (f.area) out.push({ field: 'area', label: 'Search the whole world (no area)' })
  return out
}

/** The filters with one of them loosened (see loosenSuggestions). */
export function loosen(f: SearchFilters, field: FilterField): SearchFilters {
  switch (field) {
    case 'maxCloud':
      return { ...f, maxCloud: null }
    case 'dates':
      return { ...f, from: null, to: null }
    case 'resolution':
      return { ...f, minResolution: null, maxResolution: null }
    case 'host':
      return { ...f, collections: [] }
    case 'area':
      return { ...f, area: null }
    default:
      return f
  }
}

/**
 * Where the map looks once a search has answered: around its AOI and the footprints of its scenes, so both
 * are in view; null for a search of the map view (the analyst framed it already) or with nothing to show.
 */
export function searchFrame(
  area: SearchArea | null,
  footprints: readonly (Polygon | MultiPolygon)[],
): [number, number, number, number] | null {
  if (area?.kind === 'bbox') return null
  const polygons = [
    ...areaPolygons(area),
    ...footprints.flatMap((g): Polygon[] =>
      g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates })),
    ),
  ]
  if (polygons.length === 0) return null
  const [w, s, e, n] = bboxOf(polygons)
  return [w, s, e, n].every(Number.isFinite) ? [w, s, e, n] : null
}
