import { describe, expect, it } from 'vitest'
import { attentionMark, attentionSummary } from './attention'

const counts = (orders: number, jobs: number) => ({ count: orders + jobs, orders, jobs })

describe('the attention figures', () => {
  it('marks the navigation with the count up to 99, then "99+"', () => {
    expect(attentionMark(counts(3, 2))).toBe('5')
    expect(attentionMark(counts(99, 0))).toBe('99')
    expect(attentionMark(counts(100, 0))).toBe('99+')
    expect(attentionMark(counts(1249, 3100))).toBe('99+')
  })

  it('says one exact total, however many jobs failed', () => {
    expect(attentionSummary(counts(1, 0))).toBe('1 thing went wrong')
    expect(attentionSummary(counts(3, 4))).toBe('7 things went wrong')
    expect(attentionSummary(counts(1249, 3100))).toBe('4,349 things went wrong')
  })
})
