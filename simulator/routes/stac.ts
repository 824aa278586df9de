import type { Next } from 'hono'
import { UUID } from '../domain/world/random'
import {
  assetFile,
  assetSize,
  collectionPath,
  deleteCollection,
  itemLinks,
  STAC_PATH,
} from '../domain/storage/stac'
import { QUERYABLES } from '../domain/storage/query'
import { summariesOf } from '../domain/storage/summaries'
import { findCollections, itemMatches, searchItems, StacSearchError } from '../domain/storage/search'
import type { S, StacCollectionRecord, StacItemRecord } from '../domain/world/types'
import type { World } from '../domain/world/world'
import { bodyOrProblem, readBody, unreadableBody } from '../http/body'
import { fieldErrors } from '../domain/world/field-errors'
import { openapi, schemaValidator } from '../http/contract'
import { HttpError, json, problem } from '../http/errors'
import { publicBase, type Api, type ApiContext, type SimRuntime } from '../http/runtime'
import {
  checkPatchTags,
  collectionsListRequest,
  itemsListRequest,
  searchFromBody,
  searchFromQuery,
  StacRequestError,
  type ItemRequest,
} from './stac-request'

/**
 * STAC storage: the account's deliveries and job results as STAC collections and items, search with a
 * CQL2-JSON subset, item title/tag edits, collection deletion, and short-lived signed download links served
 * by the simulator itself under /__storage/ (outside the contract, like a cloud bucket).
 */

export const DOWNLOAD_TTL_MS = 5 * 60_000
const STAC_VERSION = '1.0.0'

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

/** Assets with absolute hrefs. */
function assetsOut(
  base: string,
  assets: Record<string, S['StacAsset']> | undefined,
): Record<string, S['StacAsset']> | undefined {
  if (!assets) return undefined
  return Object.fromEntries(Object.entries(assets).map(([k, a]) => [k, { ...a, href: abs(base, a.href) }]))
}

/**
 * Each asset also says its file's size (`file:size`, STAC's file extension), as the single item and
 * collection answers do. Lists leave sizes out: measuring a preview or a zip means rendering it, which a
 * page of hundreds of items would pay for on every request.
 */
