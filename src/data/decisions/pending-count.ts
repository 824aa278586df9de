import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { orderKeys } from '../orders/keys'
import { decisionKeys, type TaskingListQuery } from './keys'

// Its own module: the navigation shows the count on every page, so it must not bring the decision pages' code.

/** How often the navigation's count of decisions waiting is read again while the tab is visible. */
export const PENDING_COUNT_POLL_MS = 60_000

/**
 * How many studies and quotations wait for a decision, for the navigation: two requests of one item each,
 * their `totalElements` summed. Rechecked every minute while the tab is visible.
 */
export function pendingDecisionsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: decisionKeys.pendingCount(),
    queryFn: async ({ signal }): Promise<number> => {
      const query: TaskingListQuery = { decision: ['NOT_DECIDED'], size: 1 }
      const [studies, quotations] = await Promise.all([
        ok(client.GET('/v2/tasking/feasibility-studies', { params: { query }, signal })),
        ok(client.GET('/v2/tasking/quotation', { params: { query }, signal })),
      ])
      return studies.totalElements + quotations.totalElements
    },
    refetchInterval: PENDING_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}

/** A count read this recently already saw what a list's first answer says. */
const FRESH_COUNT_MS = 3_000

/** The keys whose news can move the count: any decision list or item, and any order (its sub-status). */
const MOVES_COUNT = new Set<string>([decisionKeys.all[0], orderKeys.all[0]])

/**
 * Keeps the navigation's count in step with what the console reads: whenever a decision list or item, or an
 * order, comes back with different data (a decision taken here or elsewhere, an order placed, a study or
 * quotation arriving on the service's clock and seen by a page's polling), the count is read again at once
 * instead of at its next minute. Data that came back the same (structural sharing keeps its reference) moves
 * nothing, so polling pages do not multiply the count's requests. Returns the unsubscribe.
 */
export function followDecisionChanges(qc: QueryClient): () => void {
  const countHash = JSON.stringify(decisionKeys.pendingCount())
  const seen = new Map<string, unknown>()
  // Cache events in order: when each query was added, and when the count was last asked.
  let tick = 0
  const addedAt = new Map<string, number>()
  let countAskedAt = -1
  let countAskedAtMs = Number.NEGATIVE_INFINITY
  let queued = false
  return qc.getQueryCache().subscribe((event) => {
    tick++
    if (event.type === 'removed') {
      seen.delete(event.query.queryHash)
      addedAt.delete(event.query.queryHash)
      return
    }
    if (event.type === 'added') addedAt.set(event.query.queryHash, tick)
    if (event.type !== 'updated') return
    const { query } = event
    if (query.queryHash === countHash) {
      if (event.action.type === 'fetch') {
        countAskedAt = tick
        countAskedAtMs = Date.now()
      }
      return
    }
    if (event.action.type !== 'success') return
    // A read nobody shows (the notification centre's, in the background) moves no count at once: the count
    // reads on its own turn, and the centre stays within its budget of one request per resource a minute.
    if (query.getObserversCount() === 0) return
    const [root, kind] = query.queryKey as readonly unknown[]
    if (!MOVES_COUNT.has(String(root))) return
    // Orders' names (what the start page's decisions are for) carry no status: they never move the count,
    // and they arrive after the count was asked, so their first answer would re-read it.
    if (root === orderKeys.all[0] && kind === 'names') return
    // Nor does the count of failed orders ("Needs attention"): a number, no sub-status.
    if (root === orderKeys.all[0] && kind === 'attention-count') return
    const before = seen.get(query.queryHash)
    const data: unknown = query.state.data
    seen.set(query.queryHash, data)
    if (before === data) return
    // A query's first answer is news only if the count was asked before that query: a page opened later
    // reads what the count may not have seen. The queries of the page that opens with the count (the start
    // page's lists, answering one by one) were asked no later than it, and each re-reading the count made
    // 5 to 7 count requests while the page loaded.
    if (before === undefined && countAskedAt > (addedAt.get(query.queryHash) ?? 0)) return
    // Nor is a first answer that comes within seconds of the count's own read: both saw the same service.
    // (Which of a page's queries is added first depends on how fast its lazy parts load; this does not.)
    if (before === undefined && Date.now() - countAskedAtMs < FRESH_COUNT_MS) return
    // Several answers in one tick (a page's queries together) make one refresh.
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      void qc.invalidateQueries({ queryKey: decisionKeys.pendingCount(), exact: true })
    })
  })
}
