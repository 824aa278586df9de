import { booleanIntersects } from '@turf/turf'
import type { Geometry } from 'geojson'
import { footprintOf } from '../domain/processing'
import { assetFile, deleteCollection } from '../domain/stac'
import {
  type Scalar,
  type Value,
  QUERYABLES,
  type Pred,
  type Operand,
  CqlError,
  isRecord,
  compileFilter,
  parseDatetime,
  itemTimeRange,
  plainGeometry,
  searchSortKey,
} from '../domain/stac-query'
import type { S, StacCollectionRecord, StacItemRecord, StacSource } from '../domain/types'
import type { World } from '../domain/world'
import { bodyOrProblem, readBody, unreadableBody } from '../http/body'
import { fieldErrors, openapi, schemaValidator } from '../http/contract'
import { HttpError, json, problem } from '../http/errors'
import { publicBase, queryList, type Api, type ApiContext, type SimRuntime } from '../http/runtime'

/**
 * STAC storage: the account's deliveries and job results as STAC collections and items, search with a
 * CQL2-JSON subset, item title/tag edits, collection deletion, and short-lived signed download links served
 * by the simulator itself under /__storage/ (outside the contract, like a cloud bucket).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TAG = /^[A-Za-z0-9 ._\-/:]+$/
const SOURCES: readonly StacSource[] = ['ARCHIVE', 'TASKING', 'PROCESSING']
const DEFAULT_LIMIT = 10
export const DOWNLOAD_TTL_MS = 5 * 60_000
const STAC_VERSION = '1.0.0'

type Box = [number, number, number, number]

// ------------------------------------------------------------------------------------------ helpers

function invalid(c: ApiContext, detail: string): HttpError {
  return new HttpError(
    problem({
      status: 422,
      slug: 'invalid-stac-request',
      title: 'Invalid STAC request',
      detail,
      instance: c.req.path,
    }),
  )
}

function notFound(c: ApiContext, what: string): HttpError {
  return new HttpError(
    problem({
      status: 404,
      slug: 'stac-resource-not-found',
      title: 'Not Found',
      detail: `${what} does not exist in this account's storage.`,
      instance: c.req.path,
    }),
  )
}

const abs = (base: string, href: string) => (href.startsWith('/') ? `${base}${href}` : href)

function linksOut(base: string, links: S['StacLink'][]): S['StacLink'][] {
  return links.map((l) => ({ ...l, href: abs(base, l.href) }))
}

function assetsOut(
  base: string,
  assets: Record<string, S['StacAsset']> | undefined,
): Record<string, S['StacAsset']> | undefined {
  if (!assets) return undefined
  return Object.fromEntries(Object.entries(assets).map(([k, a]) => [k, { ...a, href: abs(base, a.href) }]))
}

/** The URL the caller asked for, as the caller sees it: what `self` must say (STAC API, OGC API Features). */
const askedUrl = (c: ApiContext): string =>
  `${publicBase(c.req.raw)}${c.req.path}${new URL(c.req.url).search}`

const withSelf = (links: S['StacLink'][], href: string): S['StacLink'][] =>
  links.map((l) => (l.rel === 'self' ? { ...l, href } : l))

/** Item collections, items and search answers are GeoJSON, and say so as STAC clients expect. */
const geojson = (body: unknown): Response => json(200, body, 'application/geo+json')

type Summaries = NonNullable<S['StacCollection']['summaries']>

/** Properties summarised as the distinct values their items have, and those summarised as a range. */
const SUMMARY_VALUES = ['constellation', 'gsd', 'up42-product:collection_name', 'up42-product:data_type']
const SUMMARY_RANGES = ['eo:cloud_cover', 'datetime']

const ascending = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)

/** STAC summaries from the collection's items; a property no item has is left out. */
function summariesOf(world: World, record: StacCollectionRecord): Summaries {
  const items = record.itemIds
    .map((id) => world.stacItems.get(id)?.item.properties)
    .filter((p): p is S['StacItem']['properties'] => p !== undefined)
  const valuesOf = (name: string) =>
    items
      .map((p) => p[name])
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
  const out: Summaries = {}
  for (const name of SUMMARY_VALUES) {
    const values = [...new Set(valuesOf(name))].sort(ascending)
    if (values.length > 0) out[name] = values
  }
  for (const name of SUMMARY_RANGES) {
    // Numbers compare as numbers, RFC 3339 instants in UTC as strings.
    const values = valuesOf(name).sort(ascending)
    if (values.length > 0) out[name] = { minimum: values[0], maximum: values[values.length - 1] }
  }
  return out
}

