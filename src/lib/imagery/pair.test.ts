import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { daysApart, inTimeOrder, mutualOverlap, proposalSentence, proposePair, type Dated } from './pair'

const box = (w: number, s: number, e: number, n: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

const item = (id: string, datetime: string | null, footprint: Polygon | null): Dated => ({
  id,
  datetime,
  footprint,
})

describe('proposePair', () => {
  const here = item('here', '2026-10-10T00:00:00Z', box(13.36, 52.5, 13.43, 52.54))

  it('proposes the item that covers the same place best, on another day', () => {
    const others = [
      item('same-day', '2026-10-10T06:00:00Z', box(13.36, 52.5, 13.43, 52.54)),
      item('half', '2026-09-01T00:00:00Z', box(13.395, 52.5, 13.5, 52.54)),
      item('larger', '2026-01-03T00:00:00Z', box(13.35, 52.49, 13.44, 52.55)),
      item('elsewhere', '2026-08-01T00:00:00Z', box(4, 51, 4.1, 51.1)),
      item('undated', null, box(13.36, 52.5, 13.43, 52.54)),
      { ...item('sharpened', '2026-10-12T00:00:00Z', box(13.36, 52.5, 13.43, 52.54)), derived: true },
    ]
    const p = proposePair(here, others)
    expect(p?.id).toBe('larger')
    expect(p?.days).toBe(280)
    // The larger one holds all of this item; this item covers about half of it.
    expect(p?.overlap).toBeGreaterThan(0.5)
    expect(p?.overlap).toBeLessThan(0.6)
  })

  it('prefers the nearer date between two covers alike', () => {
    const others = [
      item('old', '2025-10-10T00:00:00Z', box(13.36, 52.5, 13.43, 52.54)),
      item('recent', '2026-08-31T00:00:00Z', box(13.36, 52.5, 13.43, 52.541)),
    ]
    const p = proposePair(here, others)
    expect(p?.id).toBe('recent')
    expect(p?.days).toBe(40)
    expect(p?.overlap).toBeGreaterThan(0.95)
  })

  it('proposes nothing when no other item shares at least half of each', () => {
    expect(proposePair(here, [item('half', '2026-09-01T00:00:00Z', box(13.4, 52.5, 13.5, 52.54))])).toBeNull()
    expect(
      proposePair(item('x', null, box(0, 0, 1, 1)), [item('y', '2026-01-01', box(0, 0, 1, 1))]),
    ).toBeNull()
  })
})

describe('the pair in words and order', () => {
  it('says how far apart and how much in common', () => {
    expect(proposalSentence({ days: 41, overlap: 0.926 })).toBe(
      'These two cover the same area 41 days apart (92 % in common).',
    )
    expect(proposalSentence({ days: 1, overlap: 1 })).toBe(
      'These two cover the same area 1 day apart (100 % in common).',
    )
  })

  it('counts whole days either way and orders the pair in time', () => {
    expect(daysApart('2026-01-03T00:00:00Z', '2026-10-10T00:00:00Z')).toBe(280)
    const a = { id: 'a', datetime: '2026-10-10T00:00:00Z' }
    const b = { id: 'b', datetime: '2026-01-03T00:00:00Z' }
    expect(inTimeOrder(a, b, (x) => x.datetime)).toEqual({ before: b, after: a })
    expect(inTimeOrder(b, a, (x) => x.datetime)).toEqual({ before: b, after: a })
  })

  it('finds no overlap between footprints that do not meet', () => {
    expect(mutualOverlap(box(0, 0, 1, 1), box(2, 2, 3, 3))).toBe(0)
    expect(mutualOverlap(box(0, 0, 2, 1), box(0, 0, 1, 1))).toBeCloseTo(0.5, 2)
  })
})
