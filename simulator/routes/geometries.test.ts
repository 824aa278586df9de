import { describe, expect, it } from 'vitest'
import { aoiFeatureCollectionIssues, MAX_AOI_POSITIONS } from '../domain/geometries/rules'
import { ids } from '../domain/world/ids'
import { geometryId } from '../domain/seed/library'
import type { S } from '../domain/world/types'
import { TestSim } from '../testing/harness'

type Page = S['SavedGeometryPage']
type Problem = S['Problem']
type Geometry = S['SavedGeometry']

const square = (w = 10, s = 50, size = 0.1): number[][] => [
  [w, s],
  [w + size, s],
  [w + size, s + size],
  [w, s + size],
  [w, s],
]
const fcOf = (...geometries: unknown[]) => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
})
const polygonFc = (ring: unknown[] = square()) => fcOf({ type: 'Polygon', coordinates: [ring] })

async function setup(email = 'analyst@swath.test') {
  const sim = new TestSim()
  const token = await sim.login(email)
  return { sim, token }
}

describe('GET /v2/spatial/geometries', () => {
  it("lists the account's seeded AOIs, newest first by default", async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Page>('GET', '/v2/spatial/geometries', { token })
    expect(r.status).toBe(200)
    expect(r.body.totalElements).toBe(6)
    expect(r.body.content.every((g) => g.accountId === ids.enterpriseAccount)).toBe(true)
    const created = r.body.content.map((g) => g.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(r.body.content.some((g) => g.featureCollection.features[0].geometry.type === 'MultiPolygon')).toBe(
      true,
    )
  })

  it('filters by workspace and by a case-insensitive part of the display name', async () => {
    const { sim, token } = await setup()
    const coastal = await sim.call<Page>(
      'GET',
      `/v2/spatial/geometries?workspaceId=${ids.coastalWorkspace}`,
      { token },
    )
    expect(coastal.body.content.map((g) => g.displayName).sort()).toEqual([
      'Port of Rotterdam',
      'Tagus estuary and Lisbon coast',
      'Venice lagoon',
    ])
    const main = await sim.call<Page>('GET', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
      token,
    })
    expect(main.body.totalElements).toBe(3)
    const byName = await sim.call<Page>('GET', '/v2/spatial/geometries?displayName=LAGOON', { token })
    expect(byName.body.content.map((g) => g.displayName)).toEqual(['Venice lagoon'])
    const none = await sim.call<Page>('GET', '/v2/spatial/geometries?displayName=atlantis', { token })
    expect(none.body).toMatchObject({ totalElements: 0, empty: true, content: [] })
  })

  it('sorts by displayName, createdAt or updatedAt and pages', async () => {
    const { sim, token } = await setup()
    const asc = await sim.call<Page>('GET', '/v2/spatial/geometries?sort=displayName,asc', { token })
    const names = asc.body.content.map((g) => g.displayName)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    const oldest = await sim.call<Page>('GET', '/v2/spatial/geometries?sort=createdAt,asc&size=2&page=0', {
      token,
    })
    expect(oldest.body.content[0].displayName).toBe('Rondônia deforestation front')
    expect(oldest.body).toMatchObject({
      size: 2,
      totalPages: 3,
      first: true,
      last: false,
      numberOfElements: 2,
    })
    const last = await sim.call<Page>('GET', '/v2/spatial/geometries?sort=updatedAt,desc&size=2&page=2', {
      token,
    })
    expect(last.body).toMatchObject({ number: 2, last: true })
  })

  it('falls back to defaults for bad paging values (the contract has no 400 here)', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Page>('GET', '/v2/spatial/geometries?page=-3&size=abc&sort=nonsense,up', {
      token,
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ number: 0, size: 20, totalElements: 6 })
  })

  it.each([
    ['an unknown workspace', '00000000-0000-4000-8000-000000000000'],
    ["another account's workspace", ids.starterWorkspace],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 workspace-not-found for %s', async (_name, ws) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('GET', `/v2/spatial/geometries?workspaceId=${ws}`, { token })
    expect(r.status).toBe(404)
    expect(r.body.type).toMatch(/\/problems\/workspace-not-found$/)
  })

  it('shows each account only its own geometries', async () => {
    const { sim, token } = await setup('starter@swath.test')
    const r = await sim.call<Page>('GET', '/v2/spatial/geometries', { token })
    expect(r.body.content.map((g) => g.displayName)).toEqual(['Saint-Émilion vineyards'])
  })

  it('needs a token (401)', async () => {
    const sim = new TestSim()
    expect((await sim.call('GET', '/v2/spatial/geometries')).status).toBe(401)
    expect(
      (
        await sim.call('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
          body: { displayName: 'x', featureCollection: polygonFc() },
        })
      ).status,
    ).toBe(401)
    expect((await sim.call('GET', `/v2/spatial/geometries/${geometryId('venice')}`)).status).toBe(401)
    expect(
      (
        await sim.call('PATCH', `/v2/spatial/geometries/${geometryId('venice')}`, {
          body: { displayName: 'x' },
        })
      ).status,
    ).toBe(401)
    expect((await sim.call('DELETE', `/v2/spatial/geometries/${geometryId('venice')}`)).status).toBe(401)
  })
})

