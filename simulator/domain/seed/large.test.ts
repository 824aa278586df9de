import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../world/clock'
import { LARGE_WAITING_DECISIONS } from '../orders/seed'
import { HUGE_DELIVERY_TITLE, LARGE_COLLECTIONS, LARGE_ITEMS, LARGE_JOBS } from '../processing/seed-large'
import { buildWorld } from './world'
import { ids, SEED_EPOCH } from '../world/ids'
import { LARGE_ACCEPTANCES, LARGE_GEOMETRIES } from './library'
import type { World } from '../world/world'

// How long the large world takes to build is a benchmark's figure (bench/simulator.ts prints it beside its
// 10 s target), not a test's: a timed assertion fails on a busy machine.

const DAY = 86_400_000
const E = ids.enterpriseAccount

/** A digest of every record of the world (the archive's scenes aside: they are shared by every world). */
function digest(world: World): string {
  const h = createHash('sha256')
  for (const [key, value] of Object.entries(world)) {
    if (key === 'scenes' || key === 'scenesById') continue
    if (value instanceof Map) for (const [id, r] of value) h.update(`${key}:${id}:${JSON.stringify(r)}`)
    else if (Array.isArray(value)) h.update(`${key}:${JSON.stringify(value)}`)
  }
  return h.digest('hex')
}

