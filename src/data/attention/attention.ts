import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { orderKeys } from '../orders/keys'
import { serializeOrderListQuery } from '../orders/queries'
import type { OrderStatus } from '../orders/status'
import { processingKeys } from '../processing/keys'
import { serializeJobListQuery } from '../processing/queries'
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

/** The job list has no total: at most this many failed jobs are read, more shows as "100+". */
export const FAILED_JOBS_READ = 100

export interface AttentionCount {
  count: number
  /** More than were counted. */
  more: boolean
}

/** Failed orders and jobs, each counted as far as its list can: orders exactly, jobs up to FAILED_JOBS_READ. */
export interface AttentionCounts extends AttentionCount {
  orders: number
  jobs: AttentionCount
}

/** The navigation's mark holds at most this figure, then reads "99+": a badge, not a report. */
export const MARK_CAP = 99

/** The figure beside Start: the count, or "99+" past MARK_CAP (the large seed has over a thousand failures). */
export function attentionMark(c: AttentionCount): string {
  if (c.count > MARK_CAP || (c.more && c.count >= MARK_CAP)) return `${MARK_CAP}+`
  return c.more ? `${c.count}+` : String(c.count)
}

/**
 * The card's sentence: one total while both counts are exact; once the job list is cut at FAILED_JOBS_READ,
 * each kind with its own figure ("1,249 orders and 100+ jobs"), since a sum of an exact and a bounded count
 * ("1349+") says neither.
 */
export function attentionSummary(c: AttentionCounts): string {
  const n = (x: number) => x.toLocaleString('en-GB')
  if (!c.jobs.more) return `${n(c.count)} ${c.count === 1 ? 'thing went' : 'things went'} wrong`
  const orders = `${n(c.orders)} ${c.orders === 1 ? 'order' : 'orders'}`
  return `${c.orders > 0 ? `${orders} and ` : ''}${n(c.jobs.count)}+ jobs went wrong`
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
      return { count: Math.max(0, all - gone), more: false }
    },
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}

/** The failed jobs not dismissed, read in one list of at most FAILED_JOBS_READ (the job list has no total). */
export function failedJobsCountOptions(client: ApiClient, dismissed: readonly string[]) {
  return queryOptions({
    queryKey: [...processingKeys.jobs(), 'attention-count', dismissed] as const,
    queryFn: async ({ signal }): Promise<AttentionCount> => {
      const query = { status: [...FAILED_JOB_STATUSES], limit: FAILED_JOBS_READ }
      const data = await ok(
        client.GET('/v2/processing/jobs', {
          params: { query },
          querySerializer: () => serializeJobListQuery(query),
          signal,
        }),
      )
      const gone = new Set(dismissed)
      return {
        count: data.jobs.filter((j) => !gone.has(j.jobID)).length,
        more: data.links.some((l) => l.rel === 'next'),
      }
    },
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    throwOnError: false,
  })
}