describe('POST /v2/spatial/geometries', () => {
  it('saves a geometry in a workspace and answers 201 with it', async () => {
    const { sim, token } = await setup()
    const fc = polygonFc()
    const r = await sim.call<Geometry>('POST', `/v2/spatial/geometries?workspaceId=${ids.coastalWorkspace}`, {
      token,
      body: { displayName: '  Harbour  ', featureCollection: fc },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      displayName: 'Harbour',
      workspaceId: ids.coastalWorkspace,
      accountId: ids.enterpriseAccount,
      featureCollection: fc,
      createdBy: { id: ids.analyst, type: 'USER' },
    })
    expect(r.body.createdAt).toBe(new Date(sim.world.now()).toISOString())
    const read = await sim.call<Geometry>('GET', `/v2/spatial/geometries/${r.body.id}`, { token })
    expect(read.body).toEqual(r.body)
    const list = await sim.call<Page>('GET', `/v2/spatial/geometries?workspaceId=${ids.coastalWorkspace}`, {
      token,
    })
    expect(list.body.content[0].id).toBe(r.body.id)
  })

  it('accepts a MultiPolygon with a hole and several features', async () => {
    const { sim, token } = await setup()
    const multi = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 4), square(1, 1, 1)], [square(10, 10, 1)]],
    }
    const fc = fcOf(multi, { type: 'Polygon', coordinates: [square(20, 20, 1)] })
    const r = await sim.call<Geometry>('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
      token,
      body: { displayName: 'Parts', featureCollection: fc },
    })
    expect(r.status).toBe(201)
  })

  it('answers 400 when the workspaceId is missing', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('POST', '/v2/spatial/geometries', {
      token,
      body: { displayName: 'x', featureCollection: polygonFc() },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual([{ name: 'workspaceId', reason: 'is required' }])
  })

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['foreign', ids.starterWorkspace],
    ['malformed', '..'],
  ])('answers 404 workspace-not-found for a %s workspace', async (_n, ws) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('POST', `/v2/spatial/geometries?workspaceId=${ws}`, {
      token,
      body: { displayName: 'x', featureCollection: polygonFc() },
    })
    expect(r.status).toBe(404)
    expect(r.body.type).toMatch(/workspace-not-found$/)
    expect(sim.world.geometries.size).toBe(7)
  })

  const invalid: [string, unknown, RegExp][] = [
    ['an empty collection', fcOf(), /at least one feature/],
    [
      'a point',
      fcOf({ type: 'Point', coordinates: [1, 2] }),
      /Point, but an area of interest must be a Polygon/,
    ],
    [
      'an open ring',
      polygonFc([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0.5],
      ]),
      /not closed/,
    ],
    [
      'a ring of three positions',
      polygonFc([
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
      /at least 4/,
    ],
    [
      'a Z coordinate',
      polygonFc([
        [0, 0, 5],
        [1, 0, 5],
        [1, 1, 5],
        [0, 0, 5],
      ]),
      /third \(Z, height\) coordinate/,
    ],
    ['a longitude out of range', polygonFc(square(179.95, 0, 0.1)), /longitude 180\.05, outside -180\.\.180/],
    ['a latitude out of range', polygonFc(square(0, 89.95, 0.1)), /latitude 90\.05, outside -90\.\.90/],
    [
      'a bow tie',
      polygonFc([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
      /intersects itself/,
    ],
    [
      'a hole crossing the outer ring',
      fcOf({ type: 'Polygon', coordinates: [square(0, 0, 4), square(3, 1, 2)] }),
      /intersects itself/,
    ],
    [
      'a flat ring',
      polygonFc([
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 0],
      ]),
      /encloses no area/,
    ],
  ]
  it.each(invalid)('answers 400 invalid-geometry with readable errors for %s', async (_name, fc, reason) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
      token,
      body: { displayName: 'Bad', featureCollection: fc },
    })
    expect(r.status).toBe(400)
    expect(r.headers.get('content-type')).toMatch(/problem\+json/)
    expect(r.body.type).toMatch(/invalid-geometry$/)
    expect(r.body.errors?.[0].name).toMatch(/^featureCollection/)
    expect(r.body.errors?.map((e) => e.reason).join(' ')).toMatch(reason)
    expect(r.body.detail).toMatch(/not a valid area of interest/)
    expect(sim.world.geometries.size).toBe(7)
  })

  it.each([
    ['a missing displayName', { featureCollection: polygonFc() }, 'displayName'],
    ['a blank displayName', { displayName: '   ', featureCollection: polygonFc() }, 'displayName'],
    [
      'a too long displayName',
      { displayName: 'x'.repeat(201), featureCollection: polygonFc() },
      'displayName',
    ],
    ['an unknown member', { displayName: 'x', featureCollection: polygonFc(), colour: 'red' }, 'body'],
    ['a missing featureCollection', { displayName: 'x' }, 'featureCollection'],
  ])('answers 400 for %s', async (_name, body, field) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
      token,
      body,
    })
    expect(r.status).toBe(400)
    expect(r.body.errors?.some((e) => e.name === field)).toBe(true)
  })

  it('answers 400 for malformed JSON and 413 for a body over 1 MiB', async () => {
    const { sim, token } = await setup()
    const path = `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`
    const bad = await sim.call<Problem>('POST', path, {
      token,
      rawBody: '{"displayName":',
      contentType: 'application/json',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.type).toMatch(/malformed-body$/)
    const huge = await sim.call<Problem>('POST', path, {
      token,
      rawBody: JSON.stringify({ displayName: 'x'.repeat(1_100_000) }),
      contentType: 'application/json',
    })
    expect(huge.status).toBe(413)
  })
})

