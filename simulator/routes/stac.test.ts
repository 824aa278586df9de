import { unzipSync } from 'fflate'
import { BaseClient, BaseResponse, fromCustomClient } from 'geotiff'
import { describe, expect, it } from 'vitest'
import { ids } from '../domain/world/ids'
import type { S, StacCollectionRecord } from '../domain/world/types'
import { TestSim } from '../testing/harness'

const BASE = 'http://sim.test'
const ROTTERDAM = 'Pléiades Neo - Port of Rotterdam'

function seeded(sim: TestSim, title: string, transformed = true): StacCollectionRecord {
  const rec = [...sim.world.stacCollections.values()].find(
    (r) => r.collection.title === (transformed ? title : `${title} (original delivery)`),
  )
  if (!rec) throw new Error(`no seeded collection ${title}`)
  return rec
}

const own = (sim: TestSim, accountId = ids.enterpriseAccount) =>
  [...sim.world.stacCollections.values()].filter((r) => r.accountId === accountId)

async function setup() {
  const sim = new TestSim()
  const token = await sim.login()
  return { sim, token }
}

type List = S['StacCollectionList']
type Items = S['StacItemCollection']

describe('landing page and queryables', () => {
  it('serves the landing page with absolute links', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['StacLandingPage']>('GET', '/v2/assets/stac', { token })
    expect(r.status).toBe(200)
    expect(r.body.type).toBe('Catalog')
    const rel = Object.fromEntries(r.body.links.map((l) => [l.rel, l]))
    expect(rel.self.href).toBe(`${BASE}/v2/assets/stac`)
    expect(rel.root.href).toBe(`${BASE}/v2/assets/stac`)
    expect(rel.data.href).toBe(`${BASE}/v2/assets/stac/collections`)
    // Item Search by either method, each a link of its own.
    expect(r.body.links.filter((l) => l.rel === 'search')).toEqual([
      { rel: 'search', href: `${BASE}/v2/assets/stac/search`, method: 'POST', type: 'application/geo+json' },
      { rel: 'search', href: `${BASE}/v2/assets/stac/search`, method: 'GET', type: 'application/geo+json' },
    ])
    expect(rel.conformance.href).toBe(`${BASE}/v2/assets/stac/conformance`)
    expect(rel['service-desc']).toMatchObject({
      href: `${BASE}/v2/assets/stac/api`,
      type: 'application/vnd.oai.openapi+json;version=3.1',
    })
    expect((await sim.call('GET', '/v2/assets/stac')).status).toBe(401)
  })

  it('claims the conformance classes a STAC client needs, the same on the landing page and /conformance', async () => {
    const { sim, token } = await setup()
    const landing = await sim.call<S['StacLandingPage']>('GET', '/v2/assets/stac', { token })
    const r = await sim.call<S['StacConformance']>('GET', '/v2/assets/stac/conformance', { token })
    expect(r.status).toBe(200)
    expect(r.body.conformsTo).toEqual(landing.body.conformsTo)
    expect(r.body.conformsTo).toEqual([
      'https://api.stacspec.org/v1.0.0/core',
      'https://api.stacspec.org/v1.0.0/collections',
      'https://api.stacspec.org/v1.0.0/ogcapi-features',
      'https://api.stacspec.org/v1.0.0/item-search',
      'https://api.stacspec.org/v1.0.0/item-search#sort',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
    ])
    // Item Search needs GET /search besides POST: served, behind the same token as POST.
    expect((await sim.call('GET', '/v2/assets/stac/search', { token })).status).toBe(200)
    expect((await sim.call('GET', '/v2/assets/stac/search')).status).toBe(401)
    // The filter extension is not claimed: GET does not read CQL2 text.
    expect(r.body.conformsTo.some((c) => c.includes('filter'))).toBe(false)
    expect((await sim.call('GET', '/v2/assets/stac/conformance')).status).toBe(401)
  })

  it("serves the contract as its service description, pointed at the caller's base", async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['OpenApiDocument'] & { servers: { url: string }[] }>(
      'GET',
      '/v2/assets/stac/api',
      { token, headers: { 'x-forwarded-prefix': '/api' } },
    )
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/vnd.oai.openapi+json;version=3.1')
    expect(r.body.openapi).toBe('3.1.0')
    expect(r.body.servers[0].url).toBe(`${BASE}/api`)
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/v2/assets/stac/search', '/v2/assets/stac/conformance']),
    )
  })

  it('respects the forwarded public base of a configured proxy', async () => {
    const sim = new TestSim({ proxyHosts: ['console.test'] })
    const token = await sim.login()
    const r = await sim.call<S['StacLandingPage']>('GET', '/v2/assets/stac', {
      token,
      headers: {
        'x-forwarded-prefix': '/api',
        'x-forwarded-host': 'console.test',
        'x-forwarded-proto': 'https',
      },
    })
    expect(r.body.links[0].href).toBe('https://console.test/api/v2/assets/stac')
  })

  it('lists the queryables the search filter accepts', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['StacQueryables']>('GET', '/v2/assets/stac/queryables', { token })
    expect(r.status).toBe(200)
    expect(Object.keys(r.body.properties)).toEqual(
      expect.arrayContaining([
        'asset_id',
        'order_id',
        'workspace_id',
        'collection_name',
        'constellation',
        'eo:cloud_cover',
        'tags',
        'datetime',
      ]),
    )
    expect(r.body.properties.datetime.type).toBe('timestamp')
  })
})

