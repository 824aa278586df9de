import { describe, expect, it } from 'vitest'
import { seededWorld } from '../seed/world'
import { manualClock } from '../world/clock'
import { ids } from '../world/ids'
import { listJobs, type JobQuery } from './job-list'

const world = seededWorld(manualClock(), 'default')
const query = (q: Partial<JobQuery> = {}): JobQuery => ({
  accountId: ids.enterpriseAccount,
  processIds: [],
  statuses: [],
  jobIds: [],
  sort: 'created',
  direction: 'desc',
  ...q,
})

describe('listJobs', () => {
  it("keeps only the account's jobs, newest first by default", () => {
    const jobs = listJobs(world, query())
    expect(jobs.length).toBeGreaterThan(3)
    expect(jobs.every((j) => j.accountID === ids.enterpriseAccount)).toBe(true)
    const created = jobs.map((j) => Date.parse(j.created))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect(listJobs(world, query({ accountId: 'nobody' }))).toEqual([])
  })

  it('filters by status and by id', () => {
    const all = listJobs(world, query())
    const status = all[0].status
    expect(listJobs(world, query({ statuses: [status] })).every((j) => j.status === status)).toBe(true)
    expect(listJobs(world, query({ jobIds: [all[1].jobID] })).map((j) => j.jobID)).toEqual([all[1].jobID])
  })

  it('puts jobs without credits last, whichever the direction', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const jobs = listJobs(world, query({ sort: 'creditConsumption.credits', direction }))
      const credits = jobs.map((j) => j.creditConsumption?.credits)
      const firstMissing = credits.indexOf(undefined)
      expect(firstMissing).toBeGreaterThan(0)
      expect(credits.slice(firstMissing).every((c) => c === undefined)).toBe(true)
      const known = credits.slice(0, firstMissing) as number[]
      expect(known).toEqual([...known].sort((a, b) => (direction === 'asc' ? a - b : b - a)))
    }
  })
})