describe('the large seed', () => {
  let world: World
  beforeAll(() => {
    world = buildWorld(manualClock(), 'large')
  }, 180_000)

  it('is the same world every time it is built', () => {
    const again = buildWorld(manualClock(), 'large')
    expect(again.orders.size).toBe(world.orders.size)
    expect(digest(again)).toBe(digest(world))
  }, 180_000)

  it('holds 10,000 orders over three years, in every status, with tags and budgets', () => {
    const orders = [...world.orders.values()].filter((r) => r.order.accountId === E).map((r) => r.order)
    expect(orders.length).toBeGreaterThanOrEqual(10_000)
    expect(orders.length).toBeLessThan(10_050)
    const statuses = new Set(orders.map((o) => o.status))
    expect([...statuses].sort()).toEqual(
      [
        'BEING_FULFILLED',
        'BEING_PLACED',
        'CANCELED',
        'CREATED',
        'FAILED_PERMANENTLY',
        'FULFILLED',
        'PLACED',
        'PLACEMENT_FAILED',
      ].sort(),
    )
    const created = orders.map((o) => Date.parse(o.createdAt))
    expect(Math.min(...created)).toBeLessThan(SEED_EPOCH - 2.9 * 365 * DAY)
    expect(Math.max(...created)).toBeLessThanOrEqual(SEED_EPOCH)
    expect(new Set(orders.map((o) => o.type))).toEqual(new Set(['ARCHIVE', 'TASKING']))
    expect(orders.filter((o) => o.tags.length > 0).length).toBeGreaterThan(4_000)
    expect(new Set(orders.map((o) => o.budgetId).filter(Boolean)).size).toBe(8)
  })

  it('keeps the lifecycle: orders in flight are recent, and a budget is only drawn on after it was made', () => {
    const inFlight = new Set(['CREATED', 'BEING_PLACED', 'PLACEMENT_FAILED', 'BEING_FULFILLED'])
    const bulk = [...world.orders.values()].filter(
      (r) => r.order.accountId === E && r.order.displayName.includes(' batch '),
    )
    const stale = bulk.filter(
      (r) => inFlight.has(r.order.status) && Date.parse(r.order.createdAt) < SEED_EPOCH - 30 * DAY,
    )
    expect(stale.map((r) => r.order.displayName)).toEqual([])
    const early = bulk.filter((r) => {
      const budget = r.order.budgetId ? world.budgets.get(r.order.budgetId) : undefined
      return budget && Date.parse(budget.budget.createdAt) > Date.parse(r.order.createdAt)
    })
    expect(early.map((r) => r.order.displayName)).toEqual([])
  })

  it('has 5,000 jobs in every final and failing status', () => {
    const jobs = [...world.jobs.values()].filter((j) => j.job.accountID === E)
    expect(jobs.length).toBe(LARGE_JOBS)
    expect(new Set(jobs.map((j) => j.job.status)).size).toBeGreaterThanOrEqual(5)
  })

  it('delivers 50,000 items in 1,000 collections, one of them 10,000 scenes each with its own footprint', () => {
    const deliveries = [...world.stacCollections.values()].filter(
      (c) => c.accountId === E && c.source !== 'PROCESSING',
    )
    expect(deliveries.length).toBe(LARGE_COLLECTIONS)
    expect(deliveries.reduce((n, c) => n + c.itemIds.length, 0)).toBe(LARGE_ITEMS)
    const huge = deliveries.find((c) => c.collection.title === HUGE_DELIVERY_TITLE)
    expect(huge?.itemIds.length).toBe(10_000)
    const footprints = new Set(
      huge?.itemIds.map((id) => JSON.stringify(world.stacItems.get(id)?.item.bbox)) ?? [],
    )
    expect(footprints.size).toBe(10_000)
    // Every item of a delivery lies inside its collection's extent.
    for (const c of deliveries) {
      const [w, s, e, n] = c.collection.extent.spatial.bbox[0]
      for (const id of c.itemIds) {
        const [iw, is, ie, iN] = world.stacItems.get(id)?.item.bbox ?? []
        if (!(iw >= w - 1e-6 && is >= s - 1e-6 && ie <= e + 1e-6 && iN <= n + 1e-6))
          throw new Error(`item ${id} lies outside collection ${c.collection.id}`)
      }
    }
    // Each delivery names an order of the account that delivered: fulfilled, or a tasking order with its
    // first acquisitions in (still being fulfilled, or failed since).
    const statusOf = (c: (typeof deliveries)[number]) => {
      const order = world.orders.get(c.orderId ?? '')?.order
      return order?.accountId === E ? `${order.type} ${order.status}` : 'no order'
    }
    const delivered = [
      'ARCHIVE FULFILLED',
      'TASKING FULFILLED',
      'TASKING BEING_FULFILLED',
      'TASKING FAILED_PERMANENTLY',
    ]
    expect(deliveries.map(statusOf).filter((s) => !delivered.includes(s))).toEqual([])
  })

  it('has about 1,000 studies and quotations, 40 of them waiting, each of a tasking order', () => {
    const decisions = [...world.studies.values(), ...world.quotations.values()].filter(
      (d) => d.accountId === E,
    )
    expect(decisions.length).toBeGreaterThanOrEqual(980)
    expect(decisions.length).toBeLessThanOrEqual(1_020)
    expect(decisions.filter((d) => d.decision === 'NOT_DECIDED').length).toBe(LARGE_WAITING_DECISIONS)
    expect(new Set(decisions.map((d) => d.decision))).toEqual(
      new Set(['NOT_DECIDED', 'ACCEPTED', 'REJECTED']),
    )
    const notTasking = decisions.filter((d) => world.orders.get(d.orderId ?? '')?.order.type !== 'TASKING')
    expect(notTasking.length).toBe(0)
  })

  it('records two years of budget usage on 8 budgets', () => {
    const budgets = [...world.budgets.values()].filter((b) => b.accountId === E)
    expect(budgets.length).toBe(8)
    const recorded = budgets.flatMap((b) => b.records.map((r) => Date.parse(r.recordedAt)))
    expect(Math.min(...recorded)).toBeLessThan(SEED_EPOCH - 2 * 365 * DAY)
    expect(budgets.every((b) => b.records.length > 0)).toBe(true)
    expect(recorded.length).toBeGreaterThan(3_000)
  })

  it('saves 1,000 geometries and 200 license acceptances', () => {
    const geometries = [...world.geometries.values()].filter((g) => g.accountId === E)
    expect(geometries.length).toBe(LARGE_GEOMETRIES)
    expect(new Set(geometries.map((g) => g.displayName)).size).toBe(LARGE_GEOMETRIES)
    const accepted = [...world.acceptances.keys()].filter((k) => k.startsWith(`${E}:`))
    expect(accepted.length).toBe(LARGE_ACCEPTANCES)
    // Each acceptance names a document of a EULA the service lists.
    const documents = new Set([...world.eulas.values()].flatMap((e) => e.documents.map((d) => d.id)))
    expect(accepted.filter((k) => !documents.has(k.slice(E.length + 1)))).toEqual([])
  })
})
