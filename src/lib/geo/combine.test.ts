import type { MultiPolygon, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { difference, intersection, unite } from './combine'
import { ringArea } from './rings'

const box = (w: number, s: number, e: number, n: number): Polygon => poly(rect(w, s, e, n))

/** Area in the longitude/latitude plane, holes subtracted. */
const planar = (g: Polygon | MultiPolygon | null): number =>
  g === null
    ? 0
    : (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).reduce(
        (sum, [outer, ...holes]) => sum + ringArea(outer) - holes.reduce((h, r) => h + ringArea(r), 0),
        0,
      )

describe('shapes taken together', () => {
  // Two unit squares overlapping by half.
  const a = box(0, 0, 1, 1)
  const b = box(0.5, 0, 1.5, 1)

  it('unites, intersects and subtracts overlapping shapes', () => {
    expect(planar(unite(a, b))).toBeCloseTo(1.5, 9)
    expect(planar(intersection(a, b))).toBeCloseTo(0.5, 9)
    expect(planar(difference(a, b))).toBeCloseTo(0.5, 9)
  })

  it('keeps apart shapes apart: a union of two parts, no intersection, nothing taken away', () => {
    const far = box(3, 3, 4, 4)
    expect(unite(a, far)?.type).toBe('MultiPolygon')
    expect(planar(unite(a, far))).toBeCloseTo(2, 9)
    expect(intersection(a, far)).toBeNull()
    expect(planar(difference(a, far))).toBeCloseTo(1, 9)
  })

  it('gives null when one shape covers all of the other', () => {
    expect(difference(box(0.2, 0.2, 0.8, 0.8), a)).toBeNull()
    expect(planar(difference(a, box(0.2, 0.2, 0.8, 0.8)))).toBeCloseTo(0.64, 9)
  })
})
