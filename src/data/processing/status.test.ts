import { describe, expect, it } from 'vitest'
import { ACTIVE_JOB_STATUSES } from './active-count'
import {
  formatDuration,
  isFinalJob,
  jobDurationSeconds,
  jobOutcome,
  jobPollInterval,
  JOB_STATUSES,
} from './status'

describe('job statuses', () => {
  it('counts as under way exactly the statuses before an outcome', () => {
    expect(ACTIVE_JOB_STATUSES).toEqual(
      JOB_STATUSES.filter((s) => !isFinalJob(s) && jobOutcome(s) === 'running'),
    )
  })

  it('gives every status one outcome, and final statuses end a poll', () => {
    expect(JOB_STATUSES.map(jobOutcome)).toEqual([
      'running',
      'running',
      'failed',
      'running',
      'failed',
      'running',
      'failed',
      'running',
      'succeeded',
      'failed',
      'succeeded',
      'failed',
    ])
    expect(jobPollInterval(['captured', 'released'])).toBe(false)
    expect(jobPollInterval(['captured', 'running'])).toBe(5_000)
    // successful and failed still move on (credits captured or released).
    expect(isFinalJob('successful')).toBe(false)
    expect(jobPollInterval([])).toBe(false)
  })

  it('measures a run from start to finish, or to now while it runs', () => {
    const now = Date.parse('2026-01-01T10:00:00Z')
    expect(jobDurationSeconds({ started: null, finished: null }, now)).toBeNull()
    expect(jobDurationSeconds({ started: '2026-01-01T09:58:30Z', finished: null }, now)).toBe(90)
    expect(
      jobDurationSeconds({ started: '2026-01-01T08:00:00Z', finished: '2026-01-01T09:05:07Z' }, now),
    ).toBe(3907)
    expect(formatDuration(3907)).toBe('1 h 05 min')
    expect(formatDuration(249)).toBe('4 min 09 s')
    expect(formatDuration(12)).toBe('12 s')
  })
})