describe('collections list', () => {
  it('pages with limit (default 10) and zero-based page, with context and absolute links', async () => {
    const { sim, token } = await setup()
    const total = own(sim).filter((r) => r.transformed).length
    expect(total).toBeGreaterThan(10)
    const first = await sim.call<List>('GET', '/v2/assets/stac/collections', { token })
    expect(first.status).toBe(200)
    expect(first.body.collections).toHaveLength(10)
    expect(first.body.context).toEqual({ returned: 10, limit: 10, matched: total })
    const rels = first.body.links.map((l) => l.rel)
    expect(rels).toEqual(expect.arrayContaining(['self', 'root', 'parent', 'next']))
    expect(rels).not.toContain('prev')
    const next = first.body.links.find((l) => l.rel === 'next')?.href ?? ''
    expect(next.startsWith(`${BASE}/v2/assets/stac/collections?`)).toBe(true)
    const second = await sim.call<List>('GET', next.slice(BASE.length), { token })
    expect(second.body.links.find((l) => l.rel === 'prev')?.href).toContain('page=0')
    expect(second.body.collections.map((c) => c.id)).not.toContain(first.body.collections[0].id)
    const c = first.body.collections[0]
    expect(c.links.every((l) => l.href.startsWith(BASE))).toBe(true)
    // Newest first.
    const created = first.body.collections.map((x) => Date.parse(String(x.created)))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    const small = await sim.call<List>('GET', '/v2/assets/stac/collections?limit=3&page=1', { token })
    expect(small.body.context).toMatchObject({ returned: 3, limit: 3 })
  })

  it('returns transformed collections by default and original deliveries with cnam=false', async () => {
    const { sim, token } = await setup()
    const all = async (q: string) =>
      (await sim.call<List>('GET', `/v2/assets/stac/collections?limit=1000&${q}`, { token })).body.collections
    const transformed = await all('')
    const originals = await all('cnam=false')
    expect(transformed.map((c) => c.id)).toContain(seeded(sim, ROTTERDAM).collection.id)
    expect(originals.map((c) => c.id)).toContain(seeded(sim, ROTTERDAM, false).collection.id)
    expect(originals.map((c) => c.id)).not.toContain(seeded(sim, ROTTERDAM).collection.id)
    expect((await all('cnam=true')).length).toBe(transformed.length)
    const orig = originals.find((c) => c.id === seeded(sim, ROTTERDAM, false).collection.id)
    expect(Object.values(orig?.assets ?? {})[0].href).toMatch(
      /^http:\/\/sim\.test\/v2\/assets\/[0-9a-f-]{36}$/,
    )
  })

  it('filters by workspace, assets, orders, products, tags, title and sources', async () => {
    const { sim, token } = await setup()
    const list = async (q: string) =>
      (
        await sim.call<List>('GET', `/v2/assets/stac/collections?limit=1000&${q}`, { token })
      ).body.collections.map((c) => c.id)
    const rot = seeded(sim, ROTTERDAM)
    const berlin = seeded(sim, 'Pléiades - Berlin Mitte 2026')
    const coastal = await list(`workspace_id=${ids.coastalWorkspace}`)
    expect(coastal).toContain(rot.collection.id)
    expect(coastal).not.toContain(berlin.collection.id)
    expect(await list(`asset_ids=${rot.assetIds[0]},${berlin.assetIds[1]}`)).toEqual(
      expect.arrayContaining([rot.collection.id, berlin.collection.id]),
    )
    expect(await list(`asset_ids=${rot.assetIds[0]}`)).toEqual([rot.collection.id])
    expect(await list(`order_ids=${rot.orderId}`)).toEqual([rot.collection.id])
    expect(await list(`product_ids=${rot.productId}`)).toContain(rot.collection.id)
    expect(await list(`product_ids=${rot.productId}`)).not.toContain(berlin.collection.id)
    const tagged = await list('tags=logistics,berlin')
    expect(tagged).toEqual(expect.arrayContaining([rot.collection.id, berlin.collection.id]))
    expect(await list('tags=logistics')).toEqual([rot.collection.id])
    expect(await list('title=PORT%20of%20rotter')).toEqual([rot.collection.id])
    const processing = await list('sources=PROCESSING')
    expect(processing.length).toBeGreaterThan(0)
    expect(processing.every((id) => sim.world.stacCollections.get(id)?.source === 'PROCESSING')).toBe(true)
    const two = await list('sources=ARCHIVE,TASKING')
    expect(two).toEqual(expect.arrayContaining([rot.collection.id, berlin.collection.id]))
    expect(two.some((id) => sim.world.stacCollections.get(id)?.source === 'PROCESSING')).toBe(false)
  })

  it('keeps collections fully inside bbox and drops those that only intersect it', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const [w, s, e, n] = rot.collection.extent.spatial.bbox[0]
    const list = async (bbox: string) =>
      (
        await sim.call<List>(
          'GET',
          `/v2/assets/stac/collections?limit=1000&bbox=${encodeURIComponent(bbox)}`,
          { token },
        )
      ).body.collections.map((c) => c.id)
    expect(await list(`[${w - 0.1},${s - 0.1},${e + 0.1},${n + 0.1}]`)).toContain(rot.collection.id)
    expect(await list(`${w - 0.1},${s - 0.1},${e + 0.1},${n + 0.1}`)).toContain(rot.collection.id)
    // Overlaps the western half only.
    expect(await list(`[${w - 0.1},${s - 0.1},${(w + e) / 2},${n + 0.1}]`)).not.toContain(rot.collection.id)
    expect(await list('[-180,-90,180,90]')).toHaveLength(
      Math.min(1000, own(sim).filter((r) => r.transformed).length),
    )
  })

  it.each([
    ['token=next:abc', /token is no longer supported; use page/],
    ['limit=0', /limit/],
    ['limit=ten', /limit/],
    ['page=-1', /page/],
    ['bbox=1,2,3', /bbox/],
    ['bbox=[a,b,c,d]', /bbox/],
    ['bbox=0,50,10,40', /latitude/],
    ['bbox=0,0,200,10', /longitude/],
    ['tags=ok,no%3Cscript%3E', /tag/],
    ['sources=USER', /sources/],
    ['cnam=maybe', /cnam/],
    ['workspace_id=nope', /workspace_id/],
    ['order_ids=1,2', /order_ids/],
  ])('answers 422 with a detail for %s', async (q, detail) => {
    const { sim, token } = await setup()
    const r = await sim.call<S['Problem']>('GET', `/v2/assets/stac/collections?${q}`, { token })
    expect(r.status).toBe(422)
    expect(r.headers.get('content-type')).toBe('application/problem+json')
    expect(r.body.detail).toMatch(detail)
  })

  it('accepts tags with the allowed punctuation', async () => {
    const { sim, token } = await setup()
    const r = await sim.call(
      'GET',
      `/v2/assets/stac/collections?tags=${encodeURIComponent('a b.c-d_e/f:g')}`,
      { token },
    )
    expect(r.status).toBe(200)
  })

  it('shows each account only its own collections', async () => {
    const { sim } = await setup()
    const starter = await sim.login('starter@swath.test')
    const r = await sim.call<List>('GET', '/v2/assets/stac/collections?limit=1000', { token: starter })
    expect(r.body.collections.length).toBeGreaterThan(0)
    expect(
      r.body.collections.every((c) => sim.world.stacCollections.get(c.id)?.accountId === ids.starterAccount),
    ).toBe(true)
    const foreign = seeded(sim, ROTTERDAM).collection.id
    expect((await sim.call('GET', `/v2/assets/stac/collections/${foreign}`, { token: starter })).status).toBe(
      404,
    )
    expect(
      (await sim.call('GET', `/v2/assets/stac/collections/${foreign}/items`, { token: starter })).status,
    ).toBe(404)
    expect(
      (await sim.call('DELETE', `/v2/assets/stac/collections/${foreign}`, { token: starter })).status,
    ).toBe(404)
  })
})

