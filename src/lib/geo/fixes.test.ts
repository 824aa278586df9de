import type { Polygon } from 'geojson'
import { kinks } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { poly, square } from '../../testing/builders'
import { AOI_LIMITS, type AoiIssueCode } from './aoi-rules'
import { applyFix } from './fixes'
import { areaKm2, bboxOf, totalAreaKm2, totalPositions } from './measure'
import { bowTie, codes, seeded, wobbly } from '../../testing/shapes'
import { validateAoi } from './validation'

describe('applyFix', () => {
  const without = (ps: Polygon[], code: AoiIssueCode) => expect(codes(ps)).not.toContain(code)

  it('closes rings', () => {
    const open = poly(square(0, 0, 1).slice(0, 4), square(0.2, 0.2, 0.2).slice(0, 4))
    const fixed = applyFix([open], 'close-rings')
    without(fixed, 'not-closed')
    expect(fixed[0].coordinates.map((r) => r.length)).toEqual([5, 5])
    expect(open.coordinates[0]).toHaveLength(4)
  })

  it('removes holes', () => {
    const fixed = applyFix([poly(square(0, 0, 1), square(0.2, 0.2, 0.2))], 'remove-holes')
    without(fixed, 'holes')
    expect(fixed[0].coordinates).toHaveLength(1)
    expect(areaKm2(fixed[0])).toBeCloseTo(areaKm2(poly(square(0, 0, 1))), 6)
  })

  it('repairs a bow tie into two triangles that keep all of its area', () => {
    const fixed = applyFix([bowTie], 'repair')
    expect(validateAoi(fixed)).toEqual([])
    expect(fixed).toHaveLength(2)
    expect(totalAreaKm2(fixed)).toBeCloseTo(areaKm2(poly(square(12.4, 41.8, 0.2))) / 2, 0)
  })

  it('repairs an outline that loops over itself, leaving the valid polygons alone', () => {
    const loop = poly([
      [0, 0],
      [10, 0],
      [10, 10],
      [4, 10],
      [4, 12],
      [6, 12],
      [6, 8],
      [0, 8],
      [0, 0],
    ])
    const plain = poly(square(20, 20, 1))
    const fixed = applyFix([plain, loop], 'repair')
    expect(fixed[0]).toEqual(plain)
    without(fixed, 'self-intersection')
    for (const p of fixed) expect(kinks(p).features).toEqual([])
  })

  it('repairs a hole that touches its outline into shapes the service accepts', () => {
    const touching = poly(square(0, 0, 1), [
      [0, 0],
      [0.5, 0.2],
      [0.2, 0.5],
      [0, 0],
    ])
    const fixed = applyFix([touching], 'repair')
    without(fixed, 'self-intersection')
    for (const p of fixed) expect(kinks(p).features).toEqual([])
    expect(Math.abs(totalAreaKm2(fixed) / areaKm2(touching) - 1)).toBeLessThan(1e-6)
  })

  it('repairs random tangles so that neither this module nor turf kinks finds a crossing', () => {
    const next = seeded(11)
    for (let t = 0; t < 40; t++) {
      const n = 4 + Math.floor(next() * 30)
      const ring = Array.from({ length: n }, () => [12 + next(), 41 + next()])
      ring.push(ring[0])
      const fixed = applyFix([poly(ring)], 'repair')
      without(fixed, 'self-intersection')
      for (const p of fixed) expect(kinks(p).features).toEqual([])
    }
  })

  it('splits a polygon across the date line into parts on either side', () => {
    const across = poly(square(175, -20, 10))
    const fixed = applyFix([across], 'split-antimeridian')
    expect(validateAoi(fixed)).toEqual([])
    expect(fixed).toHaveLength(2)
    expect(bboxOf(fixed)).toEqual([-180, -20, 180, -10])
    expect(totalAreaKm2(fixed)).toBeCloseTo(areaKm2(across), 3)
  })

  it('splits a polygon written with a jump across ±180, with a hole', () => {
    const jump = poly(
      [
        [170, 0],
        [-170, 0],
        [-170, 10],
        [170, 10],
        [170, 0],
      ],
      [
        [178, 4],
        [178, 6],
        [-178, 6],
        [-178, 4],
        [178, 4],
      ],
    )
    const fixed = applyFix([jump], 'split-antimeridian')
    // Cut at 180°, the hole opens onto the cut and becomes a notch in each part.
    expect(validateAoi(fixed)).toEqual([])
    expect(fixed).toHaveLength(2)
    expect(totalAreaKm2(fixed)).toBeCloseTo(areaKm2(jump), 2)
    expect(areaKm2(jump)).toBeLessThan(areaKm2(poly(square(0, 0, 20).map(([x, y]) => [x, y / 2]))))
  })

  it('moves a polygon drawn on a world copy back into −180…180', () => {
    const fixed = applyFix([poly(square(190, 10, 5))], 'split-antimeridian')
    expect(fixed).toEqual([poly(square(-170, 10, 5))])
    expect(validateAoi(fixed)).toEqual([])
  })

  it('splits a ring around the pole, closing it over the pole', () => {
    const cap = poly([
      [0, 80],
      [90, 80],
      [180, 80],
      [-90, 80],
      [0, 80],
    ])
    const fixed = applyFix([cap], 'split-antimeridian')
    expect(validateAoi(fixed)).toEqual([])
    expect(totalAreaKm2(fixed)).toBeCloseTo(areaKm2(cap), 0)
    // North of 80°: 2πR²(1 − sin 80°) on turf's sphere.
    expect(areaKm2(cap)).toBeCloseTo(2 * Math.PI * 6371.0088 ** 2 * (1 - Math.sin((80 * Math.PI) / 180)), -2)
  })

  it('simplifies to the limit with little change', () => {
    const big = wobbly(25_000)
    const fixed = applyFix([big], 'simplify')
    without(fixed, 'too-many-vertices')
    expect(validateAoi(fixed)).toEqual([])
    expect(totalPositions(fixed)).toBeGreaterThan(AOI_LIMITS.maxVertices * 0.9)
    expect(Math.abs(areaKm2(fixed[0]) / areaKm2(big) - 1)).toBeLessThan(0.001)
  })

  it('simplifies several polygons under a custom limit, each staying valid', () => {
    const ps = [wobbly(800), wobbly(800, 13, 42), poly(square(0, 0, 1))]
    const limits = { ...AOI_LIMITS, maxVertices: 300 }
    const fixed = applyFix(ps, 'simplify', limits)
    expect(totalPositions(fixed)).toBeLessThanOrEqual(300)
    expect(validateAoi(fixed, limits)).toEqual([])
    expect(fixed[2]).toEqual(ps[2])
  })

  it('leaves an AOI under the limit as it is', () => {
    const ps = [wobbly(100)]
    expect(applyFix(ps, 'simplify')).toBe(ps)
  })
})
