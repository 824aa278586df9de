import type { MultiPolygon, Polygon, Position } from 'geojson'
import { area, feature, featureCollection, intersect } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { unionOf } from '../../lib/geo/combine'
import { overlapAny, prepareCoverage, triangles } from './coverage'

const reversed = (ring: Position[]): Position[] => [...ring].reverse()

function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** Coverage in percent measured independently: turf's intersection and geodesic areas. */
function turfPercent(aoi: Polygon, footprint: Polygon | MultiPolygon): number {
  const both = intersect(featureCollection([feature(aoi), feature(footprint)]))
  return both ? (area(both) / area(feature(aoi))) * 100 : 0
}

function coverageOf(aoi: Polygon[]): (footprint: Polygon | MultiPolygon) => number {
  const fn = prepareCoverage(aoi)
  if (!fn) throw new Error('expected a coverage function')
  return fn
}

describe('prepareCoverage', () => {
  it('gives null for an empty AOI', () => {
    expect(prepareCoverage([])).toBeNull()
  })

  it('gives null for an AOI that encloses no area', () => {
    const flat = poly([
      [10, 40],
      [11, 40],
      [12, 40],
      [10, 40],
    ])
    expect(prepareCoverage([flat])).toBeNull()
  })

  const aoi = poly(rect(10, 40, 11, 41))

  it('gives 100 for a footprint equal to the AOI, and for one containing it', () => {
    const coverage = coverageOf([aoi])
    expect(coverage(aoi)).toBeCloseTo(100, 9)
    expect(coverage(poly(rect(9, 39, 12, 42)))).toBeCloseTo(100, 9)
  })

  it('gives 50 for a footprint over exactly half of a rectangular AOI', () => {
    const coverage = coverageOf([aoi])
    // West half, east half, south half, and a quarter twice (two footprints of a quarter each).
    for (const footprint of [rect(9, 39, 10.5, 42), rect(10.5, 39, 12, 42), rect(9, 39, 12, 40.5)]) {
      const c = coverage(poly(footprint))
      expect(Math.abs(c - 50) / 50).toBeLessThan(1e-6)
    }
    const quarter = coverage(poly(rect(10.5, 40.5, 11.5, 41.5)))
    expect(Math.abs(quarter - 25) / 25).toBeLessThan(1e-6)
  })

  it('gives the exact area ratio of axis-aligned rectangles (longitude is scaled uniformly)', () => {
    // AOI 2° × 1°; footprint overlap 1.3° × 0.6° = 0.78 of 2 square degrees = 39 %.
    const coverage = coverageOf([poly(rect(-75, -12, -73, -11))])
    const c = coverage(poly(rect(-74.3, -11.6, -70, -10)))
    expect(Math.abs(c - 39) / 39).toBeLessThan(1e-6)
  })

  it('gives 0 for a disjoint footprint, near or far', () => {
    const coverage = coverageOf([aoi])
    expect(coverage(poly(rect(11.5, 40, 12, 41)))).toBe(0)
    expect(coverage(poly(rect(-120, -40, -119, -39)))).toBe(0)
    // A footprint whose bounding box overlaps the AOI but whose shape does not (a thin diagonal strip).
    const strip = poly([
      [11.2, 40.9],
      [11.3, 41],
      [10.2, 42.1],
      [10.1, 42],
      [11.2, 40.9],
    ])
    expect(coverage(strip)).toBeCloseTo(0, 9)
  })

  it('does not count the hole of an AOI', () => {
    // Outer 4 × 4, hole 2 × 2 in the middle: 12 units of area.
    const holed = poly(rect(0, 0, 4, 4), rect(1, 1, 3, 3))
    const coverage = coverageOf([holed])
    // The west half: 8 of the outer minus 2 of the hole = 6 of 12.
    expect(coverage(poly(rect(-1, -1, 2, 5)))).toBeCloseTo(50, 6)
    // Only the hole itself: nothing of the AOI.
    expect(coverage(poly(rect(1, 1, 3, 3)))).toBeCloseTo(0, 6)
    // The east strip 3…4 lies beside the hole: 4 of 12.
    expect(coverage(poly(rect(3, -1, 5, 5)))).toBeCloseTo(100 / 3, 6)
    // Everything.
    expect(coverage(poly(rect(-1, -1, 5, 5)))).toBeCloseTo(100, 6)
  })

  it('adds up the parts of an AOI of two polygons', () => {
    // Areas 1 and 2 (same latitudes, so the same scale): 3 in all.
    const coverage = coverageOf([poly(rect(0, 40, 1, 41)), poly(rect(2, 40, 4, 41))])
    // All of the first, half of the second: 1 + 1 = 2 of 3.
    expect(coverage(poly(rect(-1, 39, 3, 42)))).toBeCloseTo(200 / 3, 6)
    // Only the second: 2 of 3.
    expect(coverage(poly(rect(1.5, 39, 5, 42)))).toBeCloseTo(200 / 3, 6)
    // Half of the first: 0.5 of 3.
    expect(coverage(poly(rect(0.5, 39, 1.5, 42)))).toBeCloseTo(50 / 3, 6)
  })

  it('counts overlapping AOI polygons once, once they are merged', () => {
    // Two 0.2 × 0.1 rectangles overlapping by half: the AOI is 0.3 × 0.1.
    const pair = [poly(rect(0, 0, 0.2, 0.1)), poly(rect(0.1, 0, 0.3, 0.1))]
    expect(overlapAny(pair)).toBe(true)
    expect(overlapAny([poly(rect(0, 40, 1, 41)), poly(rect(2, 40, 4, 41))])).toBe(false)
    const coverage = coverageOf(unionOf(pair))
    // A third of the AOI, whether the footprint lies outside the overlap or over it.
    expect(coverage(poly(rect(0, 0, 0.1, 0.1)))).toBeCloseTo(100 / 3, 4)
    expect(coverage(poly(rect(0.1, 0, 0.2, 0.1)))).toBeCloseTo(100 / 3, 4)
    expect(coverage(poly(rect(-1, -1, 1, 1)))).toBeCloseTo(100, 6)
  })

  it('adds up the parts of a MultiPolygon footprint', () => {
    const coverage = coverageOf([aoi])
    const twoStrips: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[rect(9, 39, 10.25, 42)], [rect(10.75, 39, 12, 42)]],
    }
    // Two quarter-wide strips of the AOI.
    expect(coverage(twoStrips)).toBeCloseTo(50, 6)
    const onePartAway: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[rect(50, 0, 51, 1)], [rect(10, 40, 10.1, 41)]],
    }
    expect(coverage(onePartAway)).toBeCloseTo(10, 6)
  })

  it('measures a concave footprint exactly, through its triangles', () => {
    const small = poly(rect(10, 45, 10.4, 45.4))
    const coverage = coverageOf([small])
    // An L: the AOI's square minus its north-east quarter, widened beyond it on the south and west.
    const ell = poly([
      [9.9, 44.9],
      [10.5, 44.9],
      [10.5, 45.2],
      [10.2, 45.2],
      [10.2, 45.5],
      [9.9, 45.5],
      [9.9, 44.9],
    ])
    const c = coverage(ell)
    // Three quarters of the AOI in the plane; turf's geodesic areas differ by a little.
    expect(c).toBeCloseTo(75, 9)
    expect(Math.abs(c - turfPercent(small, ell))).toBeLessThan(0.5)
  })

  it('measures a holed footprint exactly, its hole taken away', () => {
    const small = poly(rect(10, 45, 10.4, 45.4))
    const coverage = coverageOf([small])
    const ring: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[rect(9.9, 44.9, 10.5, 45.5), rect(10.1, 45.1, 10.3, 45.3)]],
    }
    const c = coverage(ring)
    // The hole is a quarter of the AOI; turf's geodesic areas differ by a little.
    expect(c).toBeCloseTo(75, 9)
    const expected = turfPercent(small, { type: 'Polygon', coordinates: ring.coordinates[0] })
    expect(Math.abs(c - expected)).toBeLessThan(0.5)
  })

  it('agrees with turf on 200 rotated convex quadrilaterals over random small AOIs', () => {
    const rand = seeded(20250314)
    let partial = 0
    for (let t = 0; t < 200; t++) {
      const lon = rand() * 340 - 170
      const lat = rand() * 100 - 50
      const r = 0.05 + rand() * 0.15
      // AOI: a star-shaped (often concave) ring of 7 corners, under 0.4° across.
      const aoiRing: Position[] = []
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * 2 * Math.PI
        const k = r * (0.5 + 0.5 * rand())
        aoiRing.push([lon + k * Math.cos(a), lat + k * Math.sin(a)])
      }
      aoiRing.push(aoiRing[0])
      const aoiPolygon = poly(aoiRing)

      // Footprint: four points on a rotated ellipse, in angular order, so always convex.
      const cx = lon + (rand() - 0.5) * 3 * r
      const cy = lat + (rand() - 0.5) * 3 * r
      const ax = r * (0.3 + rand())
      const ay = r * (0.3 + rand())
      const rot = rand() * Math.PI
      const fpRing: Position[] = []
      for (let i = 0; i < 4; i++) {
        const a = (i * Math.PI) / 2 + (rand() - 0.5) * 0.8
        const ex = ax * Math.cos(a)
        const ey = ay * Math.sin(a)
        fpRing.push([
          cx + ex * Math.cos(rot) - ey * Math.sin(rot),
          cy + ex * Math.sin(rot) + ey * Math.cos(rot),
        ])
      }
      fpRing.push(fpRing[0])
      // Half of them clockwise.
      const footprint = poly(t % 2 === 0 ? fpRing : reversed(fpRing))

      const ours = coverageOf([aoiPolygon])(footprint)
      const theirs = turfPercent(aoiPolygon, footprint)
      expect(Math.abs(ours - theirs), `case ${t}: ours ${ours}, turf ${theirs}`).toBeLessThan(0.5)
      expect(ours).toBeGreaterThanOrEqual(0)
      expect(ours).toBeLessThanOrEqual(100)
      if (theirs > 1 && theirs < 99) partial++
    }
    // The cases are not all trivially 0 or 100.
    expect(partial).toBeGreaterThan(50)
  })

  it('gives the same result for clockwise and counter-clockwise rings', () => {
    const ccwAoi = poly(rect(0, 0, 4, 4), reversed(rect(1, 1, 3, 3)))
    const cwAoi = poly(reversed(rect(0, 0, 4, 4)), rect(1, 1, 3, 3))
    const footprint = [
      [-1, -1],
      [2.5, -0.5],
      [3.5, 3],
      [0.5, 4.5],
      [-1, -1],
    ]
    const expected = coverageOf([ccwAoi])(poly(footprint))
    expect(expected).toBeGreaterThan(10)
    expect(expected).toBeLessThan(90)
    expect(coverageOf([cwAoi])(poly(footprint))).toBeCloseTo(expected, 9)
    expect(coverageOf([ccwAoi])(poly(reversed(footprint)))).toBeCloseTo(expected, 9)
    expect(coverageOf([cwAoi])(poly(reversed(footprint)))).toBeCloseTo(expected, 9)
  })

  it('accepts rings without their closing position', () => {
    const coverage = coverageOf([poly(rect(10, 40, 11, 41).slice(0, 4))])
    expect(coverage(poly(rect(9, 39, 10.5, 42).slice(0, 4)))).toBeCloseTo(50, 6)
  })

  it('agrees with turf on 100 random concave footprints (stars) over random small AOIs', () => {
    const random = seeded(7)
    const star = (cx: number, cy: number, r: number, n: number): Polygon => {
      const ring: Position[] = []
      for (let i = 0; i < n; i++) {
        const a = (i / n) * 2 * Math.PI
        const k = r * (i % 2 === 0 ? 1 : 0.3 + 0.5 * random())
        ring.push([cx + k * Math.cos(a), cy + k * Math.sin(a)])
      }
      return poly([...ring, ring[0]])
    }
    for (let i = 0; i < 100; i++) {
      const aoi = star(10 + random() * 0.1, 45 + random() * 0.1, 0.1 + random() * 0.1, 10)
      const footprint = star(10 + random() * 0.2, 45 + random() * 0.2, 0.1 + random() * 0.2, 8 + 2 * (i % 4))
      const c = coverageOf([aoi])(footprint)
      expect(Math.abs(c - turfPercent(aoi, footprint))).toBeLessThan(0.5)
    }
  })
})

describe('triangles', () => {
  it('partitions a concave ring: the triangles add up to its area and each turns left', () => {
    const ell: [number, number][] = [
      [0, 0],
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ]
    const parts = triangles(ell)
    expect(parts).toHaveLength(4)
    const signed = (t: [number, number][]) =>
      ((t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0])) / 2
    for (const t of parts) expect(signed(t)).toBeGreaterThan(0)
    expect(parts.reduce((sum, t) => sum + signed(t), 0)).toBeCloseTo(5, 12)
  })
})
