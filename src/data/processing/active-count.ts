import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { countByProbing, jobListProbe } from './job-count'
import { processingKeys } from './keys'
import type { JobStatus } from './status'

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
}

/** The jobs under way, for the navigation's count: refreshed every 30 s while the tab is visible. */
export function activeJobsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: processingKeys.active(),
    queryFn: async ({ signal }): Promise<ActiveJobsCount> => {
      const data = await ok(
        client.GET('/v2/processing/jobs', {
          params: { query: { status: [...ACTIVE_JOB_STATUSES], limit: ACTIVE_JOBS_COUNTED } },
          // Comma-joined, as the contract says for processing.
          querySerializer: () => `status=${ACTIVE_JOB_STATUSES.join(',')}&limit=${ACTIVE_JOBS_COUNTED}`,
          signal,
        }),
      )
      const more = data.links.some((l) => l.rel === 'next')
      // Past the hundred listed, the total from one-job pages, not page after page of jobs.
      const count = more
        ? await countByProbing(jobListProbe(client, { status: [...ACTIVE_JOB_STATUSES] }, signal))
        : data.jobs.length
      return { count, more, ids: data.jobs.map((j) => j.jobID) }
    },
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}
