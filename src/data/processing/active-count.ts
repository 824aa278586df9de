import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { processingKeys } from './keys'
import type { JobStatus } from './status'

// Its own module: the navigation shows the count on every page, so it must not bring the job pages' code.

/** Statuses of a job still under way: before an outcome (what the navigation counts). */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = [
  'created',
  'licensed',
  'valid',
  'accepted',
  'running',
]

/** At most this many jobs under way are counted; more shows as "100+". */
export const ACTIVE_JOBS_COUNTED = 100

export interface ActiveJobsCount {
  count: number
  /** More jobs are under way than were counted. */
  more: boolean
  /** The jobs counted. */
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
      return {
        count: data.jobs.length,
        more: data.links.some((l) => l.rel === 'next'),
        ids: data.jobs.map((j) => j.jobID),
      }
    },
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}
