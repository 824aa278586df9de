import { describe, expect, it } from 'vitest'
import { serializeJobListQuery } from '../../data/processing/keys'
import { DEFAULT_JOBS_VIEW, jobsQuery, jobsSearch, jobsViewProblems, readJobsView } from './url-state'

const ID_A = '3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f'
const ID_B = '11111111-2222-4333-8444-555555555555'

describe('the job monitor’s URL', () => {
  it('reads every filter, sort and page, and writes the same URL back', () => {
    const url =
      'process=upsampling-ns,pansharpening&status=running,failed&ids=' +
      `${ID_A.toUpperCase()},${ID_B}&minDuration=60&maxDuration=3600&workspace=W1&sort=status,asc&page=3&limit=50`
    const view = readJobsView(new URLSearchParams(url))
    expect(view).toEqual({
      processes: ['pansharpening', 'upsampling-ns'],
      status: ['running', 'failed'],
      jobIds: [ID_A, ID_B],
      minDuration: 60,
      maxDuration: 3600,
      workspace: 'w1',
      sort: { field: 'status', direction: 'asc' },
      page: 3,
      size: 50,
    })
    expect(readJobsView(jobsSearch(view))).toEqual(view)
  })

  it('turns a view into the contract’s request: comma-joined lists, seconds, zero-based pages', () => {
    const view = readJobsView(
      new URLSearchParams(`process=pansharpening&status=running,failed&ids=${ID_A}&minDuration=60&page=2`),
    )
    expect(serializeJobListQuery(jobsQuery(view))).toBe(
      `processId=pansharpening&status=running%2Cfailed&ids=${ID_A}&minDuration=60&page=1&limit=20&sort=created%2Cdesc`,
    )
  })

  it('falls back to defaults for what a URL cannot mean, and keeps plain URLs plain', () => {
    const view = readJobsView(
      new URLSearchParams('status=RUNNING,bogus&sort=price,up&page=-1&limit=7&minDuration=x'),
    )
    expect(view).toEqual({ ...DEFAULT_JOBS_VIEW, status: ['running'] })
    expect(jobsSearch(DEFAULT_JOBS_VIEW).toString()).toBe('')
  })

  it('checks pasted IDs and the duration range before anything is sent', () => {
    expect(jobsViewProblems({ ...DEFAULT_JOBS_VIEW, jobIds: [ID_A, 'nope'] }).jobIds).toMatch(
      /“nope” is not a job ID/,
    )
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    expect(jobsViewProblems({ ...DEFAULT_JOBS_VIEW, jobIds: many }).jobIds).toMatch(/at most 100.*Remove 1/)
    expect(jobsViewProblems({ ...DEFAULT_JOBS_VIEW, minDuration: 600, maxDuration: 60 }).duration).toMatch(
      /longer than the longest/,
    )
    expect(jobsViewProblems({ ...DEFAULT_JOBS_VIEW, minDuration: 60, maxDuration: 60 })).toEqual({})
  })
})
