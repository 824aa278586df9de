import { describe, expect, it } from 'vitest'
import { ids } from '../domain/world/ids'
import { TestSim } from '../testing/harness'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './body'

/** `{"a":{"a":…1…}}`: `depth` objects inside each other. */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
/** `[[[…]]]`: `depth` arrays inside each other. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('nestsDeeperThan', () => {
  it('counts the nesting of objects and arrays exactly', () => {
    expect(nestsDeeperThan('1', 0)).toBe(false)
    expect(nestsDeeperThan('{}', 0)).toBe(true)
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false)
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true)
    // Siblings do not add up: depth is the deepest path, not the number of brackets.
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false)
    expect(nestsDeeperThan(deepObject(8000), MAX_JSON_DEPTH)).toBe(true)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[{{{{' }), 1)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify({ s: 'say \\"[[[[\\" ' + '"[[[' }), 1)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify({ s: '\\', t: [[]] }), 2)).toBe(true)
  })
})

interface Endpoint {
  name: string
  method: string
  path: (sim: TestSim) => string
  token: boolean
  /** Wraps a nested value into an otherwise reasonable body for the endpoint. */
  wrap: (nested: string) => string
  /** How the 400 names the depth: the problem's title, or the area's own message field. */
  says: (body: Record<string, unknown>) => unknown
}

const problemTitle = (b: Record<string, unknown>) => [b.status, b.title, b.detail]

const ENDPOINTS: Endpoint[] = [
  {
    name: 'catalog search',
    method: 'POST',
    path: (sim) => `/catalog/hosts/${sim.world.scenes[0].host}/stac/search`,
    token: true,
    wrap: (nested) => `{"limit": 1, "filter": ${nested}}`,
    says: problemTitle,
  },
  {
    name: 'saved geometries',
    method: 'POST',
    path: () => `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`,
    token: true,
    wrap: (nested) => `{"displayName": "deep", "featureCollection": ${nested}}`,
    says: problemTitle,
  },
  {
    name: 'orders',
    method: 'POST',
    path: () => `/v2/orders?workspaceId=${ids.mainWorkspace}`,
    token: true,
    wrap: (nested) => `{"dataProduct": "x", "params": ${nested}}`,
    says: (b) => [b.status, b.detail],
  },
  {
    name: 'storage search',
    method: 'POST',
    path: () => '/v2/assets/stac/search',
    token: true,
    wrap: (nested) => `{"filter": {"op": "and", "args": ${nested}}}`,
    says: problemTitle,
  },
  {
    name: 'processing validation',
    method: 'POST',
    path: (sim) => `/v2/processing/processes/${sim.world.processes[0].id}/validation`,
    token: true,
    wrap: (nested) => `{"inputs": ${nested}}`,
    says: (b) => [b.status, b['schema-error']],
  },
  {
    name: 'control plane faults',
    method: 'PUT',
    path: () => '/__sim/faults',
    token: false,
    wrap: (nested) => `[{"path": "/x", "status": 500, "extra": ${nested}}]`,
    says: (b) => b.error,
  },
]

describe(`JSON bodies nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    '%s: answer 400 in the area shape for an 8,000-deep object and a 3,000-deep array',
    async (_name, e) => {
      const sim = new TestSim()
      const token = e.token ? await sim.login() : undefined
      for (const [what, nested] of [
        ['object', deepObject(8000)],
        ['array', deepArray(3000)],
      ]) {
        // TestSim.call checks the answer against the contract: the 400 must be in the area's error shape.
        const r = await sim.call<Record<string, unknown>>(e.method, e.path(sim), {
          token,
          rawBody: e.wrap(nested),
          contentType: 'application/json',
        })
        expect([what, r.status]).toEqual([what, 400])
        expect(JSON.stringify(e.says(r.body))).toMatch(new RegExp(`more than ${MAX_JSON_DEPTH} levels`))
      }
      // Nothing was stored on the way.
      expect(sim.sim.control.faults).toEqual([])
    },
  )

  it('accepts a body exactly at the limit and refuses one level more', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const host = sim.world.scenes[0].host
    // The catalog keeps unknown members in its cursor: `{"filter": [[…]]}` is 1 + n levels deep.
    const search = (n: number) =>
      sim.call('POST', `/catalog/hosts/${host}/stac/search`, {
        token,
        rawBody: `{"limit": 1, "filter": ${deepArray(n)}}`,
        contentType: 'application/json',
      })
    expect((await search(MAX_JSON_DEPTH - 1)).status).toBe(200)
    expect((await search(MAX_JSON_DEPTH)).status).toBe(400)

    // A saved geometry's feature properties are free: body, featureCollection, features, feature = 4 levels.
    const save = (n: number) =>
      sim.call('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
        token,
        contentType: 'application/json',
        rawBody: JSON.stringify({
          displayName: `Deep ${n}`,
          featureCollection: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: JSON.parse(deepObject(n)) as unknown,
                geometry: {
                  type: 'Polygon',
                  coordinates: [
                    [
                      [2, 48],
                      [2.1, 48],
                      [2.1, 48.1],
                      [2, 48],
                    ],
                  ],
                },
              },
            ],
          },
        }),
      })
    expect((await save(MAX_JSON_DEPTH - 4)).status).toBe(201)
    expect((await save(MAX_JSON_DEPTH - 3)).status).toBe(400)

    // A storage search whose CQL2 filter nests `not` as deep as the limit allows: body, then 2 levels per
    // expression, then the comparison's args and property reference.
    const nots = (MAX_JSON_DEPTH - 4) / 2
    let filter: unknown = { op: '=', args: [{ property: 'title' }, 'x'] }
    for (let i = 0; i < nots; i++) filter = { op: 'not', args: [filter] }
    const deepest = await sim.call('POST', '/v2/assets/stac/search', { token, body: { filter } })
    expect(deepest.status).toBe(200)
  })
})
