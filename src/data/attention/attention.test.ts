import { describe, expect, it } from 'vitest'
import { attentionMark, attentionSummary } from './attention'

const counts = (orders: number, jobs: number, jobsMore: boolean) => ({
  count: orders + jobs,
  more: jobsMore,
  orders,
  jobs: { count: jobs, more: jobsMore },
})

describe('the attention figures', () => {
  it('marks the navigation with the count up to 99, then "99+"', () => {
    expect(attentionMark(counts(3, 2, false))).toBe('5')
    expect(attentionMark(counts(99, 0, false))).toBe('99')
    expect(attentionMark(counts(100, 0, false))).toBe('99+')
    expect(attentionMark(counts(1249, 100, true))).toBe('99+')
    expect(attentionMark(counts(0, 40, true))).toBe('40+')
  })

  it('says one total while both counts are exact, and each kind on its own once jobs are cut short', () => {
    expect(attentionSummary(counts(1, 0, false))).toBe('1 thing went wrong')
    expect(attentionSummary(counts(3, 4, false))).toBe('7 things went wrong')
    expect(attentionSummary(counts(1249, 100, true))).toBe('1,249 orders and 100+ jobs went wrong')
    expect(attentionSummary(counts(1, 100, true))).toBe('1 order and 100+ jobs went wrong')
    expect(attentionSummary(counts(0, 100, true))).toBe('100+ jobs went wrong')
  })
})
