import { describe, expect, it } from 'vitest'
import { jobTitle } from '../../data/processing/job-title'
import { failureInWords, jobTimeline, jobsStatusLine } from './words'

const base = {
  created: '2026-11-20T10:00:00Z',
  started: null,
  finished: null,
  updated: '2026-11-20T10:00:00Z',
  creditConsumption: null,
}
const labels = (steps: ReturnType<typeof jobTimeline>) => steps.map((s) => `${s.state}:${s.label}`)

describe('a job’s timeline', () => {
  it('shows what is done and what is still to come for a running job', () => {
    const steps = jobTimeline({
      ...base,
      status: 'running',
      started: '2026-11-20T10:01:00Z',
      creditConsumption: { credits: 30, holdID: 'h', consumptionID: 'c' },
    })
    expect(labels(steps)).toEqual([
      'done:Created',
      'done:License checked',
      'done:Inputs checked',
      'done:Accepted (30 credits held)',
      'done:Started',
      'waiting:Finished successfully',
      'waiting:Credits charged',
    ])
    expect(steps[4].at).toBe('2026-11-20T10:01:00Z')
  })

  it('stops where the job stopped', () => {
    expect(labels(jobTimeline({ ...base, status: 'unlicensed' }))).toEqual([
      'done:Created',
      'failed:License not accepted',
    ])
    expect(labels(jobTimeline({ ...base, status: 'invalid' }))).toEqual([
      'done:Created',
      'done:License checked',
      'failed:Inputs refused',
    ])
  })

  it('ends a failed run with the credits given back', () => {
    const failed = { ...base, started: '2026-11-20T10:01:00Z', finished: '2026-11-20T10:05:00Z' }
    expect(labels(jobTimeline({ ...failed, status: 'failed' })).slice(-2)).toEqual([
      'failed:Failed',
      'waiting:Credits given back',
    ])
    expect(labels(jobTimeline({ ...failed, status: 'released' })).slice(-2)).toEqual([
      'failed:Failed',
      'done:Credits given back',
    ])
    expect(labels(jobTimeline({ ...failed, status: 'captured' })).at(-1)).toBe('done:Credits charged')
  })
})

describe('a job’s title', () => {
  it('is its title input when it has one, else nothing', () => {
    expect(jobTitle({ definition: { inputs: { title: '  Austin sharpened ', item: 'x' } } })).toBe(
      'Austin sharpened',
    )
    expect(jobTitle({ definition: { inputs: { title: ' ' } } })).toBeNull()
    expect(jobTitle({ definition: { inputs: { title: 3 } } })).toBeNull()
    expect(jobTitle({ definition: { inputs: {} } })).toBeNull()
  })
})

describe('a job’s failure', () => {
  it('says the service’s message as a sentence, without the error’s code', () => {
    const words = failureInWords({ name: 'ProcessingFailed', message: 'The scene could not be read' })
    expect(words).toBe('The scene could not be read.')
    expect(words).not.toContain('ProcessingFailed')
  })
})

describe('jobsStatusLine', () => {
  it('says the total and the pages once counted, what the page says until then', () => {
    expect(jobsStatusLine(1, 20, 12, false, undefined)).toBe('12 jobs')
    expect(jobsStatusLine(1, 20, 1, false, undefined)).toBe('1 job')
    expect(jobsStatusLine(1, 20, 20, true, undefined)).toBe('Page 1: 20 jobs, more on the next page')
    expect(jobsStatusLine(1, 20, 20, true, 5000)).toBe('5,000 jobs, page 1 of 250')
    expect(jobsStatusLine(3, 20, 5, false, undefined)).toBe('45 jobs, page 3 of 3')
    expect(jobsStatusLine(4, 20, 0, false, undefined)).toBe('Page 4: 0 jobs')
  })
})
