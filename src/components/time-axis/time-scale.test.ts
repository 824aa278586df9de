import { describe, expect, it } from 'vitest'
import { positionOf, stackRows, timeTicks } from './time-scale'

const at = (s: string) => Date.parse(s)

describe('time scale', () => {
  it('places moments on the axis and clamps those outside it', () => {
    const from = at('2026-12-01T00:00:00Z')
    const to = at('2026-12-11T00:00:00Z')
    expect(positionOf(at('2026-12-06T00:00:00Z'), from, to)).toBeCloseTo(0.5)
    expect(positionOf(at('2026-11-01T00:00:00Z'), from, to)).toBe(0)
    expect(positionOf(at('2027-01-01T00:00:00Z'), from, to)).toBe(1)
    expect(positionOf(5, 10, 10)).toBe(0)
  })

  it('labels a month with days or weeks, never more ticks than asked', () => {
    const ticks = timeTicks(at('2026-12-01T10:00:00Z'), at('2026-12-31T00:00:00Z'), 8)
    expect(ticks.length).toBeLessThanOrEqual(8)
    expect(ticks.length).toBeGreaterThan(2)
    // Weekly ticks fall on Mondays at midnight UTC.
    for (const t of ticks) {
      expect(new Date(t.at).getUTCDay()).toBe(1)
      expect(new Date(t.at).getUTCHours()).toBe(0)
    }
    expect(ticks[0].label).toBe('7 Dec')
  })

  it('labels a day with hours and midnight with the date', () => {
    const ticks = timeTicks(at('2026-12-01T20:00:00Z'), at('2026-12-02T08:00:00Z'), 6)
    expect(ticks.map((t) => t.label)).toEqual(['21:00', '2 Dec', '03:00', '06:00'])
  })
})

describe('stacking bars', () => {
  it('puts bars that would cover each other in rows of their own, and reuses a row once it is free', () => {
    const rows = stackRows([
      { id: 'a', from: 0.1, to: 0.12 },
      { id: 'b', from: 0.11, to: 0.13 },
      { id: 'c', from: 0.115, to: 0.125 },
      { id: 'd', from: 0.2, to: 0.22 },
    ])
    expect(Object.fromEntries(rows)).toEqual({ a: 0, b: 1, c: 2, d: 0 })
  })

  it('keeps bars apart in time on one row', () => {
    const rows = stackRows([
      { id: 'late', from: 0.5, to: 0.6 },
      { id: 'early', from: 0.1, to: 0.2 },
    ])
    expect([...rows.values()]).toEqual([0, 0])
  })
})
