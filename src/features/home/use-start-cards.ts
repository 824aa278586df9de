import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApiClient } from '../../api/console-context'
import { attentionSummary, FAILED_JOB_STATUSES, FAILED_ORDER_STATUSES } from '../../data/attention/attention'
import { useDismissed } from '../../data/attention/dismissed'
import { jobAttention, orderAttention } from '../../data/attention/reasons'
import { useAttentionCount } from '../../data/attention/use-attention-count'
import { budgetListOptions, budgetUsageOptions } from '../../data/budgets/queries'
import { quotationListOptions, studyListOptions } from '../../data/decisions/queries'
import { eulaListOptions } from '../../data/licences/queries'
import { pollInterval } from '../../data/orders/status'
import { orderListOptions, orderNamesOptions } from '../../data/orders/queries'
import { activeJobsOptions } from '../../data/processing/active-count'
import { jobTitle } from '../../data/processing/job-title'
import { jobListOptions, processListOptions } from '../../data/processing/queries'
import { useLookedAt, useSavedSearchNews } from '../../data/saved-searches/queries'
import { useSavedSearches } from '../../data/saved-searches/store'
import { collectionsOptions } from '../../data/storage/queries'
import { oldestFirst, SHOWN, spentThisMonth, startPoll } from './home-model'

/**
 * What each card of the start page reads, one hook per card: the queries and what is derived from their
 * answers. The cards (`components/*-card.tsx`) only lay it out. Several of them read two lists; `CardQuery`
 * is the one state the card's frame shows for both (loading, failure with its retry, content).
 */

export interface CardQuery {
  isPending: boolean
  error: unknown
  data: unknown
  refetch: () => unknown
}

const IN_PROGRESS = ['CREATED', 'BEING_PLACED', 'PLACED', 'BEING_FULFILLED'] as const

/** Orders in progress (polled while they move) and recently fulfilled; an account with neither is new. */
export function useStartOrders() {
  const client = useApiClient()
  const inProgress = useQuery({
    ...orderListOptions(client, { status: [...IN_PROGRESS], size: SHOWN, sort: 'updatedAt,desc' }),
    refetchInterval: (q) => startPoll(pollInterval(q.state.data?.content.map((o) => o.status))),
  })
  const fulfilled = useQuery(
    orderListOptions(client, { status: ['FULFILLED'], size: SHOWN, sort: 'updatedAt,desc' }),
  )
  const newAccount = inProgress.data?.totalElements === 0 && fulfilled.data?.totalElements === 0
  return { inProgress, fulfilled, newAccount }
}

export type StartOrders = ReturnType<typeof useStartOrders>

/** The decisions waiting, studies and quotations together, oldest first, with their orders' names. */
export function useWaitingDecisions() {
  const client = useApiClient()
  const query = { decision: ['NOT_DECIDED' as const], size: SHOWN, sort: 'createdAt,asc' }
  const studies = useQuery(studyListOptions(client, query))
  const quotations = useQuery(quotationListOptions(client, query))
  const total = (studies.data?.totalElements ?? 0) + (quotations.data?.totalElements ?? 0)
  const waiting = oldestFirst(studies.data?.content ?? [], quotations.data?.content ?? [], SHOWN)
  const ids = [...new Set(waiting.map((d) => d.orderId))].sort()
  const names = useQuery({ ...orderNamesOptions(client, ids), enabled: ids.length > 0 })
  const nameOf = (id: string) =>
    names.data?.find((o) => o.id === id)?.displayName ?? `order ${id.slice(0, 8)}`
  const both: CardQuery = {
    isPending: studies.isPending || quotations.isPending,
    error: studies.error ?? quotations.error,
    data: studies.data && quotations.data ? true : undefined,
    refetch: () => Promise.all([studies.refetch(), quotations.refetch()]),
  }
  return { query: both, total, waiting, nameOf }
}

/** Failed orders (and rejected quotations, which end their orders) and failed jobs are read this many at a time. */
const ATTENTION_READ = 20

/**
 * What went wrong, newest first and without what was dismissed in this browser: the failed orders and jobs
 * with the service's reason and the next step, and the summary line from the navigation's count.
 */