describe('GET, PATCH and DELETE /v2/spatial/geometries/{geometry-id}', () => {
  it('reads a seeded geometry', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Geometry>('GET', `/v2/spatial/geometries/${geometryId('rotterdam')}`, { token })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id: geometryId('rotterdam'),
      displayName: 'Port of Rotterdam',
      workspaceId: ids.coastalWorkspace,
    })
  })

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['foreign', geometryId('bordeaux')],
    ['malformed', 'abc'],
  ])('answers 404 geometry-not-found for a %s id on GET, PATCH and DELETE', async (_n, id) => {
    const { sim, token } = await setup()
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { displayName: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await sim.call<Problem>(method, `/v2/spatial/geometries/${id}`, { token, body })
      expect(r.status, method).toBe(404)
      expect(r.body.type).toMatch(/geometry-not-found$/)
    }
    expect(sim.world.geometries.get(geometryId('bordeaux'))?.displayName).toBe('Saint-Émilion vineyards')
  })

  it('renames without touching the shape (merge patch), then replaces the shape', async () => {
    const { sim, token } = await setup()
    const path = `/v2/spatial/geometries/${geometryId('venice')}`
    const before = (await sim.call<Geometry>('GET', path, { token })).body
    sim.advance(60)
    const renamed = await sim.call<Geometry>('PATCH', path, {
      token,
      body: { displayName: 'Venice and Chioggia' },
      contentType: 'application/merge-patch+json',
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.displayName).toBe('Venice and Chioggia')
    expect(renamed.body.featureCollection).toEqual(before.featureCollection)
    expect(renamed.body.createdAt).toBe(before.createdAt)
    expect(renamed.body.updatedAt).toBe(new Date(sim.world.now()).toISOString())
    const fc = polygonFc(square(12.2, 45.2, 0.3))
    const reshaped = await sim.call<Geometry>('PATCH', path, { token, body: { featureCollection: fc } })
    expect(reshaped.body).toMatchObject({ displayName: 'Venice and Chioggia', featureCollection: fc })
    const both = await sim.call<Geometry>('PATCH', path, {
      token,
      body: { displayName: 'Lagoon', featureCollection: polygonFc() },
    })
    expect(both.body.displayName).toBe('Lagoon')
  })

  it('validates a patch like a creation and leaves the geometry unchanged when it fails', async () => {
    const { sim, token } = await setup()
    const path = `/v2/spatial/geometries/${geometryId('venice')}`
    const before = (await sim.call<Geometry>('GET', path, { token })).body
    const cases: unknown[] = [
      {
        displayName: 'New',
        featureCollection: polygonFc([
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ]),
      },
      { displayName: null },
      { featureCollection: null },
      { displayName: '' },
      { displayName: 'x', unknown: 1 },
    ]
    for (const body of cases) {
      const r = await sim.call<Problem>('PATCH', path, { token, body })
      expect(r.status, JSON.stringify(body)).toBe(400)
    }
    expect((await sim.call<Geometry>('GET', path, { token })).body).toEqual(before)
    const tooLarge = await sim.call('PATCH', path, {
      token,
      rawBody: 'x'.repeat(1_100_000),
      contentType: 'application/json',
    })
    expect(tooLarge.status).toBe(413)
  })

  it('deletes: 204, then 404', async () => {
    const { sim, token } = await setup()
    const path = `/v2/spatial/geometries/${geometryId('berlin')}`
    const r = await sim.call('DELETE', path, { token })
    expect(r.status).toBe(204)
    expect(r.body).toBeUndefined()
    expect((await sim.call('GET', path, { token })).status).toBe(404)
    expect((await sim.call('DELETE', path, { token })).status).toBe(404)
    expect((await sim.call<Page>('GET', '/v2/spatial/geometries', { token })).body.totalElements).toBe(5)
  })

  it('brings seeded geometries back after a reset', async () => {
    const { sim, token } = await setup()
    await sim.call('DELETE', `/v2/spatial/geometries/${geometryId('berlin')}`, { token })
    sim.sim.reset()
    expect((await sim.call('GET', `/v2/spatial/geometries/${geometryId('berlin')}`, { token })).status).toBe(
      200,
    )
  })
})

