import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { orderKeys } from '../orders/keys'
import { serializeOrderListQuery } from '../orders/queries'
import type { OrderStatus } from '../orders/status'
import { processingKeys } from '../processing/keys'
import { countByProbing, jobListProbe } from '../processing/job-count'
import { serializeJobListQuery } from '../processing/keys'
import type { JobStatus } from '../processing/status'

// Its own module: the navigation shows the count on every page, so it must not bring any page's code.

/**
 * What needs the analyst because it went wrong: orders whose placement failed or that failed for good
 * (a rejected quotation ends its tasking order FAILED_PERMANENTLY with the sub-status QUOTATION_REJECTED), and
 * jobs that stopped early or failed. The contract has no expiry of decisions, so none is counted.
 */
export const FAILED_ORDER_STATUSES: readonly OrderStatus[] = ['PLACEMENT_FAILED', 'FAILED_PERMANENTLY']
export const FAILED_JOB_STATUSES: readonly JobStatus[] = [
  'unlicensed',
  'invalid',
  'rejected',
  'failed',
  'released',
]

export interface AttentionCount {
  count: number
}

/** Failed orders and jobs, each counted exactly: orders by `totalElements`, jobs by one-job pages. */
export interface AttentionCounts extends AttentionCount {
  orders: number
  jobs: number
}

/** The navigation's mark holds at most this figure, then reads "99+": a badge, not a report. */
export const MARK_CAP = 99

/** The figure beside Start: the count, or "99+" past MARK_CAP (the large seed has thousands of failures). */
export function attentionMark(c: AttentionCount): string {
  return c.count > MARK_CAP ? `${MARK_CAP}+` : String(c.count)
}

/** The card's sentence: the total of both kinds, each counted exactly. */
export function attentionSummary(c: AttentionCount): string {
  return `${c.count.toLocaleString('en-GB')} ${c.count === 1 ? 'thing went' : 'things went'} wrong`
}

/**
 * How many failed orders are left once those the analyst dismissed are taken away: one order of each answer
 * is enough, the service's `totalElements` counts the rest (the large seed has 10,000 orders). The dismissed
 * ones still failed are counted the same way, through the `orderIds` filter.
 */
export function failedOrdersCountOptions(client: ApiClient, dismissed: readonly string[]) {
  return queryOptions({
    queryKey: [...orderKeys.all, 'attention-count', dismissed] as const,
    queryFn: async ({ signal }): Promise<AttentionCount> => {
      const total = (orderIds?: readonly string[]) =>
        ok(
          client.GET('/v2/orders', {
            params: { query: { status: [...FAILED_ORDER_STATUSES], size: 1 } },
            querySerializer: () =>
              serializeOrderListQuery({
                status: [...FAILED_ORDER_STATUSES],
                size: 1,
                ...(orderIds ? { orderIds: [...orderIds] } : {}),
              }),
            signal,
          }),
        ).then((page) => page.totalElements)
      const [all, gone] = await Promise.all([total(), dismissed.length > 0 ? total(dismissed) : 0])
      return { count: Math.max(0, all - gone) }
    },
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}

/** The failed jobs not dismissed (`count`), and every failed job (`failed`: where the next count starts). */
export interface FailedJobsCount extends AttentionCount {
  failed: number
}

/** Dismissed jobs are looked up this many at a time (the job monitor's own bound on pasted IDs). */
const IDS_PER_READ = 100

/**
 * The failed jobs not dismissed: the job list has no total, so it is found with one-job pages
 * (`countByProbing`: about twenty requests of one job for 5,000, where paging through reads them all); the
 * dismissed ones still failed are taken away, read through the `ids` filter as the orders are.
 */
export function failedJobsCountOptions(client: ApiClient, dismissed: readonly string[]) {
  return queryOptions({
    queryKey: [...processingKeys.jobs(), 'attention-count', dismissed] as const,
    queryFn: async ({ signal, client: qc, queryKey }): Promise<FailedJobsCount> => {
      const status = [...FAILED_JOB_STATUSES]
      const stillFailed = async (ids: string[]) => {
        const query = { status, ids, limit: ids.length }
        const data = await ok(
          client.GET('/v2/processing/jobs', {
            params: { query },
            querySerializer: () => serializeJobListQuery(query),
            signal,
          }),
        )
        return data.jobs.length
      }
      const chunks = Array.from({ length: Math.ceil(dismissed.length / IDS_PER_READ) }, (_, i) =>
        dismissed.slice(i * IDS_PER_READ, (i + 1) * IDS_PER_READ),
      )
      // From the last count of every failed job, so a poll that finds none new asks one page of one job.
      const last = qc.getQueryData<FailedJobsCount>(queryKey)
      const [all, ...gone] = await Promise.all([
        countByProbing(jobListProbe(client, { status }, signal), last?.failed),
        ...chunks.map(stillFailed),
      ])
      return { count: Math.max(0, all - gone.reduce((a, b) => a + b, 0)), failed: all }
    },
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    throwOnError: false,
  })
}
