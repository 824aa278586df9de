import { describe, expect, it } from 'vitest'
import { monthStart, oldestFirst, spentThisMonth, START_POLL_MS, startPoll } from './home-model'

describe('the start page’s figures', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')

  it('sums the credits recorded this UTC month, up to now', () => {
    expect(new Date(monthStart(now)).toISOString()).toBe('2026-11-01T00:00:00.000Z')
    expect(
      spentThisMonth(
        [
          { credits: 10, recordedAt: '2026-10-31T23:59:59Z' },
          { credits: 5, recordedAt: '2026-11-01T00:00:00Z' },
          { credits: 7, recordedAt: '2026-11-25T11:59:00Z' },
          { credits: 100, recordedAt: '2026-11-26T00:00:00Z' },
        ],
        now,
      ),
    ).toBe(12)
  })

  it('puts the decisions that waited longest first, studies and quotations together', () => {
    const list = oldestFirst(
      [{ id: 's1', orderId: 'o1', createdAt: '2026-11-20T00:00:00Z' }],
      [
        { id: 'q1', orderId: 'o2', createdAt: '2026-11-18T00:00:00Z' },
        { id: 'q2', orderId: 'o3', createdAt: '2026-11-22T00:00:00Z' },
      ],
      2,
    )
    expect(list.map((d) => `${d.kind}:${d.id}`)).toEqual(['quotation:q1', 'study:s1'])
  })
})

describe('startPoll', () => {
  it('slows a monitor’s pace to Start’s, and leaves no polling as none', () => {
    expect(startPoll(5_000)).toBe(START_POLL_MS)
    expect(startPoll(10_000)).toBe(START_POLL_MS)
    expect(startPoll(60_000)).toBe(60_000)
    expect(startPoll(false)).toBe(false)
  })
})