/** Records hold paths; every response carries absolute links built from the caller's public base. */
function collectionOut(base: string, record: StacCollectionRecord, world: World): S['StacCollection'] {
  const col = structuredClone(record.collection)
  col.links = linksOut(base, col.links)
  if (col.assets) col.assets = assetsOut(base, col.assets)
  const summaries = summariesOf(world, record)
  if (Object.keys(summaries).length > 0) col.summaries = summaries
  return col
}

function itemOut(base: string, record: StacItemRecord): S['StacItem'] {
  const item = structuredClone(record.item)
  item.links = linksOut(base, item.links)
  item.assets = assetsOut(base, item.assets) ?? {}
  return item
}

function ownCollection(c: ApiContext, world: World, id: string): StacCollectionRecord {
  const record = world.stacCollections.get(id)
  if (!record || record.accountId !== c.get('account').id) throw notFound(c, `Collection ${id.slice(0, 100)}`)
  return record
}

/** limit/page/token of the GET lists: bad values and the retired token are 422 with a detail. */
function listPaging(c: ApiContext): { limit: number; page: number } {
  if (c.req.query('token') !== undefined)
    throw invalid(c, 'token is no longer supported; use page (zero-based) and limit.')
  const num = (name: string, min: number, fallback: number) => {
    const raw = c.req.query(name)
    if (raw === undefined || raw === '') return fallback
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min)
      throw invalid(c, `${name} must be a whole number from ${min}; got "${raw.slice(0, 50)}".`)
    return Number(raw)
  }
  return { limit: num('limit', 1, DEFAULT_LIMIT), page: num('page', 0, 0) }
}

function pageLinks(
  hrefOf: (page: number) => string,
  page: number,
  limit: number,
  matched: number,
  type = 'application/json',
): S['StacLink'][] {
  const links: S['StacLink'][] = []
  if ((page + 1) * limit < matched) links.push({ rel: 'next', href: hrefOf(page + 1), type, method: 'GET' })
  if (page > 0)
    links.push({
      rel: 'prev',
      href: hrefOf(Math.min(page - 1, Math.max(0, Math.ceil(matched / limit) - 1))),
      type,
      method: 'GET',
    })
  return links
}

/** A bbox crossing the antimeridian (west > east) is two boxes. */
function splitBox([w, s, e, n]: Box): Box[] {
  return w <= e
    ? [[w, s, e, n]]
    : [
        [w, s, 180, n],
        [-180, s, e, n],
      ]
}

function checkBox(b: number[], say: (msg: string) => never): Box {
  const [w, s, e, n] = b.length === 6 ? [b[0], b[1], b[3], b[4]] : b
  if (![w, s, e, n].every((v) => Number.isFinite(v))) say('bbox values must be finite numbers.')
  if (w < -180 || w > 180 || e < -180 || e > 180) say('bbox longitudes must be within -180..180.')
  if (s < -90 || s > 90 || n < -90 || n > 90) say('bbox latitudes must be within -90..90.')
  if (s > n) say('bbox minimum latitude must not be greater than its maximum latitude.')
  return [w, s, e, n]
}

const inside = (inner: Box, outer: Box) =>
  inner[0] >= outer[0] && inner[2] <= outer[2] && inner[1] >= outer[1] && inner[3] <= outer[3]
const overlaps = (a: Box, b: Box) => !(a[2] < b[0] || a[0] > b[2] || a[3] < b[1] || a[1] > b[3])

function boxOfItem(item: S['StacItem']): Box | undefined {
  const b = item.bbox
  if (b && b.length >= 4) return b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
  return undefined
}

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

/**
 * `attachment; filename="…"` with the name made safe for a quoted string, plus RFC 6266's `filename*` when the
 * name is not plain ASCII, so that browsers and the SDK both get the real name.
 */
