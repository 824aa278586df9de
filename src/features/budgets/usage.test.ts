import { describe, expect, it } from 'vitest'
import { asOfInstant, budgetFigures, burnRate, dailyUsage, runOut } from './usage'

const at = (iso: string) => Date.parse(iso)

describe('budget usage arithmetic', () => {
  const records = [
    { orderId: 'a', credits: 100, recordedAt: '2026-11-01T10:00:00Z' },
    { jobId: 'b', credits: 50, recordedAt: '2026-11-01T23:59:59Z' },
    { orderId: 'c', credits: 25, recordedAt: '2026-11-03T00:00:00Z' },
  ]

  it('sums records per UTC day, fills the days between with zeros and runs a cumulative total', () => {
    expect(dailyUsage(records, at('2026-11-04T08:00:00Z'))).toEqual([
      { day: '2026-11-01', credits: 150, cumulative: 150 },
      { day: '2026-11-02', credits: 0, cumulative: 150 },
      { day: '2026-11-03', credits: 25, cumulative: 175 },
      { day: '2026-11-04', credits: 0, cumulative: 175 },
    ])
    expect(dailyUsage([], at('2026-11-04T08:00:00Z'))).toEqual([])
    // Records in unsorted order, and an `until` before them, still give every day of the records once.
    expect(dailyUsage([...records].reverse(), at('2026-10-01T00:00:00Z')).map((d) => d.day)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ])
  })

  it('states the burn rate since creation and the day the rest runs out at that rate', () => {
    const rate = burnRate(1_000, '2026-10-01T00:00:00Z', at('2026-10-11T00:00:00Z'))
    expect(rate).toEqual({ perDay: 100, since: at('2026-10-01T00:00:00Z'), days: 10 })
    // 450 left at 100 a day: five more days (the fifth day is partly spent).
    expect(runOut(450, rate, at('2026-10-11T00:00:00Z'))).toEqual({ kind: 'on', day: '2026-10-16', days: 5 })
    expect(runOut(0, rate, at('2026-10-11T00:00:00Z'))).toEqual({ kind: 'exhausted' })
    expect(runOut(-5, rate, at('2026-10-11T00:00:00Z'))).toEqual({ kind: 'exhausted' })
    expect(burnRate(0, '2026-10-01T00:00:00Z', at('2026-10-11T00:00:00Z'))).toBeNull()
    expect(runOut(450, null, at('2026-10-11T00:00:00Z'))).toEqual({ kind: 'never' })
    // A budget created today counts as one day old, not a fraction that would inflate the rate.
    expect(burnRate(300, '2026-10-11T00:00:00Z', at('2026-10-11T01:00:00Z'))?.perDay).toBe(300)
  })

  it('states figures at the later of now and the newest record (a service clock ahead of this one)', () => {
    expect(asOfInstant(records, at('2026-11-02T00:00:00Z'))).toBe(at('2026-11-03T00:00:00Z'))
    expect(asOfInstant(records, at('2026-12-01T00:00:00Z'))).toBe(at('2026-12-01T00:00:00Z'))
  })

  it('derives remaining credits and a capped share for the bars', () => {
    expect(budgetFigures(1_000, 250)).toEqual({
      allocated: 1_000,
      consumed: 250,
      remaining: 750,
      share: 0.25,
      over: false,
    })
    expect(budgetFigures(1_000, 1_200)).toMatchObject({ remaining: -200, share: 1, over: true })
    expect(budgetFigures(0, 0).share).toBe(0)
  })
})
