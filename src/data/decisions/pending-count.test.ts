import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { orderKeys } from '../orders/keys'
import { decisionKeys } from './keys'
import { followDecisionChanges } from './pending-count'

/** A client whose count answers `count` and says how often it was asked, observed as the navigation does. */
function setup({ followFirst = false } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // The console follows from the client's creation, so it sees the count's own first read.
  const early = followFirst ? followDecisionChanges(qc) : null
  let asked = 0
  let count = 4
  const observer = new QueryObserver(qc, {
    queryKey: decisionKeys.pendingCount(),
    queryFn: () => {
      asked++
      return Promise.resolve(count)
    },
    staleTime: 30_000,
  })
  const stop = observer.subscribe(() => {})
  const unfollow = early ?? followDecisionChanges(qc)
  return {
    qc,
    asked: () => asked,
    setCount: (n: number) => (count = n),
    shown: () => qc.getQueryData<number>(decisionKeys.pendingCount()),
    close: () => {
      unfollow()
      stop()
      qc.clear()
    },
  }
}

/** A page shows the query (an observer that never fetches): only what is shown moves the count at once. */
function onPage(qc: QueryClient, queryKey: readonly unknown[]) {
  new QueryObserver(qc, { queryKey, queryFn: () => null, enabled: false }).subscribe(() => {})
}

const settle = async (qc: QueryClient) => {
  await new Promise((r) => setTimeout(r, 0))
  while (qc.isFetching() > 0) await new Promise((r) => setTimeout(r, 0))
}

let close = () => {}
afterEach(() => close())

describe('the decisions count follows what the console reads', () => {
  it('reads the count again when a decision list comes back with new items (the list showed 7, the badge 4)', async () => {
    const t = setup()
    close = t.close
    await settle(t.qc)
    expect(t.shown()).toBe(4)
    expect(t.asked()).toBe(1)
    t.setCount(7)
    onPage(t.qc, decisionKeys.studyList({ decision: ['NOT_DECIDED'] }))
    t.qc.setQueryData(decisionKeys.studyList({ decision: ['NOT_DECIDED'] }), { content: [1, 2, 3] })
    await settle(t.qc)
    expect(t.shown()).toBe(7)
    expect(t.asked()).toBe(2)
  })

  it('and when an order changes (a sub-status moved on the service’s clock), but not for the same data', async () => {
    const t = setup()
    close = t.close
    await settle(t.qc)
    const list = { content: [{ id: 'a', subStatus: 'QUOTATION_WAITING_UPLOAD' }] }
    onPage(t.qc, orderKeys.list({}))
    t.qc.setQueryData(orderKeys.list({}), list)
    await settle(t.qc)
    expect(t.asked()).toBe(2)
    // The same answer again (a poll that found nothing new): no new request for the count.
    t.qc.setQueryData(orderKeys.list({}), list)
    await settle(t.qc)
    expect(t.asked()).toBe(2)
    t.setCount(5)
    t.qc.setQueryData(orderKeys.list({}), {
      content: [{ id: 'a', subStatus: 'QUOTATION_WAITING_RESPONSE' }],
    })
    await settle(t.qc)
    expect(t.asked()).toBe(3)
    expect(t.shown()).toBe(5)
  })

  it('leaves the count to its own turn when the news comes from a read nobody shows (the center’s)', async () => {
    const t = setup()
    close = t.close
    await settle(t.qc)
    t.qc.setQueryData(decisionKeys.quotationList({ decision: ['NOT_DECIDED'] }), { content: [1] })
    t.qc.setQueryData(orderKeys.list({ size: 50 }), { content: [{ id: 'b' }] })
    await settle(t.qc)
    expect(t.asked()).toBe(1)
  })

  it('ignores other resources and its own answers', async () => {
    const t = setup()
    close = t.close
    await settle(t.qc)
    t.qc.setQueryData(['budgets', 'list'], { content: [] })
    t.qc.setQueryData(['glossary', 'collections'], [])
    await settle(t.qc)
    expect(t.asked()).toBe(1)
  })

  it('but not for the names of orders, which carry no status', async () => {
    const t = setup()
    close = t.close
    await settle(t.qc)
    t.qc.setQueryData(orderKeys.names(['a']), [{ id: 'a', displayName: 'Harbour' }])
    await settle(t.qc)
    expect(t.asked()).toBe(1)
  })

  it('takes a first answer that comes within seconds of the count’s own read as no news, a later one as news', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const t = setup({ followFirst: true })
      close = t.close
      await settle(t.qc)
      expect(t.asked()).toBe(1)
      // The start page's lists answering while it loads: the count read the same service a moment ago.
      t.setCount(7)
      vi.setSystemTime(Date.now() + 1_000)
      onPage(t.qc, decisionKeys.studyList({ decision: ['NOT_DECIDED'] }))
      t.qc.setQueryData(decisionKeys.studyList({ decision: ['NOT_DECIDED'] }), { content: [1] })
      await settle(t.qc)
      expect(t.asked()).toBe(1)
      // A page opened later reads what the count may not have seen.
      vi.setSystemTime(Date.now() + 20_000)
      onPage(t.qc, decisionKeys.quotationList({ decision: ['NOT_DECIDED'] }))
      t.qc.setQueryData(decisionKeys.quotationList({ decision: ['NOT_DECIDED'] }), { content: [1, 2] })
      await settle(t.qc)
      expect(t.asked()).toBe(2)
      expect(t.shown()).toBe(7)
    } finally {
      vi.useRealTimers()
    }
  })
})