describe('AOI rules', () => {
  it('accepts every seeded geometry', async () => {
    const { sim } = await setup()
    for (const g of sim.world.geometries.values())
      expect(aoiFeatureCollectionIssues(g.featureCollection), g.displayName).toEqual([])
  })

  it('tolerates a vertex repeated in a row and parts of a MultiPolygon that share an edge', () => {
    expect(
      aoiFeatureCollectionIssues(
        polygonFc([
          [0, 0],
          [1, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ]),
      ),
    ).toEqual([])
    expect(
      aoiFeatureCollectionIssues(
        fcOf({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(1, 0, 1)]] }),
      ),
    ).toEqual([])
  })

  it('never throws on hostile values and names the offending member', () => {
    const hostile: unknown[] = [
      null,
      3,
      'x',
      [],
      {},
      { type: 'FeatureCollection' },
      { type: 'FeatureCollection', features: [null, 1, { type: 'Feature' }] },
      fcOf({ type: 'Polygon', coordinates: 'x' }),
      fcOf({ type: 'Polygon', coordinates: [[['a', 'b']]] }),
      fcOf({
        type: 'Polygon',
        coordinates: [
          [
            [NaN, 0],
            [1, 0],
            [1, 1],
            [NaN, 0],
          ],
        ],
      }),
      fcOf({ type: 'MultiPolygon', coordinates: [[], null] }),
      fcOf({ type: 'GeometryCollection', geometries: [] }),
    ]
    for (const v of hostile) {
      const issues = aoiFeatureCollectionIssues(v)
      expect(issues.length, JSON.stringify(v)).toBeGreaterThan(0)
      for (const i of issues) expect(i.name).toMatch(/^featureCollection/)
    }
  })

  it('refuses more vertices than it can check quickly', () => {
    const ring: number[][] = []
    for (let i = 0; i < MAX_AOI_POSITIONS + 10; i++) {
      const a = (i / (MAX_AOI_POSITIONS + 10)) * 2 * Math.PI
      ring.push([Math.cos(a), Math.sin(a)])
    }
    ring.push(ring[0])
    expect(aoiFeatureCollectionIssues(polygonFc(ring))[0].reason).toMatch(/more than 10000 vertices/)
  })
})
