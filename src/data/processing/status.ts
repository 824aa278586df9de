import type { components } from '../../api/schema'

// The status lists are the contract's, shared with the simulator from contract/statuses.ts.
export { JOB_STATUSES } from '../../../contract/statuses'

/**
 * Job statuses in plain words, which of them are final, and how long a job has run. Pure: unit-tested in
 * status.test.ts. A job goes created → licensed → valid → accepted → running → successful → captured (its
 * credits taken); it stops early as unlicensed, invalid or rejected, or fails while running and ends released
 * (its held credits given back).
 */
export type JobStatus = components['schemas']['JobStatus']
export type Job = components['schemas']['Job']

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  created: 'Created',
  licensed: 'License checked',
  unlicensed: 'License not accepted',
  valid: 'Inputs valid',
  invalid: 'Inputs invalid',
  accepted: 'Accepted',
  rejected: 'Rejected',
  running: 'Running',
  successful: 'Succeeded',
  failed: 'Failed',
  captured: 'Succeeded, credits charged',
  released: 'Failed, credits released',
}

/** Statuses a job never leaves. */
export const FINAL_JOB_STATUSES: readonly JobStatus[] = [
  'unlicensed',
  'invalid',
  'rejected',
  'captured',
  'released',
]

export const isFinalJob = (s: JobStatus): boolean => FINAL_JOB_STATUSES.includes(s)

export type JobOutcome = 'running' | 'succeeded' | 'failed'

/** The one word a table needs: under way, succeeded or failed. */
export function jobOutcome(s: JobStatus): JobOutcome {
  if (s === 'successful' || s === 'captured') return 'succeeded'
  if (['unlicensed', 'invalid', 'rejected', 'failed', 'released'].includes(s)) return 'failed'
  return 'running'
}

/** How often a list or a job is asked again: every 5 s while anything on it can still change. */
export function jobPollInterval(statuses: readonly JobStatus[] | undefined): number | false {
  if (!statuses || statuses.length === 0) return false
  return statuses.every(isFinalJob) ? false : 5_000
}

/**
 * Seconds a job has run: from `started` to `finished`, or to `now` while it runs; null before it starts.
 * A job that stopped before running (unlicensed, invalid, rejected) never started.
 */
export function jobDurationSeconds(job: Pick<Job, 'started' | 'finished'>, now: number): number | null {
  if (!job.started) return null
  const start = Date.parse(job.started)
  const end = job.finished ? Date.parse(job.finished) : now
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null
  return Math.max(0, Math.round((end - start) / 1000))
}

/** `3 h 05 min`, `4 min 09 s`, `12 s`. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`
  return `${s} s`
}
