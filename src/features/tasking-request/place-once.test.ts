import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { ok } from '../../api/client'
import { poly, rect } from '../../testing/builders'
import { signedInConsole, type TestConsole } from '../../testing/sim-backend'
import {
  isHeld,
  isPlacing,
  placeOnce,
  reconcilePageSize,
  resumeAttempt,
  type AttemptIdentity,
  type PlacementTarget,
} from '../../data/orders/place-once'
import type { Attempt, CreateOrderRequest, Order } from '../../data/orders/placement'
import { ordersOfAttempt, placementOfReconcile, type TaskingAttempt } from './tasking-rules'

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

/** A target as the tasking page makes it, recording what the guard keeps. */
function targetOf(featureCount: number, kept: string[] = []) {
  const target: PlacementTarget<TaskingAttempt, Order[]> = {
    key: 'test',
    featureCount,
    keep: (p) => kept.push(p.kind),
    find: (orders, attempt) => (ordersOfAttempt(orders, attempt).length > 0 ? orders : null),
  }
  return target
}

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
    const result = await placeOnce(c.client, targetOf(polygons.length, seen), {
      identity,
      request: request(polygons),
      attemptOf: taskingAttempt(polygons),
    })
    expect(seen).toEqual(['placing', 'unknown'])
    expect(orderPosts(c).map((e) => e.status)).toEqual([202, 503])
    if (result.kind !== 'found') throw new Error(`expected found orders, got ${result.kind}`)
    expect(result.attempt.before).toHaveLength(70)

    // Every created order is found, and no older one is taken for the attempt's.
    const outcome = placementOfReconcile(result.found, result.attempt)
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
    const args = { identity, request: request(polygons), attemptOf: taskingAttempt(polygons) }
    const first = placeOnce(c.client, targetOf(1), args)
    expect(isPlacing(identity)).toBe(true)
    // The checkout's line of the same name and product (another scene) must wait.
    const second = await placeOnce(
      c.client,
      { ...targetOf(1), key: 'other' },
      {
        ...args,
        identity: { ...identity, sceneId: 'DS_1' },
      },
    )
    expect(second).toEqual({ kind: 'busy' })
    expect((await first).kind).toBe('answered')
    expect(isPlacing(identity)).toBe(false)
    expect(orderPosts(c)).toHaveLength(1)
  })

  it('keeps an outcome not known yet while the request may still be at work, and finds the order created late', async () => {
    const c = await signedInConsole()
    const { identity, request } = setUp(c, 'Slow to create')
    const polygons = squares(1)
    // A slow creation whose answer this page will never get (as after a reload 1.5 s into a 4 s creation).
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 600 }]
    const attempt = taskingAttempt(polygons)({
      ...identity,
      startedAt: new Date().toISOString(),
      before: [],
    })
    const sent = c.client.POST('/v2/orders', {
      params: { query: { workspaceId: identity.workspaceId } },
      body: request(polygons),
    })
    const kept: string[] = []
    const result = await resumeAttempt(
      c.client,
      { ...targetOf(1, kept), timing: { windowMs: 10_000, delaysMs: [100] } },
      attempt,
    )
    await sent
    // The first looks found nothing, yet the outcome stayed "not known yet" until the order appeared.
    const reads = c.backend.log.filter((e) => e.method === 'GET' && e.path === '/v2/orders')
    expect(reads.length).toBeGreaterThan(1)
    expect(kept.every((k) => k === 'unknown')).toBe(true)
    if (result?.kind !== 'found') throw new Error(`expected found, got ${result?.kind}`)
    expect(ordersOfAttempt(result.found, attempt).map((o) => o.orderId)).toEqual([
      ...idsNamed(c, identity.displayName),
    ])
  })

  it('says nothing was created only once the window after sending has passed', async () => {
    const c = await signedInConsole()
    const { identity } = setUp(c, 'Never arrived')
    const polygons = squares(1)
    const attempt = taskingAttempt(polygons)({ ...identity, startedAt: new Date().toISOString(), before: [] })
    const kept: string[] = []
    const target = { ...targetOf(1, kept), timing: { windowMs: 400, delaysMs: [100] } }
    const checking = resumeAttempt(c.client, target, attempt)
    // Held meanwhile: nothing else may place or check this thing.
    expect(isHeld('test')).toBe(true)
    expect(await resumeAttempt(c.client, target, attempt)).toBeNull()
    const result = await checking
    expect(result?.kind).toBe('not-created')
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(attempt.startedAt) + 400)
    expect(isHeld('test')).toBe(false)
    // Looked more than once, "not known yet" all along, before saying so.
    const reads = c.backend.log.filter((e) => e.method === 'GET' && e.path === '/v2/orders')
    expect(reads.length).toBeGreaterThan(1)
    expect(kept).toEqual(['unknown'])
  })

  it('keeps the outcome unknown, and says so, when the orders list cannot be read to the end', async () => {
    const c = await signedInConsole()
    const { identity } = setUp(c, 'Unreadable')
    const attempt = taskingAttempt(squares(1))({
      ...identity,
      startedAt: new Date().toISOString(),
      before: [],
    })
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'GET', status: 500 }]
    const kept: (string | boolean)[] = []
    const result = await resumeAttempt(
      c.client,
      {
        ...targetOf(1),
        keep: (p) => kept.push(p.kind === 'unknown' && p.checkFailed === true),
        timing: { windowMs: 0, delaysMs: [0] },
      },
      attempt,
    )
    expect(result?.kind).toBe('unknown')
    expect(kept.at(-1)).toBe(true)
  })
})
