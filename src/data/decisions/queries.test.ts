import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { signedInConsole } from '../../testing/sim-backend'
import { decisionKeys } from './keys'
import { pendingDecisionsOptions } from './pending-count'
import { orderNamesOptions } from '../orders/queries'
import { studyOptions } from './queries'

describe('tasking queries', () => {
  it('counts what waits for a decision with two one-item requests', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const me = c.session.getSnapshot().user?.accountId
    const waiting = [...world.studies.values(), ...world.quotations.values()].filter(
      (x) => x.accountId === me && x.decision === 'NOT_DECIDED',
    ).length
    const from = c.backend.log.length
    const count = await new QueryClient().fetchQuery(pendingDecisionsOptions(c.client))
    expect(count).toBe(waiting)
    const sent = c.backend.log.slice(from)
    expect(sent.map((r) => r.path).sort()).toEqual([
      '/v2/tasking/feasibility-studies',
      '/v2/tasking/quotation',
    ])
    for (const r of sent) expect(r.query).toBe('?decision=NOT_DECIDED&size=1')
    expect(pendingDecisionsOptions(c.client)).toMatchObject({ refetchInterval: 60_000, staleTime: 30_000 })
    // The count lives in its own module (weight) under the decisions' keys, so a decision's refresh of
    // `decisionKeys.all` reaches it.
    expect(pendingDecisionsOptions(c.client).queryKey).toEqual(decisionKeys.pendingCount())
    expect(decisionKeys.pendingCount().slice(0, decisionKeys.all.length)).toEqual(decisionKeys.all)
  })

  it('names orders with comma-joined orderIds, at most 100 a request', async () => {
    const c = await signedInConsole()
    const real = [...c.backend.sim.runtime.world.orders.values()]
      .filter((r) => r.order.accountId === c.session.getSnapshot().user?.accountId)
      .slice(0, 3)
      .map((r) => r.order)
    const fillers = Array.from(
      { length: 147 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const ids = [...real.map((o) => o.id), ...fillers].sort()
    const from = c.backend.log.length
    const names = await new QueryClient().fetchQuery(orderNamesOptions(c.client, ids))
    expect(names).toEqual(expect.arrayContaining(real.map((o) => ({ id: o.id, displayName: o.displayName }))))
    const sent = c.backend.log.slice(from)
    expect(sent).toHaveLength(2)
    // The two requests run at once: the log has them in the order they were answered.
    const sizes = sent.map((r) => new URLSearchParams(r.query).get('orderIds')?.split(',').length ?? 0)
    expect(sizes.sort((a, b) => b - a)).toEqual([100, 50])
    expect(sent.every((r) => r.status === 200)).toBe(true)
  })

  it('reads one study through the filtered list, and null when the account has none with that id', async () => {
    const c = await signedInConsole()
    const qc = new QueryClient()
    expect(await qc.fetchQuery(studyOptions(c.client, '00000000-0000-4000-8000-000000000000'))).toBeNull()
    const any = [...c.backend.sim.runtime.world.studies.values()].find(
      (s) => s.accountId === c.session.getSnapshot().user?.accountId,
    )!
    expect((await qc.fetchQuery(studyOptions(c.client, any.id)))?.id).toBe(any.id)
  })
})
