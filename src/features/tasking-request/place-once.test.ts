import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { ok } from '../../api/client'
import { poly, rect } from '../../testing/builders'
import { signedInConsole, type TestConsole } from '../../testing/sim-backend'
import { isPlacing, placeOnce, reconcilePageSize, type AttemptIdentity } from '../../data/orders/place-once'
import type { Attempt, CreateOrderRequest } from '../../data/orders/placement'
import { placementOfReconcile, type TaskingAttempt } from './tasking-rules'

// Over the simulator: the sizes of the orders list reads matter only against a real list with real paging.

/** `n` disjoint squares of about 18 km², side by side eastwards from the Camargue. */
const squares = (n: number): Polygon[] =>
  Array.from({ length: n }, (_, i) => poly(rect(4 + i * 0.06, 43.6, 4.05 + i * 0.06, 43.64)))

const PARAMS = {
  acquisitionStart: '2026-11-03T00:00:00Z',
  acquisitionEnd: '2026-11-17T00:00:00Z',
  acquisitionMode: 'mono',
  cloudCoverage: 10,
  incidenceAngle: 30,
  geometricProcessing: 'ortho',
  projection: '4326',
  spectralProcessing: 'bundle',
  pixelCoding: '12bits',
  radiometricProcessing: 'reflectance',
  deliveredAs: 'geotiff',
}

function setUp(c: TestConsole, displayName: string) {
  const world = c.backend.sim.runtime.world
  const dataProductId = world.collections.find((col) => col.name === 'phr-tasking')?.dataProducts[0]?.id ?? ''
  const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id ?? ''
  for (const account of world.accounts.values())
    for (const eula of world.eulas.values())
      for (const doc of eula.documents)
        world.acceptances.set(`${account.id}:${doc.id}`, { acceptedAt: world.now(), acceptedById: 'test' })
  const identity: AttemptIdentity = { displayName, dataProductId, sceneId: null, workspaceId }
  const request = (polygons: Polygon[]): CreateOrderRequest => ({
    dataProduct: dataProductId,
    displayName,
    params: PARAMS,
    featureCollection: {
      type: 'FeatureCollection',
      features: polygons.map((geometry) => ({ type: 'Feature', geometry, properties: {} })),
    },
  })
  return { identity, request }
}

const taskingAttempt =
  (polygons: Polygon[]) =>
  (base: Attempt): TaskingAttempt => ({
    ...base,
    features: polygons.map((geometry, i) => ({ label: `Feature ${i + 1}`, areaKm2: 18, geometry })),
  })

const orderPosts = (c: TestConsole) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path === '/v2/orders')

const idsNamed = (c: TestConsole, name: string) =>
  new Set(
    [...c.backend.sim.runtime.world.orders.values()]
      .filter((r) => r.order.displayName === name)
      .map((r) => r.order.id),
  )

describe('placeOnce', () => {
  it('finds every order of a lost answer with more features than one page of 50, among older ones of the same name', async () => {
    const c = await signedInConsole()
    const { identity, request } = setUp(c, 'Many features at once')
    // An earlier request of the same name: 70 older orders, more than the 50 a page used to hold.
    const older = await ok(
      c.client.POST('/v2/orders', {
        params: { query: { workspaceId: identity.workspaceId } },
        body: request(squares(70)),
      }),
    )
    expect(older.results).toHaveLength(70)
    const olderIds = idsNamed(c, identity.displayName)

    const polygons = squares(60)
    c.backend.sim.control.faults = [
      { path: '/v2/orders', method: 'POST', status: 503, after: true, times: 1 },
    ]
    const seen: string[] = []
    const result = await placeOnce(c.client, {
      identity,
      request: request(polygons),
      attemptOf: taskingAttempt(polygons),
      onSending: () => seen.push('sending'),
      onUnknown: () => seen.push('unknown'),
    })
    expect(seen).toEqual(['sending', 'unknown'])
    expect(orderPosts(c).map((e) => e.status)).toEqual([202, 503])
    if (result.kind !== 'lost') throw new Error(`expected a lost answer, got ${result.kind}`)
    expect(result.attempt.before).toHaveLength(70)
    expect(result.orders).not.toBeNull()

    // Every created order is found, and no older one is taken for the attempt's.
    const outcome = placementOfReconcile(result.orders ?? [], result.attempt)
    if (outcome.kind !== 'placed') throw new Error(`expected placed, got ${outcome.kind}`)
    expect(outcome.refused).toEqual([])
    expect(outcome.orders.map((o) => o.index)).toEqual(polygons.map((_, i) => i))
    const created = [...idsNamed(c, identity.displayName)].filter((id) => !olderIds.has(id))
    expect(outcome.orders.map((o) => o.orderId).sort()).toEqual(created.sort())
    // The read after asks for the attempt's orders, the older ones and some room; never more than a page.
    const reads = c.backend.log.filter((e) => e.method === 'GET' && e.path === '/v2/orders')
    expect(reads.map((e) => new URLSearchParams(e.query).get('size'))).toEqual(['1000', '180'])
  })

  it('reads no further after than before: the page after is capped at the largest page', () => {
    const attempt: Attempt = {
      displayName: 'x',
      dataProductId: 'p',
      sceneId: null,
      workspaceId: 'w',
      startedAt: '2026-11-02T09:00:00Z',
      before: Array.from({ length: 990 }, (_, i) => String(i)),
    }
    expect(reconcilePageSize(attempt, 100)).toBe(1000)
    expect(reconcilePageSize({ ...attempt, before: [] }, 1)).toBe(51)
  })

  it('lets one attempt per name and data product be out in a tab, whichever page starts it', async () => {
    const c = await signedInConsole()
    const { identity, request } = setUp(c, 'One at a time')
    const polygons = squares(1)
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 200 }]
    const args = {
      identity,
      request: request(polygons),
      attemptOf: taskingAttempt(polygons),
      onSending: () => {},
      onUnknown: () => {},
    }
    const first = placeOnce(c.client, args)
    expect(isPlacing(identity)).toBe(true)
    // The checkout's line of the same name and product (another scene) must wait.
    const second = await placeOnce(c.client, { ...args, identity: { ...identity, sceneId: 'DS_1' } })
    expect(second).toEqual({ kind: 'busy' })
    expect((await first).kind).toBe('answered')
    expect(isPlacing(identity)).toBe(false)
    expect(orderPosts(c)).toHaveLength(1)
  })
})
