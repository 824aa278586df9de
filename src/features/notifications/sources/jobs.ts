import { paths } from '../../../config/paths'
import { jobListOptions } from '../../../data/processing/queries'
import { jobOutcome, type Job, type JobOutcome } from '../../../data/processing/status'
import { jobTitle } from '../../../data/processing/job-title'
import { readFresh, type NotificationSource } from './source'

export interface JobsSnapshot {
  /** The newest `updated` seen, in ms of the service's clock. */
  since: number
  jobs: Record<string, { outcome: JobOutcome; name: string; updated: number }>
}

/** The newest jobs: the page of the job list the centre compares. */
export const JOBS_QUERY = { limit: 50, sort: 'created,desc' } as const

export function snapshotJobs(jobs: readonly Job[]): JobsSnapshot {
  const out: JobsSnapshot['jobs'] = {}
  let since = 0
  for (const j of jobs) {
    const updated = Date.parse(j.updated) || 0
    out[j.jobID] = { outcome: jobOutcome(j.status), name: jobTitle(j) ?? j.processID, updated }
    since = Math.max(since, updated)
  }
  return { since, jobs: out }
}

/** Jobs that finished or failed since the last read. */
export const jobsSource: NotificationSource<JobsSnapshot> = {
  id: 'jobs',
  enabled: () => true,
  read: async (ctx) => {
    const list = await readFresh(ctx, jobListOptions(ctx.client, { ...JOBS_QUERY }))
    return snapshotJobs(list.jobs)
  },
  diff: (previous, next) => {
    if (!previous) return []
    return Object.entries(next.jobs).flatMap(([id, j]) => {
      if (j.outcome === 'running') return []
      const before = previous.jobs[id]
      if (before ? before.outcome !== 'running' : j.updated <= previous.since) return []
      return [
        {
          key: `job:${id}`,
          title: `Job “${j.name}” ${j.outcome === 'failed' ? 'failed' : 'finished'}`,
          detail: j.outcome === 'failed' ? 'See why on its page' : 'Its results are in storage',
          href: paths.job(id),
        },
      ]
    })
  },
}
