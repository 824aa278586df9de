import { findHost, hostCollections } from '../domain/catalog/archive'
import { makeCursor, readCursor, type CursorPlace } from '../domain/catalog/cursors'
import {
  QUERY_OPS,
  QUERYABLES,
  searchScenes,
  type Queryable,
  type QueryOp,
  type QueryTerm,
  type SearchArea,
  type SearchInput,
  type SortKey,
  type SortTerm,
  type TextQueryable,
} from '../domain/catalog/search'
import { aoiGeometryIssues, describeIssues } from '../domain/geometries/rules'
import type { S } from '../domain/world/types'
import type { World } from '../domain/world/world'

/**
 * The request side of `POST /catalog/hosts/{host}/stac/search`: the body read and checked into the domain's
 * SearchInput, the `next` query value read back into a page offset, and the messages of the 404s and 422s
 * the route answers in the catalog's wrapped envelope. What matches and in which order is searchScenes'.
 */

type Feature = S['CatalogFeature']

export interface SearchOk {
  ok: true
  features: Feature[]
  /** Number of matching scenes over all pages. */
  matched: number
  offset: number
  limit: number
  /** `next` query values (`next:<token>`, `prev:<token>`) for the links, when such pages exist. */
  next?: string
  prev?: string
}

export interface SearchFailure {
  ok: false
  status: 404 | 422
  message: string
  details: unknown
}

export type SearchResult = SearchOk | SearchFailure

class SearchInputError extends Error {
  constructor(
    message: string,
    readonly details: unknown,
    readonly status: 404 | 422 = 422,
  ) {
    super(message)
  }
}

const fail = (message: string, details: unknown): never => {
  throw new SearchInputError(message, details)
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const DEFAULT_LIMIT = 10
export const MAX_LIMIT = 500

/** The names a sortby field may use for each sort key. */
const SORT_FIELDS: Record<string, SortKey> = {
  datetime: 'datetime',
  start_datetime: 'datetime',
  acquisitionDate: 'datetime',
  cloudCoverage: 'cloudCoverage',
  resolution: 'resolution',
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/

/** Milliseconds of an RFC 3339 date-time, or undefined when it is not one (calendar checked, too). */
export function parseInstant(s: string): number | undefined {
  const m = RFC3339.exec(s)
  if (!m) return undefined
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59)
    return undefined
  if (m[9] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return undefined
  const ms = Date.parse(s.toUpperCase())
  return Number.isFinite(ms) ? ms : undefined
}

/**
 * `instant`, `start/end`, `start/..` or `../end` → an inclusive range in ms, or a reason it is not one.
 *
 * Not the parser of domain/storage/query.ts, which storage search uses: that one also takes a date without a
 * time and an empty side as open, reads dates through Date.parse (so 2025-02-30 passes) and words its
 * reasons differently. Sharing one would change the answers of one of the two endpoints.
 */
export function parseDatetime(value: string): [number, number] | string {
  const parts = value.split('/')
  if (parts.length === 1) {
    const t = parseInstant(value)
    return t === undefined
      ? `datetime "${value}" is not an RFC 3339 date-time such as 2025-05-01T00:00:00Z`
      : [t, t]
  }
  if (parts.length !== 2)
    return `datetime "${value}" must be an instant or an interval <start>/<end> with one slash`
  const [a, b] = parts
  if (a === '..' && b === '..') return 'datetime "../.." is open on both sides; give a start, an end or both'
  const start = a === '..' ? -Infinity : parseInstant(a)
  const end = b === '..' ? Infinity : parseInstant(b)
  if (start === undefined)
    return `datetime start "${a}" is not an RFC 3339 date-time (or ".." for an open start)`
  if (end === undefined) return `datetime end "${b}" is not an RFC 3339 date-time (or ".." for an open end)`
  if (start > end) return `datetime interval "${value}" ends before it starts`
  return [start, end]
}

function parseStringList(value: unknown, field: 'collections' | 'ids'): string[] | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    fail(`${field} must be a list of strings`, { field })
  const list = value as string[]
  const dup = list.find((v, i) => list.indexOf(v) !== i)
  if (dup !== undefined)
    fail(`${field} lists "${dup}" more than once; items must be unique`, { field, value: dup })
  return list
}

function parseLimit(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_LIMIT
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_LIMIT) {
    fail(`limit must be a whole number from 1 to ${MAX_LIMIT}; got ${JSON.stringify(value)}`, {
      field: 'limit',
      value,
    })
  }
  return value as number
}

