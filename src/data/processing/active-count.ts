import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { countByProbing, jobListProbe } from './job-count'
import { processingKeys } from './keys'
import type { Job, JobStatus } from './status'

// Its own module: the navigation shows the count on every page, so it must not bring the job pages' code
// (job-count.ts reads the list's query string only).

/** Statuses of a job still under way: before an outcome (what the navigation counts). */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = [
  'created',
  'licensed',
  'valid',
  'accepted',
  'running',
]

/** At most this many jobs under way are listed by id; past it, the total is found with one-job pages. */
export const ACTIVE_JOBS_COUNTED = 100

export interface ActiveJobsCount {
  /** Every job under way. */
  count: number
  /** More jobs are under way than are listed in `ids`. */
  more: boolean
  /** The jobs listed (the newest hundred under way). */
  ids: string[]
  /** Those jobs, newest first: Start's card of jobs under way shows the first few (one request for both). */
  jobs: Job[]
}

/**
 * The jobs under way, newest first, for the navigation's count and Start's card: refreshed every 30 s while
 * the tab is visible.
 */
export function activeJobsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: processingKeys.active(),
    queryFn: async ({ signal, client: qc, queryKey }): Promise<ActiveJobsCount> => {
      const data = await ok(
        client.GET('/v2/processing/jobs', {
          params: {
            query: { status: [...ACTIVE_JOB_STATUSES], limit: ACTIVE_JOBS_COUNTED, sort: 'created,desc' },
          },
          // Comma-joined, as the contract says for processing.
          querySerializer: () =>
            `status=${ACTIVE_JOB_STATUSES.join(',')}&limit=${ACTIVE_JOBS_COUNTED}&sort=created,desc`,
          signal,
        }),
      )
      const more = data.links.some((l) => l.rel === 'next')
      // Past the hundred listed, the total from one-job pages, not page after page of jobs; from the last
      // total, so a poll that finds it unchanged asks one page of one job.
      const last = qc.getQueryData<ActiveJobsCount>(queryKey)
      const count = more
        ? await countByProbing(
            jobListProbe(client, { status: [...ACTIVE_JOB_STATUSES] }, signal),
            last?.more ? last.count : undefined,
          )
        : data.jobs.length
      return { count, more, ids: data.jobs.map((j) => j.jobID), jobs: data.jobs }
    },
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}
