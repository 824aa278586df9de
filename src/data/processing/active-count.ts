import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { processingKeys } from './keys'
import type { Job, JobStatus } from './status'

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

type JobState = Pick<Job, 'jobID' | 'status'>

/**
 * Keeps the navigation's count in step with what a jobs list or a job page has just learnt: when a job it
 * counts has ended, or one it does not count is under way, the count is asked again at once instead of at its
 * next 30 s turn. Called with every job answer the console receives (and, for a list, what it held before).
 */
export function followActiveJobs(
  qc: QueryClient,
  jobs: readonly JobState[],
  before: readonly JobState[] = [],
): void {
  const counted = qc.getQueryData<ActiveJobsCount>(processingKeys.active())
  if (!counted) return
  const isActive = (j: JobState) => ACTIVE_JOB_STATUSES.includes(j.status)
  // A list filtered by status loses the jobs that left it: one that was under way and is gone has moved on.
  const now = new Set(jobs.map((j) => j.jobID))
  const left = before.some((j) => isActive(j) && !now.has(j.jobID))
  const differs = jobs.some((j) => {
    const active = isActive(j)
    const listed = counted.ids.includes(j.jobID)
    // Past the first hundred the count does not list every job under way: only an ended one tells.
    return listed ? !active : active && !counted.more
  })
  if (left || differs) void qc.invalidateQueries({ queryKey: processingKeys.active(), exact: true })
}