function parseBbox(value: unknown): SearchArea {
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    value.some((v) => typeof v !== 'number' || !Number.isFinite(v))
  ) {
    return fail('bbox must be exactly 4 numbers: [west, south, east, north]', { field: 'bbox', value })
  }
  const [w, s, e, n] = value as number[]
  if (w < -180 || w > 180 || e < -180 || e > 180)
    fail('bbox west and east must be longitudes from -180 to 180', { field: 'bbox', value })
  if (s < -90 || s > 90 || n < -90 || n > 90)
    fail('bbox south and north must be latitudes from -90 to 90', { field: 'bbox', value })
  if (s > n)
    fail('bbox south must not be greater than north (the order is [west, south, east, north])', {
      field: 'bbox',
      value,
    })
  // West greater than east is a box across the antimeridian, which the search splits in two.
  return { bbox: [w, s, e, n] }
}

function parseIntersects(value: unknown): SearchArea {
  if (!isRecord(value)) return fail('intersects must be a GeoJSON Polygon object', { field: 'intersects' })
  if (value.type !== 'Polygon') {
    return fail(
      `intersects must be a GeoJSON Polygon; got ${typeof value.type === 'string' ? value.type : 'no type'}`,
      {
        field: 'intersects.type',
      },
    )
  }
  const issues = aoiGeometryIssues(value, 'intersects')
  if (issues.length > 0)
    fail(describeIssues(issues).replace('an area of interest', 'a search area'), {
      field: 'intersects',
      issues,
    })
  return { rings: value.coordinates as number[][][] }
}

function parseQuery(value: unknown, host: string, collections: S['Collection'][]): QueryTerm[] {
  if (value === undefined || value === null) return []
  if (!isRecord(value))
    return fail('query must be an object of property → operators, e.g. {"cloudCoverage": {"lte": 20}}', {
      field: 'query',
    })
  const out: QueryTerm[] = []
  const allSar = collections.length > 0 && collections.every((c) => c.metadata?.productType === 'SAR')
  for (const [prop, ops] of Object.entries(value)) {
    if (!Object.hasOwn(QUERYABLES, prop)) {
      fail(`query property "${prop}" is not supported; use one of ${Object.keys(QUERYABLES).join(', ')}`, {
        field: `query.${prop}`,
      })
    }
    const name = prop as Queryable
    if (name === 'cloudCoverage' && allSar) {
      fail(
        `Host ${host} cannot filter on cloudCoverage: its collections are radar (SAR) scenes, which have no cloud cover`,
        {
          field: 'query.cloudCoverage',
        },
      )
    }
    if (!isRecord(ops) || Object.keys(ops).length === 0) {
      fail(`query.${prop} must be a non-empty object of operators, e.g. {"eq": …}`, {
        field: `query.${prop}`,
      })
    }
    for (const [rawOp, operand] of Object.entries(ops as Record<string, unknown>)) {
      const op = QUERY_OPS.find((o) => o.toLowerCase() === rawOp.toLowerCase())
      if (!op)
        fail(`query operator "${rawOp}" on ${prop} is not supported; use one of ${QUERY_OPS.join(', ')}`, {
          field: `query.${prop}.${rawOp}`,
        })
      out.push(queryTerm(name, op as QueryOp, operand, rawOp))
    }
  }
  return out
}

/** One operator of the query extension, its operand checked against the property's type and the operator. */
function queryTerm(name: Queryable, op: QueryOp, operand: unknown, rawOp: string): QueryTerm {
  const type = QUERYABLES[name]
  const field = `query.${name}.${rawOp}`
  const valueOk = (v: unknown) =>
    type === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string'
  const bad = (what: string): never =>
    fail(`${field} needs ${what}; got ${JSON.stringify(operand)}`, { field })
  switch (op) {
    case 'eq':
    case 'neq': {
      if (operand !== null && !valueOk(operand))
        bad(type === 'number' ? 'a number (or null)' : 'a string (or null)')
      return { property: name, op, value: operand as number | string | null }
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (!valueOk(operand)) bad(type === 'number' ? 'a number' : 'a string')
      return { property: name, op, value: operand as number | string }
    }
    case 'in': {
      if (!Array.isArray(operand) || !operand.every((v) => v === null || valueOk(v)))
        bad(`a list of ${type}s`)
      return { property: name, op, value: operand as (number | string | null)[] }
    }
    default: {
      if (type !== 'string')
        fail(`${field}: ${op} applies to text properties only (constellation, deliveryTime, producer)`, {
          field,
        })
      if (typeof operand !== 'string') bad('a string')
      return { property: name as TextQueryable, op, value: operand as string }
    }
  }
}

