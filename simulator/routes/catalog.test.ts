import * as jpegJs from 'jpeg-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { hostOf } from '../domain/catalog/hosts'
import type { S, Scene } from '../domain/world/types'
import { TestSim, type CallOptions } from '../testing/harness'

// The project's declaration of jpeg-js covers encoding only; the tests also decode.
const decodeJpeg = (
  jpegJs as unknown as { decode: (b: Uint8Array, o: { useTArray: true }) => { data: Uint8Array } }
).decode

type Search = S['CatalogSearchResponse']
type Wrapped = S['WrappedError']

let sim: TestSim
let token: string
beforeAll(async () => {
  sim = new TestSim()
  token = await sim.login()
})

const paris = {
  type: 'Polygon',
  coordinates: [
    [
      [2.25, 48.81],
      [2.42, 48.81],
      [2.42, 48.9],
      [2.25, 48.9],
      [2.25, 48.81],
    ],
  ],
}

const searchPath = (host: string) => `/catalog/hosts/${host}/stac/search`
const post = <T = Search>(
  host: string,
  body: unknown,
  opts: CallOptions & { query?: string } = {},
  on = sim,
) => on.call<T>('POST', `${searchPath(host)}${opts.query ?? ''}`, { token, body, ...opts })
/** The path and query of an absolute link, for calling the in-process simulator. */
const pathOf = (href: string) => {
  const u = new URL(href)
  return u.pathname + u.search
}
const link = (r: Search, rel: string) => r.links.find((l) => l.rel === rel)