describe('collections and items', () => {
  it('reads a collection with absolute links and asset hrefs, 404 when unknown', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const r = await sim.call<S['StacCollection']>('GET', `/v2/assets/stac/collections/${rot.collection.id}`, {
      token,
    })
    expect(r.status).toBe(200)
    expect(r.body.links.find((l) => l.rel === 'self')?.href).toBe(
      `${BASE}/v2/assets/stac/collections/${rot.collection.id}`,
    )
    expect(
      (await sim.call('GET', `/v2/assets/stac/collections/${crypto.randomUUID()}`, { token })).status,
    ).toBe(404)
    expect((await sim.call('GET', '/v2/assets/stac/collections/not-a-collection', { token })).status).toBe(
      404,
    )
    // The stored record keeps paths.
    expect(rot.collection.links[0].href.startsWith('/')).toBe(true)
    const asked = await sim.call<S['StacCollection']>(
      'GET',
      `/v2/assets/stac/collections/${rot.collection.id}?f=json`,
      { token },
    )
    expect(asked.body.links.find((l) => l.rel === 'self')?.href).toBe(
      `${BASE}/v2/assets/stac/collections/${rot.collection.id}?f=json`,
    )
  })

  it('summarizes what its items have, and leaves out what none has', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const items = rot.itemIds.map((id) => sim.world.stacItems.get(id)?.item.properties ?? {})
    // Give the two items different values so that the summary has something to range over.
    items[0]['eo:cloud_cover'] = 3.5
    items[1]['eo:cloud_cover'] = 12
    items[1].constellation = 'other-sat'
    for (const p of items) p.gsd = null
    const r = await sim.call<S['StacCollection']>('GET', `/v2/assets/stac/collections/${rot.collection.id}`, {
      token,
    })
    const expectedConstellations = [...new Set([String(items[0].constellation), 'other-sat'])].sort()
    expect(r.body.summaries).toMatchObject({
      constellation: expectedConstellations,
      'eo:cloud_cover': { minimum: 3.5, maximum: 12 },
      datetime: { minimum: expect.any(String) as string, maximum: expect.any(String) as string },
    })
    expect(r.body.summaries).not.toHaveProperty('gsd')
    const list = await sim.call<List>('GET', '/v2/assets/stac/collections?limit=100', { token })
    expect(list.body.collections.find((c) => c.id === rot.collection.id)?.summaries).toEqual(r.body.summaries)
  })

  it('pages the items of a collection', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const path = `/v2/assets/stac/collections/${rot.collection.id}/items`
    const all = await sim.call<Items>('GET', path, { token })
    expect(all.status).toBe(200)
    expect(all.headers.get('content-type')).toBe('application/geo+json')
    expect(all.body.features.map((f) => f.id)).toEqual(rot.itemIds)
    expect(all.body.features[0].assets.image.href).toMatch(/^http:\/\/sim\.test\/v2\/assets\//)
    const one = await sim.call<Items>('GET', `${path}?limit=1&page=1`, { token })
    expect(one.body.features.map((f) => f.id)).toEqual([rot.itemIds[1]])
    expect(one.body.context).toEqual({ returned: 1, limit: 1, matched: 2 })
    expect(one.body.links.find((l) => l.rel === 'prev')?.href).toContain('page=0')
    const firstPage = await sim.call<Items>('GET', `${path}?limit=1`, { token })
    expect(firstPage.body.links.find((l) => l.rel === 'next')?.href).toBe(`${BASE}${path}?page=1&limit=1`)
    // self is the URL asked for, query and all.
    expect(firstPage.body.links.find((l) => l.rel === 'self')?.href).toBe(`${BASE}${path}?limit=1`)
    expect(one.body.links.find((l) => l.rel === 'self')?.href).toBe(`${BASE}${path}?limit=1&page=1`)
    expect((await sim.call('GET', `${path}?token=next:1`, { token })).status).toBe(422)
    expect((await sim.call('GET', `${path}?limit=-2`, { token })).status).toBe(422)
  })

  it('filters the items of a collection by bbox and datetime, as OGC API Features has them, kept in next links', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const path = `/v2/assets/stac/collections/${rot.collection.id}/items`
    // Move the second scene to Lisbon and a month later.
    const moved = sim.world.stacItems.get(rot.itemIds[1])?.item
    if (!moved) throw new Error('no second item')
    moved.bbox = [-9.3, 38.6, -9.0, 38.8]
    moved.properties.datetime = '2026-10-20T00:00:00.000Z'
    moved.properties.start_datetime = moved.properties.end_datetime = '2026-10-20T00:00:00.000Z'
    const list = async (query: string) => {
      const r = await sim.call<Items & { numberMatched: number }>('GET', `${path}?${query}`, { token })
      expect(r.status).toBe(200)
      return r.body
    }
    expect((await list('bbox=3,51,5,52')).features.map((f) => f.id)).toEqual([rot.itemIds[0]])
    expect((await list('bbox=-10,38,-8,39')).features.map((f) => f.id)).toEqual([rot.itemIds[1]])
    // A box across the antimeridian is two boxes, and a 3D box has heights.
    expect((await list('bbox=170,38,-8,39')).features.map((f) => f.id)).toEqual([rot.itemIds[1]])
    expect((await list('bbox=3,51,0,5,52,100')).features.map((f) => f.id)).toEqual([rot.itemIds[0]])
    expect((await list('datetime=2026-10-01T00:00:00Z/..')).features.map((f) => f.id)).toEqual([
      rot.itemIds[1],
    ])
    expect((await list('datetime=2026-09-20T00:00:00Z')).features.map((f) => f.id)).toEqual([rot.itemIds[0]])
    const both = await list('limit=1&bbox=-20,30,20,60&datetime=2026-01-01T00:00:00Z/2026-12-31T00:00:00Z')
    expect(both.numberMatched).toBe(2)
    expect(both.links.find((l) => l.rel === 'next')?.href).toBe(
      `${BASE}${path}?page=1&limit=1&bbox=-20%2C30%2C20%2C60&datetime=2026-01-01T00%3A00%3A00Z%2F2026-12-31T00%3A00%3A00Z`,
    )
    // Parameters a client adds that the list does not know (pystac-client sends `collections`) are ignored.
    expect((await list(`collections=${rot.collection.id}`)).features).toHaveLength(2)
    for (const bad of [
      'bbox=1,2,3',
      'bbox=0,60,1,50',
      'bbox=a,b,c,d',
      'datetime=yesterday',
      'datetime=../..',
    ])
      expect((await sim.call('GET', `${path}?${bad}`, { token })).status, bad).toBe(422)
  })

  it('reads one item as GeoJSON; a non-uuid, unknown or misplaced item is 404', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const berlin = seeded(sim, 'Pléiades - Berlin Mitte 2026')
    const base = `/v2/assets/stac/collections/${rot.collection.id}/items`
    const r = await sim.call<S['StacItem']>('GET', `${base}/${rot.itemIds[0]}`, { token })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/geo+json')
    expect(r.body.collection).toBe(rot.collection.id)
    expect(r.body.links.find((l) => l.rel === 'self')?.href).toBe(`${BASE}${base}/${rot.itemIds[0]}`)
    const odd = await sim.call<S['Problem']>('GET', `${base}/not-a-uuid`, { token })
    expect(odd.status).toBe(404)
    expect(odd.headers.get('content-type')).toBe('application/problem+json')
    expect((await sim.call('GET', `${base}/${crypto.randomUUID()}`, { token })).status).toBe(404)
    expect((await sim.call('GET', `${base}/${berlin.itemIds[0]}`, { token })).status).toBe(404)
  })

  it("states each file's size (file:size) on one item and one collection: the bytes a download returns", async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const original = seeded(sim, ROTTERDAM, false)
    const item = await sim.call<S['StacItem']>(
      'GET',
      `/v2/assets/stac/collections/${rot.collection.id}/items/${rot.itemIds[0]}`,
      { token },
    )
    const col = await sim.call<S['StacCollection']>(
      'GET',
      `/v2/assets/stac/collections/${original.collection.id}`,
      {
        token,
      },
    )
    const assets = [...Object.values(item.body.assets), ...Object.values(col.body.assets ?? {})]
    // The item's image, its preview and its metadata; the original delivery's zip.
    expect(assets).toHaveLength(4)
    for (const a of assets) {
      const size = (a as Record<string, unknown>)['file:size']
      expect(typeof size).toBe('number')
      const id = a.href.slice(a.href.lastIndexOf('/') + 1)
      const link = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${id}/download-url`, { token })
      const file = await sim.sim.api.request(link.body.url)
      expect((await file.arrayBuffer()).byteLength).toBe(size)
    }
  })

  it("names a delivery's providers in words, as the glossary has them, not by a constellation code", async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const r = await sim.call<S['StacCollection']>('GET', `/v2/assets/stac/collections/${rot.collection.id}`, {
      token,
    })
    const name = r.body.summaries?.['up42-product:collection_name']
    const glossary = sim.world.collections.find((c) => Array.isArray(name) && c.name === name[0])
    if (!glossary) throw new Error('seed changed: Rotterdam names no glossary collection')
    expect(r.body.providers?.map((p) => p.name)).toEqual(glossary.providers.map((p) => p.title))
    expect(r.body.providers?.[0]?.roles?.every((role) => role === role.toLowerCase())).toBe(true)
  })

  it('patches the user title and tags of an item', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const path = `/v2/assets/stac/collections/${rot.collection.id}/items/${rot.itemIds[0]}`
    sim.advance(60)
    const r = await sim.call<S['StacItem']>('PATCH', path, {
      token,
      body: { 'up42-user:title': 'My port', 'up42-user:tags': ['harbour', 'q3/2026', 'harbour'] },
    })
    expect(r.status).toBe(200)
    expect(r.body.properties['up42-user:title']).toBe('My port')
    expect(r.body.properties['up42-user:tags']).toEqual(['harbour', 'q3/2026'])
    expect(r.body.properties.updated).toBe(new Date(sim.world.now()).toISOString())
    const list = await sim.call<List>('GET', '/v2/assets/stac/collections?tags=harbour', { token })
    expect(list.body.collections.map((c) => c.id)).toEqual([rot.collection.id])
    // Plain aliases, partial updates and null.
    const alias = await sim.call<S['StacItem']>('PATCH', path, { token, body: { title: 'Renamed' } })
    expect(alias.body.properties).toMatchObject({
      'up42-user:title': 'Renamed',
      'up42-user:tags': ['harbour', 'q3/2026'],
    })
    const cleared = await sim.call<S['StacItem']>('PATCH', path, {
      token,
      body: { tags: null, 'up42-user:title': null },
    })
    expect(cleared.body.properties).toMatchObject({ 'up42-user:title': null, 'up42-user:tags': [] })
  })

  it('rejects bad tags with 422 and bad bodies with 400', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const path = `/v2/assets/stac/collections/${rot.collection.id}/items/${rot.itemIds[0]}`
    const bad = await sim.call<S['Problem']>('PATCH', path, { token, body: { tags: ['fine', 'not#fine'] } })
    expect(bad.status).toBe(422)
    expect(bad.body.detail).toMatch(/not#fine/)
    expect((await sim.call('PATCH', path, { token, body: { 'up42-user:tags': ['<b>'] } })).status).toBe(422)
    expect((await sim.call('PATCH', path, { token, body: { colour: 'red' } })).status).toBe(400)
    expect((await sim.call('PATCH', path, { token, body: { tags: 'one' } })).status).toBe(400)
    expect(
      (await sim.call('PATCH', path, { token, rawBody: '{', contentType: 'application/json' })).status,
    ).toBe(400)
    expect(
      (
        await sim.call('PATCH', `/v2/assets/stac/collections/${rot.collection.id}/items/x`, {
          token,
          body: {},
        })
      ).status,
    ).toBe(404)
    expect(rot.itemIds.map((id) => sim.world.stacItems.get(id)?.item.properties['up42-user:tags'])).toEqual([
      [],
      [],
    ])
  })

  it('deletes a collection with its items, assets and download links', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const link = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, {
      token,
    })
    expect((await sim.call('GET', link.body.url.slice(BASE.length), { unchecked: true })).status).toBe(200)
    const r = await sim.call('DELETE', `/v2/assets/stac/collections/${rot.collection.id}`, { token })
    expect(r.status).toBe(204)
    expect(sim.world.stacCollections.has(rot.collection.id)).toBe(false)
    expect(rot.itemIds.some((id) => sim.world.stacItems.has(id))).toBe(false)
    expect(rot.assetIds.some((id) => sim.world.assets.has(id))).toBe(false)
    expect([...sim.world.downloads.values()].some((d) => rot.assetIds.includes(d.assetId))).toBe(false)
    expect((await sim.call('GET', link.body.url.slice(BASE.length), { unchecked: true })).status).toBe(403)
    expect(
      (await sim.call('GET', `/v2/assets/stac/collections/${rot.collection.id}`, { token })).status,
    ).toBe(404)
    expect(
      (
        await sim.call('GET', `/v2/assets/stac/collections/${rot.collection.id}/items/${rot.itemIds[0]}`, {
          token,
        })
      ).status,
    ).toBe(404)
    expect(
      (await sim.call('DELETE', `/v2/assets/stac/collections/${rot.collection.id}`, { token })).status,
    ).toBe(404)
    expect((await sim.call('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, { token })).status).toBe(404)
    // The original delivery is a collection of its own and stays.
    expect(sim.world.stacCollections.has(seeded(sim, ROTTERDAM, false).collection.id)).toBe(true)
  })
})

describe('search', () => {
  const search = async (sim: TestSim, token: string, body: Record<string, unknown>) =>
    sim.call<Items>('POST', '/v2/assets/stac/search', { token, body })
  const idsOf = (r: { body: Items }) => r.body.features.map((f) => f.id)

  it('searches only the account items, by collections and ids', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const all = await search(sim, token, { limit: 1000 })
    expect(all.status).toBe(200)
    const ownCollections = new Set(own(sim).map((r) => r.collection.id))
    expect(all.body.features.every((f) => ownCollections.has(f.collection ?? ''))).toBe(true)
    expect(all.body.context?.matched).toBe(all.body.features.length)
    expect(idsOf(await search(sim, token, { collections: [rot.collection.id] })).sort()).toEqual(
      [...rot.itemIds].sort(),
    )
    expect(idsOf(await search(sim, token, { ids: [rot.itemIds[1]] }))).toEqual([rot.itemIds[1]])
    const lyon = seeded(sim, 'SPOT - Lyon')
    expect(idsOf(await search(sim, token, { collections: [lyon.collection.id] }))).toEqual([])
  })

  it('matches bbox and intersects by intersection', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const [w, s, e, n] = rot.collection.extent.spatial.bbox[0]
    const half = [w - 1, s - 1, (w + e) / 2, n + 1]
    expect(idsOf(await search(sim, token, { bbox: half, limit: 100 }))).toEqual(
      expect.arrayContaining(rot.itemIds),
    )
    expect(idsOf(await search(sim, token, { bbox: [w - 2, s - 2, w - 1, s - 1], limit: 100 }))).not.toContain(
      rot.itemIds[0],
    )
    const poly = {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [w + 0.01, s],
          [w + 0.01, s + 0.01],
          [w, s + 0.01],
          [w, s],
        ],
      ],
    }
    expect(idsOf(await search(sim, token, { intersects: poly, limit: 100 }))).toEqual(
      expect.arrayContaining(rot.itemIds),
    )
    const far = { type: 'Point', coordinates: [-150, -60] }
    expect(idsOf(await search(sim, token, { intersects: far }))).toEqual([])
    expect((await search(sim, token, { bbox: half, intersects: poly })).status).toBe(422)
    expect((await search(sim, token, { bbox: [10, 10, 20, 5] })).status).toBe(422)
  })

  it('takes every GeoJSON geometry type as intersects, and answers GeoJSON', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const [w, s, e, n] = rot.collection.extent.spatial.bbox[0]
    const mid = [(w + e) / 2, (s + n) / 2]
    const far = [-150, -60]
    const farther = [-151, -61]
    const square = (x: number, y: number) => [
      [
        [x - 0.001, y - 0.001],
        [x + 0.001, y - 0.001],
        [x + 0.001, y + 0.001],
        [x - 0.001, y + 0.001],
        [x - 0.001, y - 0.001],
      ],
    ]
    const shapes = (p: number[], q: number[]) => [
      { type: 'Point', coordinates: p },
      { type: 'MultiPoint', coordinates: [farther, p] },
      { type: 'LineString', coordinates: [q, p] },
      {
        type: 'MultiLineString',
        coordinates: [
          [farther, far],
          [q, p],
        ],
      },
      { type: 'Polygon', coordinates: square(p[0], p[1]) },
      { type: 'MultiPolygon', coordinates: [square(far[0], far[1]), square(p[0], p[1])] },
      {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: farther },
          { type: 'LineString', coordinates: [q, p] },
        ],
      },
    ]
    for (const g of shapes(mid, [mid[0] + 5, mid[1] + 5])) {
      const r = await search(sim, token, { intersects: g, limit: 100 })
      expect(r.status, g.type).toBe(200)
      expect(r.headers.get('content-type'), g.type).toBe('application/geo+json')
      expect(idsOf(r), g.type).toEqual(expect.arrayContaining(rot.itemIds))
    }
    // The same shapes away from the port match none of its items: the geometry is really used.
    for (const g of shapes(far, farther)) {
      const hits = idsOf(await search(sim, token, { intersects: g, limit: 100 }))
      expect(
        hits.filter((id) => rot.itemIds.includes(id)),
        g.type,
      ).toEqual([])
    }
  })

  it('filters by datetime instants and open or closed intervals', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const item = sim.world.stacItems.get(rot.itemIds[0])?.item
    const t = Date.parse(item?.properties.datetime ?? '')
    const iso = (ms: number) => new Date(ms).toISOString()
    const hits = async (datetime: string) =>
      idsOf(await search(sim, token, { datetime, collections: [rot.collection.id] }))
    expect(await hits(iso(t))).toHaveLength(2)
    expect(await hits(iso(t + 1000))).toHaveLength(0)
    expect(await hits(`${iso(t - 1000)}/${iso(t + 1000)}`)).toHaveLength(2)
    expect(await hits(`../${iso(t - 1000)}`)).toHaveLength(0)
    expect(await hits(`${iso(t - 1000)}/..`)).toHaveLength(2)
    expect(await hits(`/${iso(t + 1000)}`)).toHaveLength(2)
    for (const bad of ['yesterday', '../..', `${iso(t + 1000)}/${iso(t)}`, 'a/b/c']) {
      expect((await search(sim, token, { datetime: bad })).status, bad).toBe(422)
    }
  })

  it('evaluates CQL2-JSON filters', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const berlin = seeded(sim, 'Pléiades - Berlin Mitte 2026')
    const f = async (filter: unknown) => {
      const r = await search(sim, token, { filter, 'filter-lang': 'cql2-json', limit: 1000 })
      expect(r.status).toBe(200)
      return idsOf(r)
    }
    const prop = (property: string) => ({ property })
    expect(await f({ op: '=', args: [prop('asset_id'), rot.assetIds[0]] })).toEqual([rot.itemIds[0]])
    expect((await f({ op: '=', args: [prop('order_id'), rot.orderId] })).sort()).toEqual(
      [...rot.itemIds].sort(),
    )
    const coastal = await f({ op: '=', args: [prop('workspace_id'), ids.coastalWorkspace] })
    expect(coastal).toEqual(expect.arrayContaining(rot.itemIds))
    expect(coastal).not.toContain(berlin.itemIds[0])
    expect(await f({ op: '=', args: [prop('collection_name'), 'pneo'] })).toEqual(
      expect.arrayContaining(rot.itemIds),
    )
    const notPneo = await f({ op: '<>', args: [prop('constellation'), 'PNEO'] })
    expect(notPneo).not.toContain(rot.itemIds[0])
    expect(notPneo).toContain(berlin.itemIds[0])
    const clear = await f({ op: '<=', args: [prop('eo:cloud_cover'), 3] })
    expect(clear).toContain(rot.itemIds[0])
    expect(clear).not.toContain(berlin.itemIds[0])
    expect(await f({ op: '<', args: [prop('eo:cloud_cover'), 3] })).not.toContain(rot.itemIds[0])
    expect(await f({ op: '>', args: [prop('eo:cloud_cover'), 3] })).toContain(berlin.itemIds[0])
    expect(await f({ op: '>=', args: [prop('eo:cloud_cover'), 8] })).toContain(berlin.itemIds[0])
    expect(await f({ op: 'in', args: [prop('constellation'), ['PNEO', 'PHR']] })).toEqual(
      expect.arrayContaining([...rot.itemIds, berlin.itemIds[0]]),
    )
    expect(await f({ op: 'like', args: [prop('title'), 'Pléiades Neo - Port%'] })).toEqual(
      expect.arrayContaining(rot.itemIds),
    )
    const both = await f({
      op: 'and',
      args: [
        { op: '=', args: [prop('constellation'), 'PNEO'] },
        { op: '=', args: [prop('asset_id'), rot.assetIds[0]] },
      ],
    })
    expect(both).toEqual([rot.itemIds[0]])
    const either = await f({
      op: 'or',
      args: [
        { op: '=', args: [prop('id'), rot.itemIds[0]] },
        { op: '=', args: [prop('id'), berlin.itemIds[0]] },
      ],
    })
    expect(either.sort()).toEqual([rot.itemIds[0], berlin.itemIds[0]].sort())
    const when = sim.world.stacItems.get(rot.itemIds[0])?.item.properties.datetime ?? ''
    expect(await f({ op: '=', args: [prop('datetime'), { timestamp: when }] })).toEqual(
      expect.arrayContaining(rot.itemIds),
    )
    // Tags are user tags: an array property matches when any element does.
    await sim.call('PATCH', `/v2/assets/stac/collections/${rot.collection.id}/items/${rot.itemIds[1]}`, {
      token,
      body: { tags: ['harbour', 'east'] },
    })
    expect(await f({ op: '=', args: [prop('tags'), 'east'] })).toEqual([rot.itemIds[1]])
    expect(await f({ op: 'in', args: [prop('tags'), ['west', 'harbour']] })).toEqual([rot.itemIds[1]])
  })

  it.each([
    ['unknown operator', { filter: { op: 'between', args: [{ property: 'gsd' }, 1, 2] } }, /operator/],
    ['unknown property', { filter: { op: '=', args: [{ property: 'colour' }, 'red'] } }, /unknown property/],
    ['inherited name', { filter: { op: '=', args: [{ property: 'constructor' }, 'x'] } }, /unknown property/],
    ['inherited sort field', { sortby: [{ field: 'toString', direction: 'asc' }] }, /sort/],
    ['wrong arity', { filter: { op: '=', args: [{ property: 'gsd' }] } }, /argument/],
    ['not an expression', { filter: { foo: 1 } }, /op/],
    ['bad timestamp', { filter: { op: '>', args: [{ property: 'datetime' }, 'soon'] } }, /timestamp/],
    [
      'cql2-text',
      { 'filter-lang': 'cql2-text', filter: { op: '=', args: [{ property: 'gsd' }, 1] } },
      /cql2-json/,
    ],
    ['token', { token: 'next:abc' }, /token is no longer supported/],
    ['bad sort field', { sortby: [{ field: 'colour', direction: 'asc' }] }, /sort/],
  ])('answers 422 for %s', async (_name, body, detail) => {
    const { sim, token } = await setup()
    const r = await sim.call<S['Problem']>('POST', '/v2/assets/stac/search', { token, body })
    expect(r.status).toBe(422)
    expect(r.body.detail).toMatch(detail)
  })

  it('answers 400 for a body of the wrong shape', async () => {
    const { sim, token } = await setup()
    expect((await search(sim, token, { limit: 0 })).status).toBe(400)
    expect((await search(sim, token, { bbox: [1, 2] })).status).toBe(400)
    expect(
      (
        await sim.call('POST', '/v2/assets/stac/search', {
          token,
          rawBody: 'nope',
          contentType: 'application/json',
        })
      ).status,
    ).toBe(400)
  })

  it('pages through POST next links that repeat the body with another page, and sorts', async () => {
    const { sim, token } = await setup()
    const body = {
      limit: 3,
      sortby: [{ field: 'properties.eo:cloud_cover', direction: 'desc' }],
      filter: { op: '>=', args: [{ property: 'eo:cloud_cover' }, 0] },
    }
    const first = await search(sim, token, body)
    const matched = first.body.context?.matched ?? 0
    expect(matched).toBeGreaterThan(3)
    const next = first.body.links.find((l) => l.rel === 'next')
    expect(next).toMatchObject({
      method: 'POST',
      href: `${BASE}/v2/assets/stac/search`,
      body: { ...body, page: 1 },
    })
    const seen: string[] = []
    let page: S['StacLink'] | undefined = { rel: 'next', href: '', body }
    while (page) {
      const r = await search(sim, token, page.body ?? {})
      seen.push(...idsOf(r))
      page = r.body.links.find((l) => l.rel === 'next')
    }
    expect(new Set(seen).size).toBe(matched)
    const clouds = (await search(sim, token, { ...body, limit: 1000 })).body.features.map((f) =>
      Number(f.properties['eo:cloud_cover']),
    )
    expect(clouds).toEqual([...clouds].sort((a, b) => b - a))
    const second = await search(sim, token, { ...body, page: 1 })
    expect(second.body.links.find((l) => l.rel === 'prev')).toMatchObject({
      method: 'POST',
      body: { page: 0 },
    })
  })
})

describe('GET search (Item Search)', () => {
  const post = async (sim: TestSim, token: string, body: Record<string, unknown>) =>
    (await sim.call<Items>('POST', '/v2/assets/stac/search', { token, body })).body
  const get = async (sim: TestSim, token: string, query: string) => {
    const r = await sim.call<Items>('GET', `/v2/assets/stac/search?${query}`, { token })
    expect(r.status, query).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/geo+json')
    return r.body
  }
  const idsOf = (r: Items) => r.features.map((f) => f.id)

  it('answers as POST does for the same members written as query parameters', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const berlin = seeded(sim, 'Pléiades - Berlin Mitte 2026')
    const cases: [string, Record<string, unknown>][] = [
      ['limit=1000', { limit: 1000 }],
      [
        `collections=${rot.collection.id},${berlin.collection.id}`,
        { collections: [rot.collection.id, berlin.collection.id] },
      ],
      [`ids=${rot.itemIds[1]}&ids=${berlin.itemIds[0]}`, { ids: [rot.itemIds[1], berlin.itemIds[0]] }],
      ['bbox=3,51,5,53&limit=100', { bbox: [3, 51, 5, 53], limit: 100 }],
      ['datetime=2026-01-01T00:00:00Z/..&limit=100', { datetime: '2026-01-01T00:00:00Z/..', limit: 100 }],
      [
        `intersects=${encodeURIComponent(JSON.stringify({ type: 'Point', coordinates: [4.1, 51.9] }))}`,
        { intersects: { type: 'Point', coordinates: [4.1, 51.9] } },
      ],
      [
        // `+` escaped as a client sends it, and unescaped (it arrives as a space).
        'sortby=-properties.eo:cloud_cover,%2Bid&limit=100',
        {
          sortby: [
            { field: 'properties.eo:cloud_cover', direction: 'desc' },
            { field: 'id', direction: 'asc' },
          ],
          limit: 100,
        },
      ],
      ['sortby=+datetime&limit=100', { sortby: [{ field: 'datetime', direction: 'asc' }], limit: 100 }],
      [
        `filter-lang=cql2-json&filter=${encodeURIComponent(JSON.stringify({ op: '<', args: [{ property: 'eo:cloud_cover' }, 10] }))}`,
        { 'filter-lang': 'cql2-json', filter: { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] } },
      ],
    ]
    for (const [query, body] of cases) {
      const byGet = await get(sim, token, query)
      expect(idsOf(byGet), query).toEqual(idsOf(await post(sim, token, body)))
      expect(byGet.features.length, query).toBeGreaterThan(0)
    }
  })

  it('pages through GET next links that keep the query with another page', async () => {
    const { sim, token } = await setup()
    const everything = idsOf(await post(sim, token, { limit: 1000 }))
    const first = await get(sim, token, 'limit=5&sortby=-created')
    expect(first.context).toEqual({ returned: 5, limit: 5, matched: everything.length })
    expect(first.links.find((l) => l.rel === 'self')?.href).toBe(
      `${BASE}/v2/assets/stac/search?limit=5&sortby=-created`,
    )
    expect(first.links.find((l) => l.rel === 'next')).toEqual({
      rel: 'next',
      href: `${BASE}/v2/assets/stac/search?page=1&limit=5&sortby=-created`,
      type: 'application/geo+json',
      method: 'GET',
    })
    const seen: string[] = []
    let query: string | undefined = 'limit=5&sortby=-created'
    while (query !== undefined) {
      const page: Items = await get(sim, token, query)
      seen.push(...idsOf(page))
      const next = page.links.find((l) => l.rel === 'next')?.href
      query = next ? new URL(next).search.slice(1) : undefined
    }
    expect(seen).toEqual(everything)
    const second = await get(sim, token, 'limit=5&page=1')
    expect(second.links.find((l) => l.rel === 'prev')?.href).toBe(
      `${BASE}/v2/assets/stac/search?page=0&limit=5`,
    )
  })

  it('refuses what it cannot read with 422 and a detail', async () => {
    const { sim, token } = await setup()
    const point = encodeURIComponent(JSON.stringify({ type: 'Point', coordinates: [4, 51] }))
    const cases: [string, RegExp][] = [
      ['bbox=1,2,3', /bbox/],
      ['bbox=1,95,2,96', /latitudes/],
      [`bbox=1,2,3,4&intersects=${point}`, /together/],
      ['intersects=nope', /GeoJSON/],
      [`intersects=${encodeURIComponent('{"type":"Circle"}')}`, /GeoJSON geometry/],
      ['datetime=2026-13-45', /RFC 3339/],
      ['filter=eo:cloud_cover<10', /cql2-json/],
      ['filter-lang=cql2-json&filter=%7B', /CQL2-JSON/],
      [`filter-lang=cql2-json&filter=${encodeURIComponent('{"op":"~","args":[]}')}`, /^filter: /],
      ['sortby=-geometry', /cannot sort/],
      ['limit=0', /limit/],
      ['page=-1', /page/],
      ['token=next:abc', /token/],
    ]
    for (const [query, detail] of cases) {
      const r = await sim.call<{ detail: string }>('GET', `/v2/assets/stac/search?${query}`, { token })
      expect(r.status, query).toBe(422)
      expect(r.body.detail, query).toMatch(detail)
    }
  })
})

describe('the old address with a trailing slash', () => {
  const redirect = async (
    sim: TestSim,
    method: string,
    path: string,
    headers: Record<string, string> = {},
  ) => {
    const r = await sim.call(method, path, {
      unchecked: true,
      headers,
      body: method === 'POST' ? {} : undefined,
    })
    expect(r.status, path).toBe(308)
    return r.headers.get('location')
  }

  it('sends the landing page and every path under it to the canonical address, prefix and query kept', async () => {
    const sim = new TestSim()
    expect(await redirect(sim, 'GET', '/v2/assets/stac/')).toBe(`${BASE}/v2/assets/stac`)
    expect(await redirect(sim, 'GET', '/v2/assets/stac/', { 'x-forwarded-prefix': '/api' })).toBe(
      `${BASE}/api/v2/assets/stac`,
    )
    expect(await redirect(sim, 'GET', '/v2/assets/stac/collections/?limit=2&page=1')).toBe(
      `${BASE}/v2/assets/stac/collections?limit=2&page=1`,
    )
    expect(await redirect(sim, 'GET', '/v2/assets/stac/collections/abc/items//')).toBe(
      `${BASE}/v2/assets/stac/collections/abc/items`,
    )
    // 308, not 301: a POST search stays a POST with its body.
    expect(await redirect(sim, 'POST', '/v2/assets/stac/search/', { 'x-forwarded-prefix': '/api' })).toBe(
      `${BASE}/api/v2/assets/stac/search`,
    )
    // The canonical addresses are not redirected, and other areas are left alone.
    const token = await sim.login()
    expect((await sim.call('GET', '/v2/assets/stac', { token })).status).toBe(200)
    expect((await sim.call('GET', '/v2/orders/', { token, unchecked: true })).status).toBe(404)
  })
})

describe('hostile addresses', () => {
  it('answers a NUL and dot segments in a STAC path with the redirect, never a 500', async () => {
    const { sim, token } = await setup()
    const r = await sim.call('GET', '/v2/assets/stac/collections/%00/items/%2e%2e', {
      token,
      unchecked: true,
    })
    expect(r.status).toBe(308)
    // Still percent-encoded in the header: the address goes back to a collection that does not exist.
    expect(r.headers.get('location')).toBe(`${BASE}/v2/assets/stac/collections/%00`)
    const followed = await sim.call('GET', '/v2/assets/stac/collections/%00', { token, unchecked: true })
    expect(followed.status).toBe(404)
  })
})

describe('signed downloads', () => {
  it('creates a signed URL that works without a token for 5 minutes', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const asset = sim.world.assets.get(rot.assetIds[0])
    const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, { token })
    expect(r.status).toBe(201)
    expect(r.headers.get('location')).toBe(r.body.url)
    expect(r.body.url).toMatch(new RegExp(`^${BASE}/__storage/[0-9a-f]{64}/${asset?.filename}\\?`))
    // The SDK takes the file name from this query parameter of the signed URL.
    const signed = new URL(r.body.url)
    expect(signed.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="${asset?.filename}"`,
    )
    const path = r.body.url.slice(BASE.length)
    const file = await sim.call('GET', path, { unchecked: true })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/tiff; application=geotiff; profile=cloud-optimized')
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${asset?.filename}"`)
    // Like any signed parameter, the disposition cannot be changed.
    signed.searchParams.set('response-content-disposition', 'attachment; filename="other.exe"')
    expect((await sim.call('GET', signed.pathname + signed.search, { unchecked: true })).status).toBe(403)
    // A little-endian TIFF.
    expect([...(file.bytes ?? new Uint8Array()).slice(0, 4)]).toEqual([0x49, 0x49, 42, 0])
    sim.advance(299)
    expect((await sim.call('GET', path, { unchecked: true })).status).toBe(200)
    sim.advance(1)
    const expired = await sim.call<string>('GET', path, { unchecked: true })
    expect(expired.status).toBe(403)
    expect(expired.body).toMatch(/expired/)
    expect(expired.body).toMatch(/download-url/)
    expect(sim.world.downloads.size).toBe(0)
  })

  it('signs links to the address the request reached unless a configured proxy forwards its host', async () => {
    const asked = async (sim: TestSim, headers: Record<string, string>) => {
      const token = await sim.login()
      const rot = seeded(sim, ROTTERDAM)
      const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, {
        token,
        headers,
      })
      return new URL(r.body.url)
    }
    // Anyone can send the headers: a host no proxy was configured for is not believed, nor a prefix that
    // would make the link's host another (`user@host` in an address).
    const spoofed = await asked(new TestSim(), {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    })
    expect(spoofed.origin).toBe(BASE)
    const smuggled = await asked(new TestSim(), { 'x-forwarded-prefix': '@evil.example' })
    expect(smuggled.origin).toBe(BASE)
    expect(smuggled.pathname).toMatch(/^\/__storage\//)
    // The proxy the deployment configured (nginx's $http_host) keeps its links on its own address.
    const proxied = await asked(new TestSim({ proxyHosts: ['console.test:8443'] }), {
      'x-forwarded-host': 'console.test:8443',
      'x-forwarded-proto': 'https',
      'x-forwarded-prefix': '/api',
    })
    expect(proxied.href).toMatch(/^https:\/\/console\.test:8443\/api\/__storage\//)
  })

  it('never hands out a token again after a reset', async () => {
    // The same requests before and after the reset: a world's seeded generator would draw the same values.
    const sim = new TestSim()
    const tokenOf = async () => {
      const token = await sim.login()
      const rot = seeded(sim, ROTTERDAM)
      const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, {
        token,
      })
      return new URL(r.body.url).pathname.split('/')[2]
    }
    const before = await tokenOf()
    sim.sim.reset()
    const after = await tokenOf()
    expect(after).toMatch(/^[0-9a-f]{64}$/)
    expect(after).not.toBe(before)
  })

  it('keeps a name that is not plain ASCII in filename* (RFC 6266) and a safe one in filename', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const asset = sim.world.assets.get(rot.assetIds[0])
    if (!asset) throw new Error('no asset')
    asset.filename = 'Pléiades "Neo".png'
    const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${asset.id}/download-url`, { token })
    const expected = `attachment; filename="Pl_iades _Neo_.png"; filename*=UTF-8''${encodeURIComponent(asset.filename)}`
    expect(new URL(r.body.url).searchParams.get('response-content-disposition')).toBe(expected)
    const file = await sim.call('GET', r.body.url.slice(BASE.length), { unchecked: true })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe(expected)
  })

  it('serves metadata as JSON and original deliveries as a stored zip', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const meta = rot.assetIds[1]
    const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${meta}/download-url`, { token })
    const json = await sim.call<{ assetId: string; itemId: string }>('GET', r.body.url.slice(BASE.length), {
      unchecked: true,
    })
    expect(json.headers.get('content-type')).toBe('application/json')
    expect(json.body).toMatchObject({ assetId: meta, itemId: rot.itemIds[0] })

    const original = seeded(sim, ROTTERDAM, false)
    const z = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${original.assetIds[0]}/download-url`, {
      token,
    })
    const zip = await sim.call('GET', z.body.url.slice(BASE.length), { unchecked: true })
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    const bytes = zip.bytes ?? new Uint8Array()
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
    // Compression method 0 (stored) in the first local header.
    expect(bytes[8] | (bytes[9] << 8)).toBe(0)
    const entries = unzipSync(bytes)
    const names = Object.keys(entries)
    expect(names.some((n) => n.endsWith('.png'))).toBe(true)
    expect(names.some((n) => n.endsWith('metadata.json'))).toBe(true)
    const png = entries[names.find((n) => n.endsWith('.png')) ?? '']
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('serves one byte range, so a download resumes where it stopped (206, 416 past the end)', async () => {
    const { sim, token } = await setup()
    const rot = seeded(sim, ROTTERDAM)
    const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, { token })
    const path = r.body.url.slice(BASE.length)
    const whole = await sim.call('GET', path, { unchecked: true })
    const all = whole.bytes ?? new Uint8Array()
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    const part = await sim.call('GET', path, { unchecked: true, headers: { range: 'bytes=10-' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-${all.length - 1}/${all.length}`)
    // Compared as buffers: the file is megabytes, too many for a deep equality of arrays.
    expect(Buffer.from(part.bytes ?? []).equals(Buffer.from(all.slice(10)))).toBe(true)
    const middle = await sim.call('GET', path, { unchecked: true, headers: { range: 'bytes=2-5' } })
    expect([...(middle.bytes ?? [])]).toEqual([...all.slice(2, 6)])
    const tail = await sim.call('GET', path, { unchecked: true, headers: { range: 'bytes=-4' } })
    expect([...(tail.bytes ?? [])]).toEqual([...all.slice(-4)])
    const past = await sim.call('GET', path, { unchecked: true, headers: { range: `bytes=${all.length}-` } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${all.length}`)
    // An expired link refuses a range too: resuming needs a new link.
    sim.advance(300)
    expect((await sim.call('GET', path, { unchecked: true, headers: { range: 'bytes=10-' } })).status).toBe(
      403,
    )
  })

  it('refuses unknown tokens, wrong file names and foreign or unknown assets', async () => {
    const { sim, token } = await setup()
    expect((await sim.call('GET', '/__storage/deadbeef/file.png', { unchecked: true })).status).toBe(403)
    const rot = seeded(sim, ROTTERDAM)
    const r = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, { token })
    const tokenPart = new URL(r.body.url).pathname.split('/')[2]
    expect((await sim.call('GET', `/__storage/${tokenPart}/other.png`, { unchecked: true })).status).toBe(403)
    const starter = await sim.login('starter@swath.test')
    const foreign = await sim.call<S['Problem']>('POST', `/v2/assets/${rot.assetIds[0]}/download-url`, {
      token: starter,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.headers.get('content-type')).toBe('application/problem+json')
    expect((await sim.call('POST', `/v2/assets/${crypto.randomUUID()}/download-url`, { token })).status).toBe(
      404,
    )
    expect((await sim.call('POST', `/v2/assets/${rot.assetIds[0]}/download-url`)).status).toBe(401)
  })
})

/** A GeoTIFF reader's HTTP client over the in-process simulator, counting the bytes it was sent. */
class SimClient extends BaseClient {
  received = 0
  ranges: string[] = []
  constructor(
    url: string,
    private readonly sim: TestSim,
  ) {
    super(url)
  }
  override async request(options: RequestInit = {}): Promise<BaseResponse> {
    const res = await this.sim.sim.api.request(this.url, { headers: options.headers })
    const data = await res.arrayBuffer()
    this.received += data.byteLength
    this.ranges.push(new Headers(options.headers).get('range') ?? 'all')
    return new (class extends BaseResponse {
      override get status() {
        return res.status
      }
      override getHeader(name: string) {
        return res.headers.get(name) ?? undefined
      }
      override getData() {
        return Promise.resolve(data)
      }
    })()
  }
}

describe('delivered imagery', () => {
  const itemOf = async (sim: TestSim, token: string, rec: StacCollectionRecord) =>
    (
      await sim.call<S['StacItem']>(
        'GET',
        `/v2/assets/stac/collections/${rec.collection.id}/items/${rec.itemIds[0]}`,
        {
          token,
        },
      )
    ).body

  it('describes the image as a Cloud-Optimized GeoTIFF with its projection, bands and a preview', async () => {
    const { sim, token } = await setup()
    const item = await itemOf(sim, token, seeded(sim, ROTTERDAM))
    const image = item.assets.image as Record<string, unknown>
    expect(image.type).toBe('image/tiff; application=geotiff; profile=cloud-optimized')
    expect(image.roles).toEqual(['data'])
    expect(image['proj:epsg']).toBe(4326)
    expect(image['proj:bbox']).toEqual(item.bbox)
    const [height, width] = image['proj:shape'] as number[]
    expect(Math.max(width, height)).toBe(1024)
    const [sx, , x0, , sy, y0] = image['proj:transform'] as number[]
    expect(x0 + sx * width).toBeCloseTo(item.bbox?.[2] ?? NaN, 9)
    expect(y0 + sy * height).toBeCloseTo(item.bbox?.[1] ?? NaN, 9)
    expect((image['eo:bands'] as { common_name: string }[]).map((b) => b.common_name)).toEqual([
      'red',
      'green',
      'blue',
      'nir',
      'swir16',
    ])
    expect((image['raster:bands'] as { data_type: string }[]).every((b) => b.data_type === 'uint16')).toBe(
      true,
    )
    expect(item.properties['proj:epsg']).toBe(4326)
    expect(item.stac_extensions).toEqual(
      expect.arrayContaining([
        'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
        'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
        'https://stac-extensions.github.io/raster/v1.1.0/schema.json',
        'https://stac-extensions.github.io/file/v2.1.0/schema.json',
      ]),
    )
    expect(item.assets.preview).toMatchObject({ type: 'image/png', roles: ['overview'] })
    const preview = item.assets.preview.href.split('/').pop()
    const link = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${preview}/download-url`, { token })
    const png = await sim.call('GET', link.body.url.slice(BASE.length), { unchecked: true })
    expect([...(png.bytes ?? []).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('lets a reader fetch one overview by Range requests, never the whole file, and its georeferencing is the item box', async () => {
    const { sim, token } = await setup()
    const rec = seeded(sim, ROTTERDAM)
    const item = await itemOf(sim, token, rec)
    const size = (item.assets.image as Record<string, unknown>)['file:size'] as number
    const link = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rec.assetIds[0]}/download-url`, {
      token,
    })
    const client = new SimClient(link.body.url, sim)
    const tiff = await fromCustomClient(client)
    const count = await tiff.getImageCount()
    const smallest = await tiff.getImage(count - 1)
    const full = await tiff.getImage(0)
    full.getBoundingBox().forEach((v, i) => expect(v).toBeCloseTo(item.bbox?.[i] ?? NaN, 9))
    const pixels = (await smallest.readRasters({ interleave: true })) as unknown as Uint16Array
    expect(pixels.length).toBe(smallest.getWidth() * smallest.getHeight() * 5)
    expect(client.ranges.every((r) => r.startsWith('bytes='))).toBe(true)
    // The directories and the 128 px overview: a small share of the file.
    expect(client.received).toBeLessThan(size / 10)
    // A tile read by its own Range is the very bytes of the whole file there.
    const whole =
      (await sim.call('GET', link.body.url.slice(BASE.length), { unchecked: true })).bytes ?? new Uint8Array()
    expect(whole.byteLength).toBe(size)
    const offsets = (await full.fileDirectory.loadValue('TileOffsets')) as number[]
    const counts = (await full.fileDirectory.loadValue('TileByteCounts')) as number[]
    const range = `bytes=${offsets[1]}-${offsets[1] + counts[1] - 1}`
    const tile = await sim.call('GET', link.body.url.slice(BASE.length), {
      unchecked: true,
      headers: { range },
    })
    expect(tile.status).toBe(206)
    expect(
      Buffer.from(tile.bytes ?? []).equals(Buffer.from(whole.subarray(offsets[1], offsets[1] + counts[1]))),
    ).toBe(true)
  })

  it('makes a radar delivery one band of backscatter with the SAR extension', async () => {
    const { sim, token } = await setup()
    const rec = [...sim.world.stacCollections.values()].find(
      (r) =>
        r.transformed &&
        r.accountId === ids.enterpriseAccount &&
        /capella/i.test(r.collection.keywords?.join(' ') ?? ''),
    )
    if (!rec) throw new Error('seed changed: no Capella delivery in the enterprise account')
    const item = await itemOf(sim, token, rec)
    const image = item.assets.image as Record<string, unknown>
    expect(image['eo:bands']).toBeUndefined()
    expect(image['raster:bands']).toHaveLength(2)
    expect(image['sar:polarizations']).toEqual(['VV', 'VH'])
    expect(item.properties['sar:polarizations']).toEqual(['VV', 'VH'])
    expect(item.properties['sar:frequency_band']).toBe('X')
    expect(item.stac_extensions).toContain('https://stac-extensions.github.io/sar/v1.0.0/schema.json')
    const link = await sim.call<S['SignedUrl']>('POST', `/v2/assets/${rec.assetIds[0]}/download-url`, {
      token,
    })
    const tiff = await fromCustomClient(new SimClient(link.body.url, sim))
    expect((await tiff.getImage()).getSamplesPerPixel()).toBe(2)
  })
})