function parseSortby(value: unknown): SortTerm[] {
  const fallback: SortTerm[] = [{ key: 'datetime', dir: -1 }]
  if (value === undefined || value === null) return fallback
  if (!Array.isArray(value))
    return fail('sortby must be a list of {"field", "direction"} objects', { field: 'sortby' })
  if (value.length === 0) return fallback
  return value.map((entry, i) => {
    if (!isRecord(entry))
      return fail(`sortby[${i}] must be an object {"field", "direction"}`, { field: `sortby.${i}` })
    const raw = typeof entry.field === 'string' ? entry.field.replace(/^properties\./, '') : undefined
    const key = raw !== undefined && Object.hasOwn(SORT_FIELDS, raw) ? SORT_FIELDS[raw] : undefined
    if (!key) {
      return fail(
        `sortby[${i}].field ${JSON.stringify(entry.field)} is not sortable; use datetime, cloudCoverage or resolution`,
        {
          field: `sortby.${i}.field`,
        },
      )
    }
    const dir = typeof entry.direction === 'string' ? entry.direction.toLowerCase() : undefined
    if (dir !== 'asc' && dir !== 'desc') {
      return fail(`sortby[${i}].direction must be "asc" or "desc"`, { field: `sortby.${i}.direction` })
    }
    return { key, dir: dir === 'asc' ? 1 : -1 }
  })
}

function parseCursor(cursor: string, host: string, body: unknown): CursorPlace {
  const offset = readCursor(cursor, host, body)
  if (typeof offset === 'string') {
    fail(
      `The next parameter "${cursor.slice(0, 80)}" is not a page cursor of this search (${offset}); copy it from a next or prev link and POST the same body`,
      {
        field: 'next',
      },
    )
  }
  return offset as CursorPlace
}

/** The search a request asks for. Fields are read in this order, so the first wrong one is the one named. */
function parseRequest(
  world: World,
  host: string,
  body: Record<string, unknown>,
  cursor: string | undefined,
): SearchInput {
  const available = hostCollections(world, host)
  const requested = parseStringList(body.collections, 'collections')
  let collections: Set<string>
  if (requested && requested.length > 0) {
    const names = new Set(available.map((c) => c.name))
    const wrong = requested.filter((n) => !names.has(n))
    if (wrong.length > 0) {
      fail(
        `Collections not available at host ${host}: ${wrong.join(', ')}. This host serves ${[...names].join(', ') || 'no collections'}.`,
        {
          field: 'collections',
          unavailable: wrong,
        },
      )
    }
    collections = new Set(requested)
  } else {
    collections = new Set(available.map((c) => c.name))
  }
  const ids = parseStringList(body.ids, 'ids')
  let time: [number, number] | undefined
  if (body.datetime !== undefined && body.datetime !== null) {
    if (typeof body.datetime !== 'string') fail('datetime must be a string', { field: 'datetime' })
    const parsed = parseDatetime(body.datetime as string)
    if (typeof parsed === 'string') fail(parsed, { field: 'datetime', value: body.datetime })
    time = parsed as [number, number]
  }
  const hasBbox = body.bbox !== undefined && body.bbox !== null
  const hasIntersects = body.intersects !== undefined && body.intersects !== null
  if (hasBbox && hasIntersects) fail('Give either bbox or intersects, not both', { field: 'bbox' })
  const area = hasBbox ? parseBbox(body.bbox) : hasIntersects ? parseIntersects(body.intersects) : undefined
  const limit = parseLimit(body.limit)
  const query = parseQuery(body.query, host, available)
  const sort = parseSortby(body.sortby)
  // The cursor is read last: it is bound to the body, which must be a valid search first.
  // A first page lists the catalog as it is now; a cursor the catalog as its first page saw it (never later
  // than now: a hand-made token cannot show what is not yet published).
  const place = cursor === undefined ? undefined : parseCursor(cursor, host, body)
  const now = world.now()
  const asOf = place ? Math.min(place.asOf, now) : now
  return { collections, ids, time, area, query, sort, offset: place?.offset ?? 0, limit, asOf }
}

/**
 * Answers a search of one data host's archive: the request body as parsed JSON and the `next` query value
 * (`next:<token>` / `prev:<token>`, or undefined for the first page). Errors come back as results: 404 for
 * an unknown host, 422 for an invalid search.
 */
export function answerSearch(
  world: World,
  host: string,
  request: unknown,
  cursor: string | undefined,
): SearchResult {
  try {
    if (!findHost(world, host))
      throw new SearchInputError(`Host ${host} not found: no data host has this name`, { host }, 404)
    if (!isRecord(request)) fail('The search request must be a JSON object', { field: 'body' })
    const body = request as Record<string, unknown>
    const input = parseRequest(world, host, body, cursor)
    const page = searchScenes(world, host, input)
    return {
      ok: true,
      features: page.features,
      matched: page.matched,
      offset: page.offset,
      limit: page.limit,
      next: page.next === undefined ? undefined : makeCursor('next', page.next, host, body, input.asOf),
      prev: page.prev === undefined ? undefined : makeCursor('prev', page.prev, host, body, input.asOf),
    }
  } catch (e) {
    if (e instanceof SearchInputError)
      return { ok: false, status: e.status, message: e.message, details: e.details }
    throw e
  }
}
