import { booleanIntersects, polygon as turfPolygon } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { createRng } from '../world/random'
import { PreparedPolygon, segmentsMeet } from './prepared-polygon'

const box = (w: number, s: number, e: number, n: number): number[][][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]

describe('geometry', () => {
  it('tests segments, touching included', () => {
    expect(segmentsMeet(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true)
    expect(segmentsMeet(0, 0, 1, 0, 1, 0, 2, 5)).toBe(true)
    expect(segmentsMeet(0, 0, 2, 0, 1, 0, 3, 0)).toBe(true)
    expect(segmentsMeet(0, 0, 1, 0, 2, 0, 3, 0)).toBe(false)
    expect(segmentsMeet(0, 0, 1, 1, 0, 1, 0.4, 0.6)).toBe(false)
  })

  const flat = (ring: number[][]) => ring.flatMap((p) => p)
  const meets = (poly: PreparedPolygon, ring: number[][]) => {
    const xs = ring.map((p) => p[0])
    const ys = ring.map((p) => p[1])
    return poly.intersectsRing(
      flat(ring),
      0,
      ring.length,
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      0,
    )
  }
  const square = (x: number, y: number, h: number) => box(x - h, y - h, x + h, y + h)[0]

  it('finds overlap, containment either way, touching, and tells concave near misses and holes apart', () => {
    const p = new PreparedPolygon(box(0, 0, 10, 10))
    expect(meets(p, square(10, 5, 1))).toBe(true) // overlapping the edge
    expect(meets(p, square(5, 5, 1))).toBe(true) // inside
    expect(meets(p, square(5, 5, 20))).toBe(true) // around it
    expect(meets(p, square(11, 5, 1))).toBe(true) // touching
    expect(meets(p, square(12, 5, 1))).toBe(false)
    // A U shape: the square sits in the notch, inside the bbox but outside the polygon.
    const u = new PreparedPolygon([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [7, 10],
        [7, 3],
        [3, 3],
        [3, 10],
        [0, 10],
        [0, 0],
      ],
    ])
    expect(meets(u, square(5, 7, 1))).toBe(false)
    expect(meets(u, square(5, 2, 0.5))).toBe(true)
    const holed = new PreparedPolygon([...box(0, 0, 10, 10), ...box(3, 3, 7, 7)])
    expect(meets(holed, square(5, 5, 1))).toBe(false)
    expect(meets(holed, square(5, 5, 2.5))).toBe(true)
  })

  it('agrees with turf on random polygons (many vertices use the banded edge index)', () => {
    const rng = createRng('geometry-fuzz')
    for (let round = 0; round < 30; round++) {
      const cx = rng.float(-10, 10)
      const cy = rng.float(-10, 10)
      const n = rng.pick([5, 12, 80, 300])
      // A star-shaped (so simple) polygon with a ragged outline.
      const ring: number[][] = []
      for (let k = 0; k < n; k++) {
        const a = (2 * Math.PI * k) / n
        const r = rng.float(1, 6)
        ring.push([cx + r * Math.cos(a), cy + r * Math.sin(a)])
      }
      ring.push(ring[0])
      const prepared = new PreparedPolygon([ring])
      const reference = turfPolygon([ring])
      for (let k = 0; k < 60; k++) {
        const quad = square(cx + rng.float(-8, 8), cy + rng.float(-8, 8), rng.float(0.05, 1.5))
        expect(meets(prepared, quad), `round ${round} quad ${k}`).toBe(
          booleanIntersects(reference, turfPolygon([quad])),
        )
      }
    }
  })
})
