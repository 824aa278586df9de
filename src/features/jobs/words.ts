import type { Job } from '../../data/processing/status'
import { countLabel } from '../../lib/format'

/**
 * A job's failure in plain words: the service names its errors (`EulaNotAccepted`, `InvalidTitle`…) and
 * says something technical; the analyst needs what happened and what to do.
 */
const KNOWN: Record<string, string> = {
  EulaNotAccepted:
    'The process’s license was not accepted. An administrator accepts it on the Licenses page; then run the job again.',
  UnlicensedProcess:
    'The process’s license was not accepted. An administrator accepts it on the Licenses page; then run the job again.',
  InvalidInputs:
    'The inputs did not pass the process’s checks. Open the process, fix the inputs and run it again.',
  InsufficientCredits:
    'The account had too few credits. Add credits or choose a budget with room, then run it again.',
}

export function failureInWords(e: { name: string; message: string }): string {
  const known = KNOWN[e.name]
  // The service's message says the same thing again in its words: the reason is given once.
  if (known) return known
  // The error's code (`ProcessingFailed`) is for the service's logs, not for the analyst.
  return `${e.message}${/[.!?]$/.test(e.message) ? '' : '.'}`
}

type TimelineJob = {
  status: Job['status']
  created: string
  started: string | null
  finished: string | null
  updated: string
  creditConsumption?: Job['creditConsumption']
}

export interface TimelineStep {
  label: string
  /** When it happened, when the job says. */
  at: string | null
  state: 'done' | 'failed' | 'waiting'
}

/** Where each status sits on the way: the ones a job has passed once it is in a later status. */
const RANK: Record<Job['status'], number> = {
  created: 0,
  licensed: 1,
  unlicensed: 1,
  valid: 2,
  invalid: 2,
  accepted: 3,
  rejected: 3,
  running: 4,
  successful: 5,
  failed: 5,
  captured: 6,
  released: 6,
}

/**
 * What is known of a job's way so far, as steps: created, licence checked, inputs checked, accepted (credits
 * held), started, finished, and credits charged or given back. A job that stopped shows where; steps it never
 * reached are left out, steps still to come wait.
 */
export function jobTimeline(job: TimelineJob): TimelineStep[] {
  const r = RANK[job.status]
  const failedAt: Partial<Record<Job['status'], number>> = {
    unlicensed: 1,
    invalid: 2,
    rejected: 3,
    failed: 5,
  }
  const stop = failedAt[job.status] ?? (job.status === 'released' ? 5 : undefined)
  const held = job.creditConsumption ? ` (${job.creditConsumption.credits} credits held)` : ''
  const steps: { label: string; failed: string; at: string | null }[] = [
    { label: 'Created', failed: 'Created', at: job.created },
    { label: 'License checked', failed: 'License not accepted', at: null },
    { label: 'Inputs checked', failed: 'Inputs refused', at: null },
    { label: `Accepted${held}`, failed: 'Rejected', at: null },
    { label: 'Started', failed: 'Started', at: job.started },
    { label: 'Finished successfully', failed: 'Failed', at: job.finished },
    {
      label: stop !== undefined ? 'Credits given back' : 'Credits charged',
      failed: 'Credits given back',
      at: r >= 6 ? job.updated : null,
    },
  ]
  const out: TimelineStep[] = []
  for (const [i, s] of steps.entries()) {
    if (stop !== undefined && i === stop) {
      out.push({ label: s.failed, at: s.at ?? job.updated, state: 'failed' })
      // After a stop only the credits step can still come (a failed run's hold is given back).
      if (i === 5) {
        const back = steps[6]
        out.push({ label: back.label, at: back.at, state: r >= 6 ? 'done' : 'waiting' })
      }
      break
    }
    out.push({ label: s.label, at: s.at, state: i <= r ? 'done' : 'waiting' })
  }
  return out
}

/**
 * "5,000 jobs, page 1 of 250" once the total is known; until then what the page itself says ("Page 1: 20
 * jobs, more on the next page"). The last page is its own total.
 */
export function jobsStatusLine(
  page: number,
  size: number,
  shown: number,
  hasNext: boolean,
  total: number | undefined,
): string {
  if (!hasNext && page === 1) return countLabel(shown, 'job')
  // The last page says the total itself.
  if (!hasNext && shown > 0) total = (page - 1) * size + shown
  if (total !== undefined && total > 0) {
    const pages = Math.max(1, Math.ceil(total / size))
    return `${countLabel(total, 'job')}, page ${page} of ${pages.toLocaleString('en')}`
  }
  return `Page ${page}: ${countLabel(shown, 'job')}${hasNext ? ', more on the next page' : ''}`
}
