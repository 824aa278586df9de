import type { S } from '../world/types'
import type { World } from '../world/world'
import { durationSeconds } from './jobs'

/** The job list's rules: which of an account's jobs a query keeps, and in which order. */

export const JOB_SORTABLE = ['processID', 'status', 'created', 'creditConsumption.credits'] as const
export type JobSortField = (typeof JOB_SORTABLE)[number]

/** A checked list query; empty lists and absent bounds keep every job. */
export interface JobQuery {
  accountId: string
  workspaceId?: string
  processIds: string[]
  statuses: string[]
  jobIds: string[]
  /** Seconds the job ran (or has run so far), inclusive bounds. */
  minDuration?: number
  maxDuration?: number
  sort: JobSortField
  direction: 'asc' | 'desc'
}

/** The account's jobs that match, sorted; jobs without a sort value go last, ties newest first. */
export function listJobs(world: World, q: JobQuery): S['Job'][] {
  const now = world.now()
  const matches = [...world.jobs.values()]
    .map((r) => r.job)
    .filter((job) => {
      if (job.accountID !== q.accountId) return false
      if (q.workspaceId && job.workspaceID !== q.workspaceId) return false
      if (q.processIds.length > 0 && !q.processIds.includes(job.processID)) return false
      if (q.statuses.length > 0 && !q.statuses.includes(job.status)) return false
      if (q.jobIds.length > 0 && !q.jobIds.includes(job.jobID)) return false
      if (q.minDuration !== undefined || q.maxDuration !== undefined) {
        const d = durationSeconds(job, now)
        if (d === undefined) return false
        if (q.minDuration !== undefined && d < q.minDuration) return false
        if (q.maxDuration !== undefined && d > q.maxDuration) return false
      }
      return true
    })
  const key = (job: S['Job']): string | number | undefined => {
    switch (q.sort) {
      case 'processID':
        return job.processID
      case 'status':
        return job.status
      case 'created':
        return Date.parse(job.created)
      case 'creditConsumption.credits':
        return job.creditConsumption?.credits
    }
  }
  const sign = q.direction === 'asc' ? 1 : -1
  // Keys are read once per job, not once per comparison: parsing dates in the comparator cost 150 ms on the
  // large seed's 5,000 jobs.
  const keyed = matches.map((job) => ({ job, key: key(job), created: Date.parse(job.created) }))
  // Jobs without a value (no credits consumed yet) go last either way; ties keep newest first.
  keyed.sort((a, b) => {
    const x = a.key
    const y = b.key
    if (x !== y) {
      if (x === undefined) return 1
      if (y === undefined) return -1
      return (x < y ? -1 : 1) * sign
    }
    return b.created - a.created || (a.job.jobID < b.job.jobID ? -1 : 1)
  })
  return keyed.map((k) => k.job)
}
