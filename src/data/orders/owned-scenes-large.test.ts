import { QueryClient } from '@tanstack/react-query'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSimBackend, signedInConsole, type TestConsole } from '../../testing/sim-backend'
import { ownedScenesOptions, ownedSince } from './owned-scenes'

/** The order list requests sent while `run` ran, and the orders they carried. */
async function reads(c: TestConsole, run: () => Promise<unknown>) {
  const from = c.backend.log.length
  const before = c.backend.sim.runtime.world.orders.size
  await run()
  const sent = c.backend.log.slice(from).filter((r) => r.path === '/v2/orders')
  expect(c.backend.sim.runtime.world.orders.size).toBe(before)
  return sent
}

describe('the owned-scene guard on the large world', () => {
  let c: TestConsole
  beforeAll(async () => {
    c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
  }, 120_000)

  it('reads orders back only to the oldest scene it marks, and marks the same scenes as reading them all', async () => {
    const world = c.backend.sim.runtime.world
    const now = world.now()
    // A search of the last six months, with the scenes the account ordered in that time first: a page of 200
    // that has marks to make.
    const ordered = new Set(
      [...world.orders.values()].map(
        (r) => (r.order.orderDetails as { imageId?: string } | undefined)?.imageId,
      ),
    )
    const page = world.scenes
      .filter((s) => {
        const t = Date.parse(s.feature.properties.acquisitionDate ?? '')
        return t <= now && t > now - 180 * 86_400_000
      })
      .sort(
        (a, b) => Number(ordered.has(b.feature.properties.id)) - Number(ordered.has(a.feature.properties.id)),
      )
      .slice(0, 200)
    expect(page.length).toBe(200)
    const since = ownedSince(page.map((s) => s.feature.properties.acquisitionDate))
    expect(since).not.toBeNull()

    let all: ReadonlyMap<string, unknown> = new Map()
    const everyOrder = await reads(c, async () => {
      all = await new QueryClient().fetchQuery(ownedScenesOptions(c.client, null))
    })
    let some: ReadonlyMap<string, unknown> = new Map()
    const needed = await reads(c, async () => {
      some = await new QueryClient().fetchQuery(ownedScenesOptions(c.client, since))
    })
    // Before: every archive order in the owning statuses, 7 pages of 1,000; now the pages back to six months ago.
    expect(everyOrder.length).toBeGreaterThanOrEqual(7)
    expect(needed.length).toBeLessThanOrEqual(2)
    const ids = page.map((s) => s.feature.properties.id)
    const marked = (m: ReadonlyMap<string, unknown>) => ids.filter((id) => m.has(id))
    expect(marked(some)).toEqual(marked(all))
    expect(marked(all).length).toBeGreaterThan(0)
    expect(some.size).toBeLessThan(all.size / 3)
  }, 120_000)
})