function dispositionOf(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const plain = `attachment; filename="${ascii}"`
  return ascii === filename ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(filename)}`
}

// ------------------------------------------------------------------------------------------ routes

/**
 * Only the classes this API meets. Item Search needs GET /search besides POST, and OGC API Features (with
 * STAC's ogcapi-features) needs bbox and datetime on the items list and 400 for bad parameters; the contract
 * has POST search only, only limit and page on items, and 422 for a bad STAC request. The search extensions
 * (sort, filter, CQL2) build on Item Search and go with it. Clients still find search by its landing link.
 */
export const CONFORMS_TO: readonly string[] = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
]
const SERVICE_DESC_TYPE = 'application/vnd.oai.openapi+json;version=3.1'
const SEARCH_MEMBERS = [
  'collections',
  'ids',
  'bbox',
  'intersects',
  'datetime',
  'limit',
  'page',
  'sortby',
  'filter',
  'filter-lang',
]

export function registerStac(api: Api, sim: SimRuntime): void {
  api.get('/v2/assets/stac', (c) => {
    const base = publicBase(c.req.raw)
    const body: S['StacLandingPage'] = {
      type: 'Catalog',
      id: 'swath-storage',
      title: 'Swath storage',
      description: 'STAC API of the assets stored in this account: order deliveries and processing results.',
      stac_version: STAC_VERSION,
      stac_extensions: [],
      conformsTo: [...CONFORMS_TO],
      links: [
        { rel: 'self', href: askedUrl(c), type: 'application/json' },
        { rel: 'root', href: `${base}/v2/assets/stac`, type: 'application/json' },
        { rel: 'conformance', href: `${base}/v2/assets/stac/conformance`, type: 'application/json' },
        { rel: 'service-desc', href: `${base}/v2/assets/stac/api`, type: SERVICE_DESC_TYPE },
        { rel: 'data', href: `${base}/v2/assets/stac/collections`, type: 'application/json' },
        {
          rel: 'search',
          href: `${base}/v2/assets/stac/search`,
          type: 'application/geo+json',
          method: 'POST',
        },
        {
          rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
          href: `${base}/v2/assets/stac/queryables`,
          type: 'application/schema+json',
        },
      ],
    }
    return c.json(body)
  })

  api.get('/v2/assets/stac/conformance', (c) =>
    c.json({ conformsTo: [...CONFORMS_TO] } satisfies S['StacConformance']),
  )

  // The contract itself, pointed at the API base the caller used.
  api.get('/v2/assets/stac/api', (c) => {
    const doc = {
      ...structuredClone(openapi),
      servers: [{ url: publicBase(c.req.raw), description: 'This API' }],
    }
    return json(200, doc, SERVICE_DESC_TYPE)
  })

  api.get('/v2/assets/stac/collections', (c) => {
    const world = sim.world
    const account = c.get('account')
    const { limit, page } = listPaging(c)
    const say = (msg: string): never => {
      throw invalid(c, msg)
    }

    let boxes: Box[] | undefined
    const bboxRaw = c.req.query('bbox')
    if (bboxRaw !== undefined && bboxRaw !== '') {
      const parts = bboxRaw.trim().replace(/^\[/, '').replace(/\]$/, '').split(',')
      if (parts.length !== 4 || parts.some((p) => p.trim() === ''))
        say('bbox must be [min longitude,min latitude,max longitude,max latitude].')
      boxes = splitBox(
        checkBox(
          parts.map((p) => Number(p.trim())),
          say,
        ),
      )
    }
    const uuids = (name: string): string[] => {
      const list = queryList(c, name, true)
      const badOne = list.find((v) => !UUID.test(v))
      if (badOne !== undefined)
        say(`${name} must be comma-separated UUIDs; "${badOne.slice(0, 60)}" is not one.`)
      return list
    }
    const workspaceId = c.req.query('workspace_id')
    if (workspaceId !== undefined && workspaceId !== '' && !UUID.test(workspaceId))
      say('workspace_id must be a UUID.')
    const assetIds = uuids('asset_ids')
    const orderIds = uuids('order_ids')
    const productIds = uuids('product_ids')
    const tags = queryList(c, 'tags', true)
    const badTag = tags.find((t) => !TAG.test(t))
    if (badTag !== undefined)
      say(`tag "${badTag.slice(0, 60)}" may contain only letters, digits, spaces and . - _ / :`)
    const title = (c.req.query('title') ?? '').toLowerCase()
    const sources = queryList(c, 'sources', true).map((s) => s.toUpperCase())
    const badSource = sources.find((s) => !SOURCES.includes(s as StacSource))
    if (badSource !== undefined)
      say(`sources must be among ${SOURCES.join(', ')}; got "${badSource.slice(0, 40)}".`)
    const cnamRaw = (c.req.query('cnam') ?? 'true').toLowerCase()
    if (cnamRaw !== 'true' && cnamRaw !== 'false') say('cnam must be true or false.')
    const transformed = cnamRaw === 'true'

    const matches = [...world.stacCollections.values()]
      .filter((r) => {
        if (r.accountId !== account.id || r.transformed !== transformed) return false
        if (workspaceId && r.workspaceId !== workspaceId) return false
        if (sources.length > 0 && !sources.includes(r.source)) return false
        if (orderIds.length > 0 && !(r.orderId && orderIds.includes(r.orderId))) return false
        if (productIds.length > 0 && !(r.productId && productIds.includes(r.productId))) return false
        if (assetIds.length > 0 && !r.assetIds.some((a) => assetIds.includes(a))) return false
        if (title) {
          const own = r.collection['up42-user:title']
          const titles = [r.collection.title ?? '', typeof own === 'string' ? own : '']
          if (!titles.some((t) => t.toLowerCase().includes(title))) return false
        }
        if (boxes) {
          const b = r.collection.extent.spatial.bbox[0]
          if (!b || b.length < 4) return false
          const own: Box = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
          if (!boxes.some((outer) => inside(own, outer))) return false
        }
        if (tags.length > 0) {
          const have = collectionTags(world, r)
          if (!tags.some((t) => have.has(t))) return false
        }
        return true
      })
      .reverse()
      // Newest delivery first; insertion order (reversed) breaks ties.
      .sort((a, b) => b.createdAt - a.createdAt)

    const base = publicBase(c.req.raw)
    const selfUrl = new URL(c.req.url)
    const hrefOf = (n: number) => {
      const params = new URLSearchParams(selfUrl.search)
      params.set('page', String(n))
      params.set('limit', String(limit))
      return `${base}/v2/assets/stac/collections?${params.toString()}`
    }
    const slice = matches.slice(page * limit, page * limit + limit)
    const body: S['StacCollectionList'] = {
      collections: slice.map((r) => collectionOut(base, r, world)),
      links: [
        { rel: 'self', href: askedUrl(c), type: 'application/json' },
        { rel: 'root', href: `${base}/v2/assets/stac`, type: 'application/json' },
        { rel: 'parent', href: `${base}/v2/assets/stac`, type: 'application/json' },
        ...pageLinks(hrefOf, page, limit, matches.length),
      ],
      context: { returned: slice.length, limit, matched: matches.length },
    }
    return c.json(body)
  })

  api.get('/v2/assets/stac/collections/:collectionId', (c) => {
    const record = ownCollection(c, sim.world, c.req.param('collectionId'))
    const col = collectionOut(publicBase(c.req.raw), record, sim.world)
    col.links = withSelf(col.links, askedUrl(c))
    return c.json(col)
  })

  api.delete('/v2/assets/stac/collections/:collectionId', (c) => {
    const world = sim.world
    const record = ownCollection(c, world, c.req.param('collectionId'))
    deleteCollection(world, record.collection.id)
    return c.body(null, 204)
  })

  api.get('/v2/assets/stac/collections/:collectionId/items', (c) => {
    const world = sim.world
    const record = ownCollection(c, world, c.req.param('collectionId'))
    const { limit, page } = listPaging(c)
    const items = record.itemIds
      .map((id) => world.stacItems.get(id))
      .filter((r): r is StacItemRecord => r !== undefined)
    const base = publicBase(c.req.raw)
    const path = `/v2/assets/stac/collections/${record.collection.id}`
    const hrefOf = (n: number) => `${base}${path}/items?page=${n}&limit=${limit}`
    const slice = items.slice(page * limit, page * limit + limit)
    const body: S['StacItemCollection'] = {
      type: 'FeatureCollection',
      features: slice.map((r) => itemOut(base, r)),
      links: [
        { rel: 'self', href: askedUrl(c), type: 'application/geo+json' },
        { rel: 'root', href: `${base}/v2/assets/stac`, type: 'application/json' },
        { rel: 'parent', href: `${base}${path}`, type: 'application/json' },
        { rel: 'collection', href: `${base}${path}`, type: 'application/json' },
        ...pageLinks(hrefOf, page, limit, items.length, 'application/geo+json'),
      ],
      context: { returned: slice.length, limit, matched: items.length },
    }
    return geojson(body)
  })

  const ownItem = (c: ApiContext, world: World): StacItemRecord => {
    const itemId = c.req.param('itemId') ?? ''
    // Item ids are UUIDs: any other id names no item, which is a 404 (OGC API Features), not a bad request.
    if (!UUID.test(itemId)) throw notFound(c, `Item ${itemId.slice(0, 60)}`)
    const col = ownCollection(c, world, c.req.param('collectionId') ?? '')
    const rec = world.stacItems.get(itemId)
    if (!rec || rec.collectionId !== col.collection.id)
      throw notFound(c, `Item ${itemId} of collection ${col.collection.id}`)
    return rec
  }

  api.get('/v2/assets/stac/collections/:collectionId/items/:itemId', (c) => {
    const item = itemOut(publicBase(c.req.raw), ownItem(c, sim.world))
    item.links = withSelf(item.links, askedUrl(c))
    return geojson(item)
  })

  api.patch('/v2/assets/stac/collections/:collectionId/items/:itemId', async (c) => {
    const world = sim.world
    const rec = ownItem(c, world)
    const r = await readBody<unknown>(c.req.raw)
    if (!r.ok) return unreadableBody(r, c.req.path)
    // Tag characters are a rule of the STAC service (422), checked before the shape of the rest (400).
    if (isRecord(r.value)) {
      for (const key of ['tags', 'up42-user:tags']) {
        const list = r.value[key]
        if (!Array.isArray(list)) continue
        const badTag = (list as unknown[]).find((t) => typeof t === 'string' && !TAG.test(t))
        if (typeof badTag === 'string')
          throw invalid(
            c,
            `tag "${badTag.slice(0, 60)}" may contain only letters, digits, spaces and . - _ / :`,
          )
      }
    }
    const validate = schemaValidator('StacItemPatch')
    if (!validate(r.value)) {
      const errors = fieldErrors(validate.errors)
      return problem({
        status: 400,
        slug: 'bad-request',
        title: 'Request not valid',
        detail: errors.map((e) => `${e.name} ${e.reason}`).join('; '),
        instance: c.req.path,
        errors,
      })
    }
    const patch = r.value as S['StacItemPatch']
    const title = 'up42-user:title' in patch ? patch['up42-user:title'] : patch.title
    const tags = 'up42-user:tags' in patch ? patch['up42-user:tags'] : patch.tags
    const props = rec.item.properties
    if (title !== undefined) props['up42-user:title'] = title
    if (tags !== undefined) props['up42-user:tags'] = tags === null ? [] : [...new Set(tags)]
    props.updated = new Date(world.now()).toISOString()
    return geojson(itemOut(publicBase(c.req.raw), rec))
  })

  api.get('/v2/assets/stac/queryables', (c) => {
    const base = publicBase(c.req.raw)
    const body: S['StacQueryables'] = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $id: `${base}/v2/assets/stac/queryables`,
      type: 'object',
      title: 'Swath storage queryables',
      description: 'Properties usable in the filter of POST /v2/assets/stac/search (CQL2-JSON).',
      properties: Object.fromEntries(
        Object.entries(QUERYABLES).map(([k, q]) => [
          k,
          { title: q.title, description: q.description, type: q.type, ...(q.enum ? { enum: q.enum } : {}) },
        ]),
      ),
    }
    return c.json(body)
  })

  api.post('/v2/assets/stac/search', async (c) => {
    const world = sim.world
    const account = c.get('account')
    const req = await bodyOrProblem<S['StacSearchRequest'] & Record<string, unknown>>(
      c.req.raw,
      'StacSearchRequest',
    )
    const say = (msg: string): never => {
      throw invalid(c, msg)
    }
    if ('token' in req) say('token is no longer supported; send page (zero-based) instead.')
    if (req.bbox && req.intersects) say('bbox and intersects cannot be used together.')
    const boxes = req.bbox
      ? splitBox(
          checkBox(
            req.bbox.length === 4 || req.bbox.length === 6 ? req.bbox : say('bbox has 4 or 6 numbers.'),
            say,
          ),
        )
      : undefined
    const range = req.datetime !== undefined ? parseDatetime(req.datetime) : undefined
    if (typeof range === 'string') throw invalid(c, range)
    if (req['filter-lang'] && req['filter-lang'] !== 'cql2-json')
      say(`filter-lang ${req['filter-lang']} is not supported; use cql2-json.`)
    let filter: Pred | undefined
    if (req.filter !== undefined) {
      try {
        filter = compileFilter(req.filter)
      } catch (e) {
        if (e instanceof CqlError) say(`filter: ${e.message}`)
        throw e
      }
    }
    const sortKeys = (req.sortby ?? []).map((s) => {
      const key = searchSortKey(s.field)
      if (!key) say(`cannot sort by "${s.field.slice(0, 60)}"; sort by a queryable property.`)
      return { key: key as Operand, sign: s.direction === 'asc' ? 1 : -1 }
    })
    const geometry = req.intersects ? plainGeometry(req.intersects) : undefined
    const limit = req.limit ?? DEFAULT_LIMIT
    const page = req.page ?? 0

    const collections = req.collections ? new Set(req.collections) : undefined
    const ids = req.ids ? new Set(req.ids) : undefined
    const own = new Set(
      [...world.stacCollections.values()]
        .filter((r) => r.accountId === account.id)
        .map((r) => r.collection.id),
    )
    const matches: StacItemRecord[] = []
    for (const rec of world.stacItems.values()) {
      if (!own.has(rec.collectionId)) continue
      const item = rec.item
      if (collections && !collections.has(rec.collectionId)) continue
      if (ids && !ids.has(item.id)) continue
      if (boxes) {
        const b = boxOfItem(item)
        if (!b || !boxes.some((q) => overlaps(b, q))) continue
      }
      if (range) {
        const t = itemTimeRange(item)
        if (!t || t[1] < range[0] || t[0] > range[1]) continue
      }
      if (geometry) {
        const fp = footprintOf(item)
        if (!fp) continue
        let hit: boolean
        try {
          hit = booleanIntersects(geometry, { type: fp.type, coordinates: fp.coordinates } as Geometry)
        } catch {
          return say('intersects is not a valid geometry.')
        }
        if (!hit) continue
      }
      if (filter && !filter(item)) continue
      matches.push(rec)
    }
    const first = (v: Value): Scalar => (Array.isArray(v) ? (v[0] ?? null) : v)
    const created = QUERYABLES.created.get
    matches.sort(({ item: a }, { item: b }) => {
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

    const base = publicBase(c.req.raw)
    const searchHref = `${base}/v2/assets/stac/search`
    // Links repeat the members the search understood, not whatever else the body held (of any depth).
    const echoed = Object.fromEntries(Object.entries(req).filter(([k]) => SEARCH_MEMBERS.includes(k)))
    const slice = matches.slice(page * limit, page * limit + limit)
    const links: S['StacLink'][] = [
      { rel: 'root', href: `${base}/v2/assets/stac`, type: 'application/json' },
      { rel: 'self', href: searchHref, type: 'application/geo+json', method: 'POST', body: { ...echoed } },
    ]
    // Paging follows the contract: the next request is the same body with another zero-based `page`.
    if ((page + 1) * limit < matches.length)
      links.push({
        rel: 'next',
        href: searchHref,
        type: 'application/geo+json',
        method: 'POST',
        body: { ...echoed, page: page + 1 },
      })
    if (page > 0) {
      const prev = Math.min(page - 1, Math.max(0, Math.ceil(matches.length / limit) - 1))
      links.push({
        rel: 'prev',
        href: searchHref,
        type: 'application/geo+json',
        method: 'POST',
        body: { ...echoed, page: prev },
      })
    }
    const body: S['StacItemCollection'] = {
      type: 'FeatureCollection',
      features: slice.map((r) => itemOut(base, r)),
      links,
      context: { returned: slice.length, limit, matched: matches.length },
    }
    return geojson(body)
  })

  api.post('/v2/assets/:assetId/download-url', (c) => {
    const world = sim.world
    const assetId = c.req.param('assetId')
    const asset = world.assets.get(assetId)
    if (!asset || asset.accountId !== c.get('account').id) {
      return problem({
        status: 404,
        slug: 'asset-not-found',
        title: 'Asset not found',
        detail: `No asset ${assetId.slice(0, 100)} exists in this account's storage.`,
        instance: c.req.path,
      })
    }
    const token = (world.rng.uuid() + world.rng.uuid()).replace(/-/g, '')
    const expiresAt = world.now() + DOWNLOAD_TTL_MS
    const disposition = dispositionOf(asset.filename)
    world.downloads.set(token, { assetId, expiresAt, disposition })
    // Dead links are dropped from memory once they expire.
    world.schedule(expiresAt, () => {
      world.downloads.delete(token)
    })
    // As the service's bucket links do: the file name rides in `response-content-disposition`, where its SDK
    // reads it, and the bucket answers with that disposition.
    const query = new URLSearchParams({ 'response-content-disposition': disposition })
    const url = `${publicBase(c.req.raw)}/__storage/${token}/${encodeURIComponent(asset.filename)}?${query.toString().replace(/\+/g, '%20')}`
    return json(201, { url } satisfies S['SignedUrl'], 'application/json', { location: url })
  })

  // Outside the contract, like a bucket: no Authorization, only the unguessable token in the path.
  api.get('/__storage/:token/:filename', (c) => {
    const world = sim.world
    const link = world.downloads.get(c.req.param('token'))
    const asset = link ? world.assets.get(link.assetId) : undefined
    // The disposition is part of what the link signs: a changed one is refused like a wrong token.
    const disposition = c.req.query('response-content-disposition')
    if (
      !link ||
      !asset ||
      world.now() >= link.expiresAt ||
      asset.filename !== c.req.param('filename') ||
      (disposition !== undefined && disposition !== link.disposition)
    ) {
      const body = [
        "<?xml version='1.0' encoding='UTF-8'?>",
        '<Error><Code>ExpiredToken</Code>',
        '<Message>The download link is invalid or has expired. Signed links are valid for 5 minutes.</Message>',
        '<Details>Request a new link with POST /v2/assets/{asset-id}/download-url.</Details></Error>',
      ].join('')
      return new Response(body, {
        status: 403,
        headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-store' },
      })
    }
    const bytes = assetFile(world, asset)
    const headers = {
      'content-type': asset.mediaType,
      'content-disposition': link.disposition,
      'cache-control': 'private, max-age=300',
      'accept-ranges': 'bytes',
    }
    // One byte range (RFC 9110 §14), as buckets serve it: a download that stopped resumes where it was.
    const range = c.req.header('range')
    if (range !== undefined) {
      const total = bytes.byteLength
      const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
      const [from, to] = m
        ? m[1] === ''
          ? [Math.max(0, total - Number(m[2])), total - 1]
          : [Number(m[1]), m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1)]
        : [NaN, NaN]
      if (m && !(m[1] === '' && m[2] === '') && from <= to && from < total) {
        return new Response(bytes.slice(from, to + 1), {
          status: 206,
          headers: {
            ...headers,
            'content-length': String(to - from + 1),
            'content-range': `bytes ${from}-${to}/${total}`,
          },
        })
      }
      if (m) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${total}` } })
      // A range this bucket does not understand is ignored: the whole file follows.
    }
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { ...headers, 'content-length': String(bytes.byteLength) },
    })
  })
}