describe('POST /catalog/hosts/{host}/stac/search', () => {
  it('needs a token', async () => {
    expect((await sim.call('POST', searchPath('oneatlas'), { body: {} })).status).toBe(401)
  })

  it('answers 404 wrapped errors for an unknown host and for a provider that is no host', async () => {
    for (const host of ['nowhere', 'airbus']) {
      const r = await post<Wrapped>(host, {})
      expect(r.status, host).toBe(404)
      expect(r.body).toMatchObject({
        data: {},
        error: { code: 404, message: expect.stringContaining(host) as string },
      })
    }
  })

  it('finds scenes of several collections over Paris, with self and next links', async () => {
    const r = await post('oneatlas', { intersects: paris, limit: 100 })
    expect(r.status).toBe(200)
    expect(r.body.type).toBe('FeatureCollection')
    expect(r.body.features).toHaveLength(100)
    expect(new Set(r.body.features.map((f) => f.properties.collection))).toEqual(
      new Set(['phr', 'pneo', 'spot']),
    )
    expect(link(r.body, 'self')?.href).toBe('http://sim.test/catalog/hosts/oneatlas/stac/search')
    expect(link(r.body, 'next')?.href).toMatch(
      /^http:\/\/sim\.test\/catalog\/hosts\/oneatlas\/stac\/search\?next=next:[A-Za-z0-9_-]+$/,
    )
    expect(link(r.body, 'prev')).toBeUndefined()
  })

  it('pages by POSTing the same body to the next and prev links', async () => {
    const body = { intersects: paris, limit: 25, collections: ['phr'] }
    const first = (await post('oneatlas', body)).body
    const next = link(first, 'next')?.href as string
    const second = await sim.call<Search>('POST', pathOf(next), { token, body })
    expect(second.status).toBe(200)
    const ids = (r: Search) => r.features.map((f) => f.id)
    expect(ids(second.body).some((id) => ids(first).includes(id))).toBe(false)
    expect(link(second.body, 'self')?.href).toBe(next)
    const prev = link(second.body, 'prev')?.href as string
    expect(prev).toMatch(/\?next=prev:/)
    expect(ids((await sim.call<Search>('POST', pathOf(prev), { token, body })).body)).toEqual(ids(first))
    // The last page has no next link.
    let page = first
    let guard = 0
    while (link(page, 'next') && guard++ < 100)
      page = (await sim.call<Search>('POST', pathOf(link(page, 'next')?.href as string), { token, body }))
        .body
    expect(link(page, 'next')).toBeUndefined()
    expect(link(page, 'prev')).toBeDefined()
  })

  it('rejects a next value used with another body, or made up, with 422', async () => {
    const body = { intersects: paris, limit: 5 }
    const next = new URL(link((await post('oneatlas', body)).body, 'next')?.href as string).search
    for (const [query, b] of [
      [next, { ...body, limit: 6 }],
      ['?next=next:Zm9v', body],
      ['?next=page2', body],
    ] as const) {
      const r = await post<Wrapped>('oneatlas', b, { query })
      expect(r.status, query).toBe(422)
      expect(r.body.error.message).toMatch(/next parameter/)
    }
  })

  it('builds links for the address the caller used, behind a configured proxy and its prefix', async () => {
    const proxied = new TestSim({ proxyHosts: ['console.test'] })
    const proxiedToken = await proxied.login()
    const r = await proxied.call<Search>('POST', searchPath('blacksky'), {
      token: proxiedToken,
      body: {},
      headers: {
        'x-forwarded-prefix': '/api',
        'x-forwarded-host': 'console.test',
        'x-forwarded-proto': 'https',
      },
    })
    expect(link(r.body, 'next')?.href).toMatch(
      /^https:\/\/console\.test\/api\/catalog\/hosts\/blacksky\/stac\/search\?next=next:/,
    )
  })

  it.each([
    ['an unknown collection', { collections: ['nope'] }, /nope/],
    ['another host’s collection', { collections: ['capella-gec'] }, /capella-gec/],
    ['limit 0', { limit: 0 }, /limit/],
    ['limit 501', { limit: 501 }, /limit/],
    ['a short bbox', { bbox: [0, 0, 1] }, /bbox/],
    ['a bbox upside down', { bbox: [0, 10, 1, 0] }, /bbox/],
    ['bbox with intersects', { bbox: [0, 0, 1, 1], intersects: paris }, /either bbox or intersects/],
    ['a MultiPolygon', { intersects: { type: 'MultiPolygon', coordinates: [paris.coordinates] } }, /Polygon/],
    [
      'an open ring',
      { intersects: { type: 'Polygon', coordinates: [paris.coordinates[0].slice(0, 4)] } },
      /intersects/,
    ],
    ['an open interval on both sides', { datetime: '../..' }, /datetime/],
    ['a reversed interval', { datetime: '2025-02-01T00:00:00Z/2025-01-01T00:00:00Z' }, /datetime/],
    ['an unknown query property', { query: { snowCover: { lt: 5 } } }, /snowCover/],
    ['an unknown query operator', { query: { cloudCoverage: { between: [1, 2] } } }, /between/],
    ['an unsortable field', { sortby: [{ field: 'id', direction: 'asc' }] }, /sortby/],
  ])('answers 422 for %s, in the wrapped envelope', async (_name, body, message) => {
    const r = await post<Wrapped>('oneatlas', body)
    expect(r.status).toBe(422)
    expect(r.body.data).toEqual({})
    expect(r.body.error.code).toBe(422)
    expect(r.body.error.message).toMatch(message)
  })

  it('refuses a cloud cover filter at the radar host', async () => {
    const r = await post<Wrapped>('capellaspace', { query: { cloudCoverage: { lte: 10 } } })
    expect(r.status).toBe(422)
    expect(r.body.error.message).toMatch(/capellaspace cannot filter on cloudCoverage/)
  })

  it('answers 400 problems for a body that is not a JSON object', async () => {
    const notJson = await sim.call<S['Problem']>('POST', searchPath('oneatlas'), {
      token,
      rawBody: '{"bbox": [',
      contentType: 'application/json',
    })
    expect(notJson.status).toBe(400)
    expect(notJson.headers.get('content-type')).toMatch(/problem\+json/)
    expect((await post('oneatlas', [1, 2])).status).toBe(400)
    expect((await sim.call('POST', searchPath('oneatlas'), { token })).status).toBe(400)
  })

  it('filters, sorts and limits together', async () => {
    const r = await post('oneatlas', {
      bbox: [-10, 35, 30, 60],
      datetime: '2025-01-01T00:00:00Z/2025-12-31T23:59:59Z',
      query: { cloudCoverage: { lte: 20 }, constellation: { in: ['phr', 'pneo'] } },
      sortby: [{ field: 'cloudCoverage', direction: 'asc' }],
      limit: 50,
    })
    expect(r.status).toBe(200)
    expect(r.body.features).toHaveLength(50)
    const clouds = r.body.features.map((f) => f.properties.cloudCoverage as number)
    expect(clouds).toEqual([...clouds].sort((a, b) => a - b))
    for (const f of r.body.features) {
      expect(f.properties.datetime?.startsWith('2025')).toBe(true)
      expect(['phr', 'pneo']).toContain(f.properties.constellation)
    }
  })

  it('gives identical answers in two fresh simulators', async () => {
    const other = new TestSim()
    const otherToken = await other.login()
    const body = { bbox: [100, 0, 140, 40], limit: 200, sortby: [{ field: 'resolution', direction: 'asc' }] }
    for (const host of ['oneatlas', 'blacksky', 'capellaspace']) {
      const a = await post(host, body)
      const b = await post(host, body, { token: otherToken }, other)
      expect(JSON.stringify(b.body), host).toBe(JSON.stringify(a.body))
      const next = link(a.body, 'next')?.href as string
      const a2 = await sim.call<Search>('POST', pathOf(next), { token, body })
      const b2 = await other.call<Search>('POST', pathOf(next), { token: otherToken, body })
      expect(JSON.stringify(b2.body), host).toBe(JSON.stringify(a2.body))
    }
  })

  it('has scenes for every archive collection of every host', async () => {
    for (const c of sim.world.collections.filter((col) => col.type === 'ARCHIVE')) {
      const host = hostOf(c) as string
      const r = await post(host, { collections: [c.name], limit: 3 })
      expect(r.body.features.length, c.name).toBe(3)
    }
  })

  it('answers an injected host failure with 542 in the wrapped envelope', async () => {
    const faulty = new TestSim()
    const t = await faulty.login()
    await faulty.call('PUT', '/__sim/faults', { body: [{ path: '/catalog/**', status: 542 }] })
    const r = await faulty.call<Wrapped>('POST', searchPath('oneatlas'), { token: t, body: {} })
    expect(r.status).toBe(542)
    expect(r.body).toMatchObject({ data: {}, error: { code: 542 } })
    const scene = faulty.world.scenes.find((s) => s.host === 'oneatlas') as Scene
    const q = await faulty.call<Wrapped>('GET', `/catalog/oneatlas/image/${scene.feature.id}/quicklook`, {
      token: t,
    })
    expect(q.status).toBe(542)
  })
})