async function withSizes(
  world: World,
  assets: Record<string, S['StacAsset']> | undefined,
): Promise<Record<string, S['StacAsset']> | undefined> {
  if (!assets) return undefined
  const out: Record<string, S['StacAsset']> = {}
  for (const [k, a] of Object.entries(assets)) {
    const id = /\/v2\/assets\/([^/?#]+)$/.exec(a.href)?.[1]
    const record = id ? world.assets.get(id) : undefined
    // `file:size` is STAC's file extension, beyond the contract's asset schema (which leaves extensions open).
    out[k] = record ? ({ ...a, 'file:size': await assetSize(world, record) } as S['StacAsset']) : a
  }
  return out
}

/**
 * A signed link's token: 256 random bits from the platform's generator, never the world's seeded one, which
 * starts over at every reset and would hand out the same tokens again (a link from before a reset would open
 * whatever asset its token now names).
 */
function unguessableToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The URL the caller asked for, as the caller sees it: what `self` must say (STAC API, OGC API Features). */
const askedUrl = (c: ApiContext, sim: SimRuntime): string =>
  `${publicBase(c.req.raw, sim)}${c.req.path}${new URL(c.req.url).search}`

const withSelf = (links: S['StacLink'][], href: string): S['StacLink'][] =>
  links.map((l) => (l.rel === 'self' ? { ...l, href } : l))

/** Item collections, items and search answers are GeoJSON, and say so as STAC clients expect. */
const geojson = (body: unknown): Response => json(200, body, 'application/geo+json')

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
  item.links = linksOut(base, itemLinks(record.collectionId, item.id))
  item.assets = assetsOut(base, item.assets) ?? {}
  return item
}

/**
 * One page of items: the contract's `context`, and OGC API Features' `numberMatched`/`numberReturned`, which
 * STAC clients read to count a search.
 */
function itemPage(
  base: string,
  matches: StacItemRecord[],
  { limit, page }: ItemRequest,
  links: S['StacLink'][],
): S['StacItemCollection'] & { numberMatched: number; numberReturned: number } {
  const slice = matches.slice(page * limit, page * limit + limit)
  return {
    type: 'FeatureCollection',
    features: slice.map((r) => itemOut(base, r)),
    links,
    context: { returned: slice.length, limit, matched: matches.length },
    numberMatched: matches.length,
    numberReturned: slice.length,
  }
}

/** The caller's item of the caller's collection, or a 404. */
function ownItem(c: ApiContext, world: World): StacItemRecord {
  const itemId = c.req.param('itemId') ?? ''
  // Item ids are UUIDs: any other id names no item, which is a 404 (OGC API Features), not a bad request.
  if (!UUID.test(itemId)) throw notFound(c, `Item ${itemId.slice(0, 60)}`)
  const col = ownCollection(c, world, c.req.param('collectionId') ?? '')
  const rec = world.stacItems.get(itemId)
  if (!rec || rec.collectionId !== col.collection.id)
    throw notFound(c, `Item ${itemId} of collection ${col.collection.id}`)
  return rec
}

function ownCollection(c: ApiContext, world: World, id: string): StacCollectionRecord {
  const record = world.stacCollections.get(id)
  if (!record || record.accountId !== c.get('account').id) throw notFound(c, `Collection ${id.slice(0, 100)}`)
  return record
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

/** Runs request parsing or a search, answering what they refuse as the contract's 422. */
function orInvalid<T>(c: ApiContext, run: () => T): T {
  try {
    return run()
  } catch (e) {
    if (e instanceof StacRequestError || e instanceof StacSearchError) throw invalid(c, e.message)
    throw e
  }
}

/** The query string of a GET list's page `n`: page and limit first, then what else the caller asked. */
function pageQuery(asked: URLSearchParams, n: number, limit: number): string {
  const params = new URLSearchParams({ page: String(n), limit: String(limit) })
  for (const [k, v] of asked) if (k !== 'page' && k !== 'limit') params.append(k, v)
  return params.toString()
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
 * The classes a STAC client checks before it lists items or searches (pystac-client reads only these from the
 * landing page). Item Search and OGC API Features need more than the contract has, served as simulator
 * extensions (simulator/README.md): GET /search, bbox and datetime on the items list. Sort works both ways and
 * is claimed; the filter extension is not, as GET reads CQL2-JSON only and not CQL2 text. Bad parameters
 * stay the contract's 422 where OGC API Features says 400.
 */
export const CONFORMS_TO: readonly string[] = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/item-search#sort',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
]
const SEARCH_PATH = `${STAC_PATH}/search`
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

/**
 * Any STAC path with a trailing slash: the SDK still opens the STAC API with the trailing slash the contract
 * removed, so every such path is sent, query and all, to its canonical form (308 keeps the method and body of
 * a POST search).
 */
async function redirectTrailingSlash(c: ApiContext, sim: SimRuntime, next: Next): Promise<Response | void> {
  if (!c.req.path.endsWith('/')) return next()
  // From the address as sent, still percent-encoded: the decoded path may hold characters no header can
  // carry (`%00` made the Location header throw, a 500).
  const asked = new URL(c.req.url)
  const canonical = asked.pathname.replace(/\/+$/, '')
  const location = `${publicBase(c.req.raw, sim)}${canonical}${asked.search}`
  return c.body(null, 308, { location })
}

/** GET /v2/assets/stac: the landing page. */
function getLanding(c: ApiContext, sim: SimRuntime): Response {
  const base = publicBase(c.req.raw, sim)
  const body: S['StacLandingPage'] = {
    type: 'Catalog',
    id: 'swath-storage',
    title: 'Swath storage',
    description: 'STAC API of the assets stored in this account: order deliveries and processing results.',
    stac_version: STAC_VERSION,
    stac_extensions: [],
    conformsTo: [...CONFORMS_TO],
    links: [
      { rel: 'self', href: askedUrl(c, sim), type: 'application/json' },
      { rel: 'root', href: `${base}${STAC_PATH}`, type: 'application/json' },
      { rel: 'conformance', href: `${base}${STAC_PATH}/conformance`, type: 'application/json' },
      { rel: 'service-desc', href: `${base}${STAC_PATH}/api`, type: SERVICE_DESC_TYPE },
      { rel: 'data', href: `${base}${STAC_PATH}/collections`, type: 'application/json' },
      { rel: 'search', href: `${base}${SEARCH_PATH}`, type: 'application/geo+json', method: 'POST' },
      { rel: 'search', href: `${base}${SEARCH_PATH}`, type: 'application/geo+json', method: 'GET' },
      {
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        href: `${base}${STAC_PATH}/queryables`,
        type: 'application/schema+json',
      },
    ],
  }
  return c.json(body)
}

/** GET /v2/assets/stac/conformance */
function getConformance(c: ApiContext): Response {
  return c.json({ conformsTo: [...CONFORMS_TO] } satisfies S['StacConformance'])
}

/** GET /v2/assets/stac/api: the contract itself, pointed at the API base the caller used. */
function getServiceDesc(c: ApiContext, sim: SimRuntime): Response {
  const doc = {
    ...structuredClone(openapi),
    servers: [{ url: publicBase(c.req.raw, sim), description: 'This API' }],
  }
  return json(200, doc, SERVICE_DESC_TYPE)
}

/** GET /v2/assets/stac/collections */
function getCollections(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const account = c.get('account')
  const query = orInvalid(c, () => collectionsListRequest(new URL(c.req.url).searchParams))
  const { limit, page } = query
  const matches = findCollections(world, account.id, query)

  const base = publicBase(c.req.raw, sim)
  const selfUrl = new URL(c.req.url)
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(selfUrl.search)
    params.set('page', String(n))
    params.set('limit', String(limit))
    return `${base}${STAC_PATH}/collections?${params.toString()}`
  }
  const slice = matches.slice(page * limit, page * limit + limit)
  const body: S['StacCollectionList'] = {
    collections: slice.map((r) => collectionOut(base, r, world)),
    links: [
      { rel: 'self', href: askedUrl(c, sim), type: 'application/json' },
      { rel: 'root', href: `${base}${STAC_PATH}`, type: 'application/json' },
      { rel: 'parent', href: `${base}${STAC_PATH}`, type: 'application/json' },
      ...pageLinks(hrefOf, page, limit, matches.length),
    ],
    context: { returned: slice.length, limit, matched: matches.length },
  }
  return c.json(body)
}

/** GET /v2/assets/stac/collections/{collection-id}: with its assets' sizes. */
async function getCollection(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const record = ownCollection(c, world, c.req.param('collectionId') ?? '')
  const col = collectionOut(publicBase(c.req.raw, sim), record, world)
  if (col.assets) col.assets = await withSizes(world, col.assets)
  col.links = withSelf(col.links, askedUrl(c, sim))
  return c.json(col)
}

/** DELETE /v2/assets/stac/collections/{collection-id} */
function deleteStacCollection(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const record = ownCollection(c, world, c.req.param('collectionId') ?? '')
  deleteCollection(world, record.collection.id)
  return c.body(null, 204)
}

/** GET /v2/assets/stac/collections/{collection-id}/items */
function getItems(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const record = ownCollection(c, world, c.req.param('collectionId') ?? '')
  const asked = new URL(c.req.url).searchParams
  const query = orInvalid(c, () => itemsListRequest(asked))
  const { limit, page } = query
  const items = record.itemIds
    .map((id) => world.stacItems.get(id))
    .filter((r): r is StacItemRecord => r !== undefined && itemMatches(r.item, query))
  const base = publicBase(c.req.raw, sim)
  const path = collectionPath(record.collection.id)
  const hrefOf = (n: number) => `${base}${path}/items?${pageQuery(asked, n, limit)}`
  return geojson(
    itemPage(base, items, query, [
      { rel: 'self', href: askedUrl(c, sim), type: 'application/geo+json' },
      { rel: 'root', href: `${base}${STAC_PATH}`, type: 'application/json' },
      { rel: 'parent', href: `${base}${path}`, type: 'application/json' },
      { rel: 'collection', href: `${base}${path}`, type: 'application/json' },
      ...pageLinks(hrefOf, page, limit, items.length, 'application/geo+json'),
    ]),
  )
}

/** GET /v2/assets/stac/collections/{collection-id}/items/{item-id}: with its assets' sizes. */
async function getItem(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const item = itemOut(publicBase(c.req.raw, sim), ownItem(c, world))
  item.assets = (await withSizes(world, item.assets)) ?? {}
  item.links = withSelf(item.links, askedUrl(c, sim))
  return geojson(item)
}

/** PATCH /v2/assets/stac/collections/{collection-id}/items/{item-id}: its title and tags. */
async function patchItem(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const rec = ownItem(c, world)
  const r = await readBody<unknown>(c.req.raw)
  if (!r.ok) return unreadableBody(r, c.req.path)
  // Tag characters are a rule of the STAC service (422), checked before the shape of the rest (400).
  orInvalid(c, () => checkPatchTags(r.value))
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
  return geojson(itemOut(publicBase(c.req.raw, sim), rec))
}

/** GET /v2/assets/stac/queryables */
function getQueryables(c: ApiContext, sim: SimRuntime): Response {
  const base = publicBase(c.req.raw, sim)
  const body: S['StacQueryables'] = {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: `${base}${STAC_PATH}/queryables`,
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
}

/** POST /v2/assets/stac/search */
async function postSearch(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const body = await bodyOrProblem<S['StacSearchRequest'] & Record<string, unknown>>(
    c.req.raw,
    'StacSearchRequest',
  )
  const query = orInvalid(c, () => searchFromBody(body))
  const matches = orInvalid(c, () => searchItems(sim.world, c.get('account').id, query))
  const base = publicBase(c.req.raw, sim)
  const href = `${base}${SEARCH_PATH}`
  const type = 'application/geo+json'
  // Links repeat the members the search understood, not whatever else the body held (of any depth).
  const echoed = Object.fromEntries(Object.entries(body).filter(([k]) => SEARCH_MEMBERS.includes(k)))
  // Paging follows the contract: the next request is the same body with another zero-based `page`.
  const pageLink = (rel: string, n: number): S['StacLink'] => ({
    rel,
    href,
    type,
    method: 'POST',
    body: { ...echoed, page: n },
  })
  const { limit, page } = query
  const links: S['StacLink'][] = [
    { rel: 'root', href: `${base}${STAC_PATH}`, type: 'application/json' },
    { rel: 'self', href, type, method: 'POST', body: { ...echoed } },
  ]
  if ((page + 1) * limit < matches.length) links.push(pageLink('next', page + 1))
  if (page > 0)
    links.push(pageLink('prev', Math.min(page - 1, Math.max(0, Math.ceil(matches.length / limit) - 1))))
  return geojson(itemPage(base, matches, query, links))
}

/** GET /v2/assets/stac/search, Item Search by GET (a simulator extension): the same search, paged by GET links. */
function getSearch(c: ApiContext, sim: SimRuntime): Response {
  const asked = new URL(c.req.url).searchParams
  const query = orInvalid(c, () => searchFromQuery(asked))
  const matches = orInvalid(c, () => searchItems(sim.world, c.get('account').id, query))
  const base = publicBase(c.req.raw, sim)
  const hrefOf = (n: number) => `${base}${SEARCH_PATH}?${pageQuery(asked, n, query.limit)}`
  return geojson(
    itemPage(base, matches, query, [
      { rel: 'root', href: `${base}${STAC_PATH}`, type: 'application/json' },
      { rel: 'self', href: askedUrl(c, sim), type: 'application/geo+json', method: 'GET' },
      ...pageLinks(hrefOf, query.page, query.limit, matches.length, 'application/geo+json'),
    ]),
  )
}

/** POST /v2/assets/{asset-id}/download-url: a signed link, valid for DOWNLOAD_TTL_MS. */
function postDownloadUrl(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const assetId = c.req.param('assetId') ?? ''
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
  const token = unguessableToken()
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
  const url = `${publicBase(c.req.raw, sim)}/__storage/${token}/${encodeURIComponent(asset.filename)}?${query.toString().replace(/\+/g, '%20')}`
  return json(201, { url } satisfies S['SignedUrl'], 'application/json', { location: url })
}

/**
 * GET /__storage/{token}/{filename}: a signed link's file, whole or one byte range. Outside the contract, like
 * a bucket: no Authorization, only the unguessable token in the path.
 */
async function getDownload(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const link = world.downloads.get(c.req.param('token') ?? '')
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
  const bytes = await assetFile(world, asset)
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
}

export function registerStac(api: Api, sim: SimRuntime): void {
  api.use(`${STAC_PATH}/*`, (c: ApiContext, next) => redirectTrailingSlash(c, sim, next))
  api.get(STAC_PATH, (c) => getLanding(c, sim))
  api.get(`${STAC_PATH}/conformance`, (c) => getConformance(c))
  api.get(`${STAC_PATH}/api`, (c) => getServiceDesc(c, sim))
  api.get(`${STAC_PATH}/collections`, (c) => getCollections(c, sim))
  api.get(`${STAC_PATH}/collections/:collectionId`, (c) => getCollection(c, sim))
  api.delete(`${STAC_PATH}/collections/:collectionId`, (c) => deleteStacCollection(c, sim))
  api.get(`${STAC_PATH}/collections/:collectionId/items`, (c) => getItems(c, sim))
  api.get(`${STAC_PATH}/collections/:collectionId/items/:itemId`, (c) => getItem(c, sim))
  api.patch(`${STAC_PATH}/collections/:collectionId/items/:itemId`, (c) => patchItem(c, sim))
  api.get(`${STAC_PATH}/queryables`, (c) => getQueryables(c, sim))
  api.post(SEARCH_PATH, (c) => postSearch(c, sim))
  api.get(SEARCH_PATH, (c) => getSearch(c, sim))
  api.post('/v2/assets/:assetId/download-url', (c) => postDownloadUrl(c, sim))
  api.get('/__storage/:token/:filename', (c) => getDownload(c, sim))
}
