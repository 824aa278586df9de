import { describe, expect, it } from 'vitest'
import { seededWorld } from '../seed/world'
import { manualClock } from '../world/clock'
import { ids } from '../world/ids'
import { DECISION_DEFAULT_SORT, listQuotations, listStudies, type DecisionQuery } from './decision-list'

const world = seededWorld(manualClock(), 'default')
const query = (q: Partial<DecisionQuery> = {}): DecisionQuery => ({
  accountId: ids.enterpriseAccount,
  ids: [],
  workspaceIds: [],
  orderIds: [],
  decisions: [],
  sort: DECISION_DEFAULT_SORT,
  ...q,
})

describe('listQuotations and listStudies', () => {
  it("keep only the account's items, newest first by default", () => {
    for (const list of [listQuotations(world, query()), listStudies(world, query())]) {
      expect(list.length).toBeGreaterThan(1)
      expect(list.every((x) => x.accountId === ids.enterpriseAccount)).toBe(true)
      const created = list.map((x) => x.createdAt)
      expect(created).toEqual([...created].sort().reverse())
    }
    expect(listQuotations(world, query({ accountId: 'nobody' }))).toEqual([])
    expect(listStudies(world, query({ accountId: 'nobody' }))).toEqual([])
  })

  it('keep what every filter names; decisions match in any case, and an unknown one matches nothing', () => {
    const all = listQuotations(world, query())
    const [first, second] = all
    const byIds = listQuotations(world, query({ ids: [second.id, first.id] }))
    expect(byIds.map((x) => x.id)).toEqual([first.id, second.id])
    const byOrder = listQuotations(world, query({ orderIds: [first.orderId] }))
    expect(byOrder.map((x) => x.id)).toEqual(all.filter((x) => x.orderId === first.orderId).map((x) => x.id))
    const byWorkspace = listQuotations(world, query({ workspaceIds: [first.workspaceId] }))
    expect(byWorkspace.length).toBe(all.filter((x) => x.workspaceId === first.workspaceId).length)
    expect(listQuotations(world, query({ workspaceIds: ['elsewhere'] }))).toEqual([])

    const studies = listStudies(world, query())
    const waiting = listStudies(world, query({ decisions: ['not_decided'] }))
    expect(waiting.length).toBeGreaterThan(0)
    expect(waiting.map((x) => x.id)).toEqual(
      studies.filter((x) => x.decision === 'NOT_DECIDED').map((x) => x.id),
    )
    expect(listStudies(world, query({ decisions: ['MAYBE'] }))).toEqual([])
    const either = listStudies(world, query({ decisions: ['MAYBE', 'NOT_DECIDED'] }))
    expect(either.map((x) => x.id)).toEqual(waiting.map((x) => x.id))
  })

  it('sort by any field either way, items without the field last', () => {
    const cheapest = listQuotations(world, query({ sort: { field: 'creditsPrice', direction: 'asc' } }))
    const prices = cheapest.map((x) => x.creditsPrice)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const byDecision = listStudies(world, query({ sort: { field: 'decisionAt', direction: 'desc' } }))
    const at = byDecision.map((x) => x.decisionAt ?? null)
    const decided = at.filter((t) => t !== null)
    expect(decided.length).toBeGreaterThan(0)
    expect(at.slice(0, decided.length)).toEqual([...decided].sort().reverse())
    expect(at.slice(decided.length).every((t) => t === null)).toBe(true)
    const oldest = listStudies(world, query({ sort: { field: 'createdAt', direction: 'asc' } }))
    expect(oldest.map((x) => x.id)).toEqual(
      listStudies(world, query())
        .map((x) => x.id)
        .reverse(),
    )
  })
})
