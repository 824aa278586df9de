import type { Geometry } from 'geojson'
import { UUID } from '../domain/world/random'
import type { Box, CollectionQuery, ItemQuery } from '../domain/storage/search'
import {
  CqlError,
  compileFilter,
  parseDatetime,
  plainGeometry,
  searchSortKey,
  type Operand,
  type Pred,
  isRecord,
} from '../domain/storage/query'
import type { S, StacSource } from '../domain/world/types'
import { schemaValidator } from '../http/contract'

/**
 * The request side of STAC storage's item lists and searches: query strings and search bodies read and
 * checked into the domain's ItemQuery plus paging. A bad request throws a StacRequestError whose message
 * the route answers as the contract's 422 `invalid-stac-request` detail.
 */

export class StacRequestError extends Error {}

const say = (msg: string): never => {
  throw new StacRequestError(msg)
}

export const DEFAULT_LIMIT = 10

export interface Paging {
  limit: number
  /** Zero-based. */
  page: number
}

export type ItemRequest = ItemQuery & Paging

/** All values of a query parameter, whether repeated (`a=1&a=2`) or comma-joined (`a=1,2`). */
export function listParam(q: URLSearchParams, name: string): string[] {
  return q
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
}

/** limit/page of the GET lists and GET search: bad values and the retired token are 422 with a detail. */
export function queryPaging(q: URLSearchParams): Paging {
  if (q.has('token')) say('token is no longer supported; use page (zero-based) and limit.')
  const num = (name: string, min: number, fallback: number) => {
    const raw = q.get(name)
    if (raw === null || raw === '') return fallback
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min)
      say(`${name} must be a whole number from ${min}; got "${raw.slice(0, 50)}".`)
    return Number(raw)
  }
  return { limit: num('limit', 1, DEFAULT_LIMIT), page: num('page', 0, 0) }
}

/** A bbox crossing the antimeridian (west > east) is two boxes. */
export function splitBox([w, s, e, n]: Box): Box[] {
  return w <= e
    ? [[w, s, e, n]]
    : [
        [w, s, 180, n],
        [-180, s, e, n],
      ]
}

/** 4 or 6 numbers (a 3D box drops its heights), within the world; west > east crosses the antimeridian. */
export function checkBox(b: number[]): Box {
  const [w, s, e, n] = b.length === 6 ? [b[0], b[1], b[3], b[4]] : b
  if (![w, s, e, n].every((v) => Number.isFinite(v))) say('bbox values must be finite numbers.')
  if (w < -180 || w > 180 || e < -180 || e > 180) say('bbox longitudes must be within -180..180.')
  if (s < -90 || s > 90 || n < -90 || n > 90) say('bbox latitudes must be within -90..90.')
  if (s > n) say('bbox minimum latitude must not be greater than its maximum latitude.')
  return [w, s, e, n]
}

/** `bbox=w,s,e,n` (or six numbers, or in brackets) of a query string. */
function queryBoxes(q: URLSearchParams): Box[] | undefined {
  const raw = q.get('bbox')
  if (raw === null || raw.trim() === '') return undefined
  const parts = raw.trim().replace(/^\[/, '').replace(/\]$/, '').split(',')
  if ((parts.length !== 4 && parts.length !== 6) || parts.some((p) => p.trim() === ''))
    say('bbox is 4 numbers (west,south,east,north) or 6 with heights, comma-separated.')
  return splitBox(checkBox(parts.map((p) => Number(p.trim()))))
}

function datetimeRange(raw: string | undefined | null): [number, number] | undefined {
  if (raw === undefined || raw === null) return undefined
  const range = parseDatetime(raw)
  return typeof range === 'string' ? say(range) : range
}

function compiled(filter: unknown): Pred {
  try {
    return compileFilter(filter)
  } catch (e) {
    if (e instanceof CqlError) say(`filter: ${e.message}`)
    throw e
  }
}

function sortKey(field: string, sign: 1 | -1): { key: Operand; sign: 1 | -1 } {
  const key = searchSortKey(field)
  if (!key) say(`cannot sort by "${field.slice(0, 60)}"; sort by a queryable property.`)
  return { key: key as Operand, sign }
}

const setOf = (list: readonly string[] | undefined) => (list ? new Set(list) : undefined)

/**
 * The items list of one collection (`/collections/{id}/items`): limit and page from the contract, bbox and
 * datetime as OGC API Features has them (a simulator extension; the contract lists limit and page only).
 */
export function itemsListRequest(q: URLSearchParams): ItemRequest {
  return { ...queryPaging(q), boxes: queryBoxes(q), range: datetimeRange(q.get('datetime')) }
}

/** The body of the contract's POST /search. */
export function searchFromBody(req: S['StacSearchRequest'] & Record<string, unknown>): ItemRequest {
  if ('token' in req) say('token is no longer supported; send page (zero-based) instead.')
  if (req.bbox && req.intersects) say('bbox and intersects cannot be used together.')
  const boxes = req.bbox
    ? splitBox(
        checkBox(req.bbox.length === 4 || req.bbox.length === 6 ? req.bbox : say('bbox has 4 or 6 numbers.')),
      )
    : undefined
  const range = datetimeRange(req.datetime)
  if (req['filter-lang'] && req['filter-lang'] !== 'cql2-json')
    say(`filter-lang ${req['filter-lang']} is not supported; use cql2-json.`)
  const filter = req.filter !== undefined ? compiled(req.filter) : undefined
  const sortKeys = (req.sortby ?? []).map((s) => sortKey(s.field, s.direction === 'asc' ? 1 : -1))
  return {
    limit: req.limit ?? DEFAULT_LIMIT,
    page: req.page ?? 0,
    collections: setOf(req.collections),
    ids: setOf(req.ids),
    boxes,
    range,
    intersects: req.intersects ? plainGeometry(req.intersects) : undefined,
    filter,
    sortKeys,
  }
}