describe('previews', () => {
  const sceneOf = (collection: string) =>
    sim.world.scenes.find((s) => s.feature.properties.collection === collection) as Scene
  const get = (host: string, id: string, kind: 'thumbnail' | 'quicklook', t: string | null = token) => {
    const opts = { token: t ?? undefined }
    const image = encodeURIComponent(id)
    return kind === 'thumbnail'
      ? sim.call<Wrapped>('GET', `/catalog/${host}/image/${image}/thumbnail`, opts)
      : sim.call<Wrapped>('GET', `/catalog/${host}/image/${image}/quicklook`, opts)
  }

  const pngWidth = (b: Uint8Array) => {
    expect([...b.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    return new DataView(b.buffer, b.byteOffset).getUint32(16)
  }
  const jpegWidth = (b: Uint8Array) => {
    expect([b[0], b[1]]).toEqual([0xff, 0xd8])
    const v = new DataView(b.buffer, b.byteOffset)
    for (let i = 2; i + 9 < b.length;) {
      const marker = v.getUint16(i)
      if (marker >= 0xffc0 && marker <= 0xffc2) return v.getUint16(i + 7)
      i += 2 + v.getUint16(i + 2)
    }
    throw new Error('no SOF marker')
  }

  it('needs a token', async () => {
    expect((await get('oneatlas', String(sceneOf('phr').feature.id), 'thumbnail', null)).status).toBe(401)
  })

  it('serves OneAtlas PNGs: 128 px thumbnails and 512 px quicklooks, cacheable privately', async () => {
    const id = String(sceneOf('phr').feature.id)
    const thumb = await get('oneatlas', id, 'thumbnail')
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/png')
    expect(thumb.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(pngWidth(thumb.bytes as Uint8Array)).toBe(128)
    const quick = await get('oneatlas', id, 'quicklook')
    expect(pngWidth(quick.bytes as Uint8Array)).toBe(512)
    // The same scene gives the same picture.
    expect((await get('oneatlas', id, 'thumbnail')).bytes).toEqual(thumb.bytes)
  })

  it('serves BlackSky JPEGs', async () => {
    const id = String(sceneOf('blacksky-archive').feature.id)
    const thumb = await get('blacksky', id, 'thumbnail')
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    expect(jpegWidth(thumb.bytes as Uint8Array)).toBe(128)
    expect(jpegWidth((await get('blacksky', id, 'quicklook')).bytes as Uint8Array)).toBe(512)
  })

  it('serves Capella quicklooks only, in gray', async () => {
    const id = String(sceneOf('capella-gec').feature.id)
    const quick = await get('capellaspace', id, 'quicklook')
    expect(quick.status).toBe(200)
    expect(jpegWidth(quick.bytes as Uint8Array)).toBe(512)
    const { data } = decodeJpeg(quick.bytes as Uint8Array, { useTArray: true })
    let spread = 0
    for (let i = 0; i < data.length; i += 4)
      spread = Math.max(spread, Math.abs(data[i] - data[i + 1]), Math.abs(data[i + 1] - data[i + 2]))
    expect(spread, 'red, green and blue stay (nearly) equal').toBeLessThan(12)
    const thumb = await get('capellaspace', id, 'thumbnail')
    expect(thumb.status).toBe(404)
    expect(thumb.body.error.message).toMatch(/no thumbnail/)
  })

  it('answers 404 wrapped errors where there is no preview', async () => {
    const nsl = String(sceneOf('nsl-30cm').feature.id)
    expect((await get('nearspace', nsl, 'thumbnail')).status).toBe(404)
    expect((await get('nearspace', nsl, 'quicklook')).status).toBe(404)
    const phr = String(sceneOf('phr').feature.id)
    const elsewhere = await get('blacksky', phr, 'thumbnail')
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body).toMatchObject({ data: {}, error: { code: 404 } })
    expect((await get('oneatlas', 'DS_NOPE', 'quicklook')).status).toBe(404)
    expect((await get('nowhere', phr, 'quicklook')).status).toBe(404)
  })
})
