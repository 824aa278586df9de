import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createSimBackend, signedInConsole } from '../../testing/sim-backend'
import { readSources, SOURCES } from './read-sources'

describe("the centre's rounds on the large world", () => {
  it('read each resource at most once a round once the first has named the orders decisions wait on', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const user = c.session.getSnapshot().user
    if (!user) throw new Error('not signed in')
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // A budget of 0 ms: every round reads afresh, as rounds a minute apart do.
    const ctx = { client: c.client, qc, user, maxAgeMs: 0 }
    const first = await readSources(SOURCES, ctx, {})
    const waiting = first.snapshots.decisions as { quotations: Record<string, { order?: string }> }
    expect(Object.values(waiting.quotations).length).toBeGreaterThan(0)
    expect(Object.values(waiting.quotations).every((q) => q.order !== undefined)).toBe(true)
    const from = c.backend.log.length
    const second = await readSources(SOURCES, ctx, first.snapshots)
    const perResource = new Map<string, number>()
    for (const r of c.backend.log.slice(from))
      if (r.method === 'GET') perResource.set(r.path, (perResource.get(r.path) ?? 0) + 1)
    // Before, the orders list twice: the orders source's page, and the names of the decisions' orders again.
    expect(perResource.get('/v2/orders')).toBe(1)
    expect(Math.max(...perResource.values())).toBe(1)
    // The names carried on, not lost.
    expect(second.snapshots.decisions).toEqual(first.snapshots.decisions)
  }, 60_000)
})