const validGeometry = schemaValidator('AnyGeoJsonGeometry')

/**
 * GET /search as STAC API - Item Search defines it (a simulator extension: the contract has POST only): the
 * members of the POST body as query parameters, lists comma-separated, `intersects` as GeoJSON text, `sortby`
 * as `+field,-field`, and `filter` as CQL2-JSON text with `filter-lang=cql2-json` (CQL2 text is not read).
 */
export function searchFromQuery(q: URLSearchParams): ItemRequest {
  const paging = queryPaging(q)
  const boxes = queryBoxes(q)
  const rawGeometry = q.get('intersects')
  if (boxes && rawGeometry) say('bbox and intersects cannot be used together.')
  let intersects: Geometry | undefined
  if (rawGeometry !== null && rawGeometry.trim() !== '') {
    let value: unknown
    try {
      value = JSON.parse(rawGeometry)
    } catch {
      return say('intersects must be a GeoJSON geometry (JSON text).')
    }
    if (!validGeometry(value)) say('intersects must be a GeoJSON geometry.')
    intersects = plainGeometry(value as S['AnyGeoJsonGeometry'])
  }
  let filter: Pred | undefined
  const rawFilter = q.get('filter')
  if (rawFilter !== null && rawFilter.trim() !== '') {
    const lang = q.get('filter-lang') ?? 'cql2-text'
    if (lang !== 'cql2-json')
      say(
        `filter-lang ${lang.slice(0, 40)} is not supported; send filter-lang=cql2-json, or POST the filter.`,
      )
    let value: unknown
    try {
      value = JSON.parse(rawFilter)
    } catch {
      return say('filter must be CQL2-JSON text.')
    }
    filter = compiled(value)
  }
  // A `+` a client did not escape arrives as a space.
  const sortKeys = listParam(q, 'sortby').map((s) =>
    s.startsWith('-') ? sortKey(s.slice(1), -1) : sortKey(s.replace(/^\+/, ''), 1),
  )
  const collections = listParam(q, 'collections')
  const ids = listParam(q, 'ids')
  return {
    ...paging,
    collections: collections.length > 0 ? new Set(collections) : undefined,
    ids: ids.length > 0 ? new Set(ids) : undefined,
    boxes,
    range: datetimeRange(q.get('datetime')),
    intersects,
    filter,
    sortKeys,
  }
}

const TAG = /^[A-Za-z0-9 ._\-/:]+$/
const SOURCES: readonly StacSource[] = ['ARCHIVE', 'TASKING', 'PROCESSING']
const badTagMessage = (tag: string) =>
  `tag "${tag.slice(0, 60)}" may contain only letters, digits, spaces and . - _ / :`

/** The query of GET /collections: the contract's filters, checked in the order the contract lists them. */
export function collectionsListRequest(q: URLSearchParams): CollectionQuery & Paging {
  const paging = queryPaging(q)
  let boxes: Box[] | undefined
  const bboxRaw = q.get('bbox')
  if (bboxRaw !== null && bboxRaw !== '') {
    const parts = bboxRaw.trim().replace(/^\[/, '').replace(/\]$/, '').split(',')
    if (parts.length !== 4 || parts.some((p) => p.trim() === ''))
      say('bbox must be [min longitude,min latitude,max longitude,max latitude].')
    boxes = splitBox(checkBox(parts.map((p) => Number(p.trim()))))
  }
  const uuids = (name: string): string[] => {
    const list = listParam(q, name)
    const badOne = list.find((v) => !UUID.test(v))
    if (badOne !== undefined)
      say(`${name} must be comma-separated UUIDs; "${badOne.slice(0, 60)}" is not one.`)
    return list
  }
  const workspaceId = q.get('workspace_id') ?? ''
  if (workspaceId !== '' && !UUID.test(workspaceId)) say('workspace_id must be a UUID.')
  const assetIds = uuids('asset_ids')
  const orderIds = uuids('order_ids')
  const productIds = uuids('product_ids')
  const tags = listParam(q, 'tags')
  const badTag = tags.find((t) => !TAG.test(t))
  if (badTag !== undefined) say(badTagMessage(badTag))
  const title = (q.get('title') ?? '').toLowerCase()
  const sources = listParam(q, 'sources').map((s) => s.toUpperCase())
  const badSource = sources.find((s) => !SOURCES.includes(s as StacSource))
  if (badSource !== undefined)
    say(`sources must be among ${SOURCES.join(', ')}; got "${badSource.slice(0, 40)}".`)
  const cnamRaw = (q.get('cnam') ?? 'true').toLowerCase()
  if (cnamRaw !== 'true' && cnamRaw !== 'false') say('cnam must be true or false.')
  return {
    ...paging,
    boxes,
    workspaceId: workspaceId || undefined,
    assetIds,
    orderIds,
    productIds,
    tags,
    title,
    sources: sources as StacSource[],
    transformed: cnamRaw === 'true',
  }
}

/** The tags of an item patch (either spelling): a rule of the STAC service, checked before the body's shape. */
export function checkPatchTags(body: unknown): void {
  if (!isRecord(body)) return
  for (const key of ['tags', 'up42-user:tags']) {
    const list = body[key]
    if (!Array.isArray(list)) continue
    const badTag = (list as unknown[]).find((t) => typeof t === 'string' && !TAG.test(t))
    if (typeof badTag === 'string') say(badTagMessage(badTag))
  }
}