export function useNeedsAttention(userId: string | undefined) {
  const client = useApiClient()
  const dismissedOrders = useDismissed((s) => s.orders)
  const dismissedJobs = useDismissed((s) => s.jobs)
  const dismiss = useDismissed((s) => s.dismiss)
  const count = useAttentionCount()
  const orders = useQuery({
    ...orderListOptions(client, {
      status: [...FAILED_ORDER_STATUSES],
      size: ATTENTION_READ,
      sort: 'updatedAt,desc',
    }),
    refetchInterval: (q) => startPoll(pollInterval(q.state.data?.content.map((o) => o.status))),
  })
  const jobs = useQuery({
    ...jobListOptions(client, {
      status: [...FAILED_JOB_STATUSES],
      limit: ATTENTION_READ,
      sort: 'created,desc',
    }),
    refetchInterval: false,
  })
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const both: CardQuery = {
    isPending: orders.isPending || jobs.isPending,
    error: orders.error ?? jobs.error,
    data: orders.data && jobs.data ? true : undefined,
    refetch: () => Promise.all([orders.refetch(), jobs.refetch()]),
  }
  const goneOrders = new Set(dismissedOrders)
  const goneJobs = new Set(dismissedJobs)
  const orderRows = (orders.data?.content ?? [])
    .filter((o) => !goneOrders.has(o.id))
    .flatMap((o) => {
      const a = orderAttention(o, userId)
      return a ? [{ order: o, attention: a }] : []
    })
    .slice(0, SHOWN)
  const jobRows = (jobs.data?.jobs ?? [])
    .filter((j) => !goneJobs.has(j.jobID))
    .flatMap((j) => {
      const a = jobAttention(j)
      const name = jobTitle(j) ?? processes.data?.find((p) => p.id === j.processID)?.title ?? j.processID
      return a ? [{ job: j, name, attention: a }] : []
    })
    .slice(0, SHOWN)
  const total = count?.count ?? orderRows.length + jobRows.length
  const summary = count
    ? attentionSummary(count)
    : `${total} ${total === 1 ? 'thing went' : 'things went'} wrong`
  return { query: both, orderRows, jobRows, summary, dismiss }
}

/** Saved catalog searches, those with the most new scenes first (the store's order among equals). */
export function useSavedSearchesNews() {
  const searches = useSavedSearches((s) => s.searches)
  const news = useSavedSearchNews(searches)
  const lookedAt = useLookedAt()
  const shown = searches
    .map((search, i) => ({ search, news: news[i] }))
    .sort((a, b) => (b.news.data?.count ?? 0) - (a.news.data?.count ?? 0))
    .slice(0, SHOWN)
  return { shown, lookedAt }
}

/**
 * Jobs under way, newest first, with their processes' titles: the first few of the navigation's own list of
 * jobs under way (polled every 30 s), so Start does not poll a second list of the same jobs.
 */
export function useJobsUnderWay() {
  const client = useApiClient()
  const jobs = useQuery({
    ...activeJobsOptions(client),
    select: (d) => ({ jobs: d.jobs.slice(0, SHOWN) }),
  })
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const title = (id: string) => processes.data?.find((p) => p.id === id)?.title ?? id
  return { jobs, title }
}

/** The newest collections in storage. */
export function useNewestDeliveries() {
  const client = useApiClient()
  return useQuery(collectionsOptions(client, { page: 0, limit: SHOWN }))
}

/** Licences are read this many a page: the first page is the notification centre's too (one request for both). */
const LICENCES_PAGE = 100

/**
 * The account's licences and those not accepted yet, counted over every licence: the list has no filter by
 * acceptance, so each page is read and filtered here (the large world lists 105; the first hundred alone
 * missed those after them). `read` is how many rows the filter went over, `total` how many the service has.
 */
export function useLicencesToAccept() {
  const client = useApiClient()
  const first = { size: LICENCES_PAGE, sort: 'title,asc' }
  const list = useQuery(eulaListOptions(client, first))
  const total = list.data?.totalElements ?? 0
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, Math.ceil(total / LICENCES_PAGE) - 1) }, (_, i) =>
      eulaListOptions(client, { ...first, page: i + 1 }),
    ),
  })
  const pages = [list.data, ...rest.map((r) => r.data)]
  const rows = pages.flatMap((p) => p?.content ?? [])
  const waiting = rows.filter((e) => !e.isAccepted)
  const both: CardQuery = {
    isPending: list.isPending || rest.some((r) => r.isPending),
    error: list.error ?? rest.find((r) => r.error)?.error ?? null,
    data: pages.every(Boolean) ? true : undefined,
    refetch: () => Promise.all([list.refetch(), ...rest.map((r) => r.refetch())]),
  }
  return { query: both, waiting, read: rows.length, total }
}

/** The active budgets and what each spent this UTC month (null while its usage loads), and the total known. */
export function useMonthSpend() {
  const client = useApiClient()
  const [now] = useState(() => Date.now())
  const budgets = useQuery(budgetListOptions(client, { status: ['ACTIVE'], size: 100, sort: 'name,asc' }))
  const usage = useQueries({
    queries: (budgets.data?.content ?? []).map((b) => ({
      ...budgetUsageOptions(client, b.id),
      throwOnError: false,
    })),
  })
  const rows = (budgets.data?.content ?? []).map((b, i) => ({
    budget: b,
    spent: usage[i]?.data ? spentThisMonth(usage[i].data.records, now) : null,
  }))
  const known = rows.filter((r) => r.spent !== null)
  const total = known.reduce((s, r) => s + (r.spent ?? 0), 0)
  const month = new Date(now).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })
  return { budgets, rows, known, total, month }
}
