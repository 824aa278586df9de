import type { QueryClient } from '@tanstack/react-query'
import { ACTIVE_JOB_STATUSES, type ActiveJobsCount } from './active-count'
import { processingKeys } from './keys'
import type { Job } from './status'

// Apart from active-count.ts: the navigation loads that on every page, this only comes with the job pages.

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
