import type { Polygon } from 'geojson'
import { kinks } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { poly, square } from '../testing/builders'
import {
  convexHullOf,
  AOI_LIMITS,
  applyFix,
  areaKm2,
  bboxOf,
  circlePolygon,
  parseCoordinateList,
  positionCount,
  rectanglePolygon,
  selfIntersections,
  totalAreaKm2,
  totalPositions,
  totalVertices,
  validateAoi,
  vertexCount,
  type AoiIssueCode,
  type LonLat,
} from './geo'

const codes = (ps: Polygon[]) => validateAoi(ps).map((i) => i.code)
const bowTie = poly([
  [12.4, 41.8],
  [12.6, 42.0],
  [12.6, 41.8],
  [12.4, 42.0],
  [12.4, 41.8],
])

/** A closed outline of `n` corners, wobbling around a circle (never crossing itself). */
function wobbly(n: number, lon = 12.5, lat = 41.9, radius = 0.2): Polygon {
  const ring: number[][] = []
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI
    const r = radius * (1 + 0.08 * Math.sin(a * 17) + 0.02 * Math.sin(a * 301))
    ring.push([lon + r * Math.cos(a), lat + r * Math.sin(a)])
  }
  ring.push(ring[0])
  return poly(ring)
}

function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('measures', () => {
  it('measures a 1° square at the equator as about 12,308 km²', () => {
    expect(areaKm2(poly(square(0, 0, 1)))).toBeGreaterThan(12_308 * 0.995)
    expect(areaKm2(poly(square(0, 0, 1)))).toBeLessThan(12_308 * 1.005)
  })

  it('subtracts holes and adds up several polygons', () => {
    const outer = areaKm2(poly(square(10, 40, 1)))
    const hole = areaKm2(poly(square(10.25, 40.25, 0.5)))
    expect(areaKm2(poly(square(10, 40, 1), square(10.25, 40.25, 0.5)))).toBeCloseTo(outer - hole, 6)
    expect(totalAreaKm2([poly(square(10, 40, 1)), poly(square(10.25, 40.25, 0.5))])).toBeCloseTo(
      outer + hole,
      6,
    )
  })

  it('measures a shape across the date line the short way round', () => {
    const across = poly([
      [179, 0],
      [-179, 0],
      [-179, 1],
      [179, 1],
      [179, 0],
    ])
    expect(areaKm2(across)).toBeCloseTo(areaKm2(poly(square(0, 0, 2).map(([x, y]) => [x, y / 2]))), 3)
  })

  it('measures unclosed and unreadable polygons without throwing', () => {
    expect(areaKm2(poly(square(0, 0, 1).slice(0, 4)))).toBeCloseTo(areaKm2(poly(square(0, 0, 1))), 6)
    expect(areaKm2(null as unknown as Polygon)).toBe(0)
    expect(totalAreaKm2('x' as unknown as Polygon[])).toBe(0)
  })

  it('counts distinct vertices, and positions as the service counts them', () => {
    const rect = poly(square(0, 0, 1))
    expect(vertexCount(rect)).toBe(4)
    expect(positionCount(rect)).toBe(5)
    expect(vertexCount(poly(square(0, 0, 1).slice(0, 4)))).toBe(4)
    expect(positionCount(poly(square(0, 0, 1).slice(0, 4)))).toBe(5)
    expect(
      vertexCount(
        poly([
          [0, 0],
          [1, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ]),
      ),
    ).toBe(3)
    const withHole = poly(square(0, 0, 1), square(0.2, 0.2, 0.2))
    expect(vertexCount(withHole)).toBe(8)
    expect(totalVertices([rect, withHole])).toBe(12)
    expect(totalPositions([rect, withHole])).toBe(15)
  })

  it('finds the bounding box of all polygons', () => {
    expect(bboxOf([poly(square(10, 40, 1)), poly(square(-5, 45, 2))])).toEqual([-5, 40, 11, 47])
    expect(bboxOf([])).toEqual([0, 0, 0, 0])
  })
})

describe('shapes', () => {
  it('makes a closed geodesic circle of the requested size', () => {
    const c = circlePolygon([12.5, 41.9], 10)
    const ring = c.coordinates[0]
    expect(ring).toHaveLength(65)
    expect(ring[0]).toEqual(ring[64])
    expect(areaKm2(c)).toBeGreaterThan(Math.PI * 100 * 0.99)
    expect(areaKm2(c)).toBeLessThan(Math.PI * 100 * 1.001)
    expect(validateAoi([c])).toEqual([])
    expect(circlePolygon([0, 0], 1, 8).coordinates[0]).toHaveLength(9)
  })

  it('makes a rectangle from any two opposite corners', () => {
    const r = rectanglePolygon([12.6, 42], [12.4, 41.8])
    expect(r.coordinates[0]).toEqual([
      [12.4, 41.8],
      [12.6, 41.8],
      [12.6, 42],
      [12.4, 42],
      [12.4, 41.8],
    ])
    expect(rectanglePolygon([12.4, 41.8], [12.6, 42])).toEqual(r)
    expect(validateAoi([r])).toEqual([])
  })
})

describe('validateAoi', () => {
  it('accepts a plain area', () => {
    expect(validateAoi([poly(square(12.4, 41.8, 0.2))])).toEqual([])
  })

  it('reports an empty AOI and empty polygons', () => {
    expect(codes([])).toEqual(['empty'])
    expect(codes([poly()])).toEqual(['empty'])
    expect(codes([poly([])])).toEqual(['empty'])
    expect(validateAoi([])[0].message).toMatch(/no area yet/)
  })

  it('never throws, whatever it is given', () => {
    const hostile = {
      type: 'Polygon',
      get coordinates(): unknown {
        throw new Error('boom')
      },
    }
    const garbage: unknown[] = [
      null,
      undefined,
      42,
      'POLYGON',
      {},
      [null],
      [42],
      [{ type: 'Polygon' }],
      [{ type: 'Polygon', coordinates: 'x' }],
      [{ type: 'Polygon', coordinates: [null] }],
      [{ type: 'Polygon', coordinates: [[null, [1], [1, 'a'], {}]] }],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [NaN, 1],
              [Infinity, 2],
              [1, 2],
              [NaN, 1],
            ],
          ],
        },
      ],
      [{ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)]] }],
      [hostile],
    ]
    for (const g of garbage) {
      const issues = validateAoi(g as Polygon[])
      expect(issues.length).toBeGreaterThan(0)
      for (const i of issues) expect(i.severity).toBe('error')
    }
    expect(() => applyFix([hostile] as unknown as Polygon[], 'repair')).not.toThrow()
  })

  it('reports coordinates that are not numbers, out of range, or three-dimensional', () => {
    const bad = (ring: unknown[]) => validateAoi([{ type: 'Polygon', coordinates: [ring] } as Polygon])
    const lat = bad([
      [12, 41],
      [13, 95],
      [13, 41],
      [12, 41],
    ])
    expect(lat.map((i) => i.code)).toEqual(['invalid-coordinates'])
    expect(lat[0].message).toMatch(/latitude 95/)
    expect(
      bad([
        [12, 41],
        [13, NaN],
        [13, 42],
        [12, 41],
      ])[0].code,
    ).toBe('invalid-coordinates')
    expect(
      bad([
        [12, 41],
        ['13', 42],
        [13, 41],
        [12, 41],
      ])[0].code,
    ).toBe('invalid-coordinates')
    expect(
      bad([
        [12, 41, 5],
        [13, 42, 5],
        [13, 41, 5],
        [12, 41, 5],
      ])[0].message,
    ).toMatch(/height/)
    const far = bad([
      [1e300, 41],
      [13, 42],
      [13, 41],
      [1e300, 41],
    ])
    expect(far[0].message).toMatch(/longitude 1e\+300, far outside −180…180°/)
  })

  it('treats longitudes beyond ±180 as a crossing of the date line, not as invalid', () => {
    const beyond = validateAoi([poly(square(185, 10, 5))])
    expect(beyond.map((i) => i.code)).toEqual(['antimeridian'])
    expect(beyond[0].fix).toBe('split-antimeridian')
    expect(beyond[0].message).toMatch(/repeated copy of the world map/)
    const across = validateAoi([poly(square(175, 10, 10))])
    expect(across.map((i) => i.code)).toEqual(['antimeridian'])
    expect(across[0].message).toMatch(/crosses the 180° meridian/)
    const jump = poly([
      [179, 0],
      [-179, 0],
      [-179, 1],
      [179, 1],
      [179, 0],
    ])
    expect(codes([jump])).toEqual(['antimeridian'])
  })

  it('reports an unclosed ring, and still checks the rest of it', () => {
    const open = validateAoi([poly(square(12.4, 41.8, 0.2).slice(0, 4))])
    expect(open.map((i) => i.code)).toEqual(['not-closed'])
    expect(open[0]).toMatchObject({ severity: 'error', fix: 'close-rings', polygonIndex: 0 })
    expect(codes([poly(bowTie.coordinates[0].slice(0, 4))])).toEqual(['not-closed', 'self-intersection'])
  })

  it('reports rings with fewer than three distinct corners', () => {
    const flat = poly([
      [0, 0],
      [1, 0],
      [1, 0],
      [0, 0],
    ])
    const issues = validateAoi([flat])
    expect(issues.map((i) => i.code)).toEqual(['too-few-vertices'])
    expect(issues[0].message).toMatch(/2 distinct corners/)
    expect(
      codes([
        poly(square(0, 0, 1), [
          [0.5, 0.5],
          [0.6, 0.6],
          [0.5, 0.5],
        ]),
      ]),
    ).toContain('too-few-vertices')
  })

  it('reports more positions than the service accepts, counting every closing position', () => {
    const atLimit = wobbly(AOI_LIMITS.maxVertices - 1)
    expect(positionCount(atLimit)).toBe(10_000)
    expect(codes([atLimit])).toEqual([])
    const over = validateAoi([wobbly(AOI_LIMITS.maxVertices)])
    expect(over.map((i) => i.code)).toEqual(['too-many-vertices'])
    expect(over[0].fix).toBe('simplify')
    expect(over[0].polygonIndex).toBeUndefined()
    expect(over[0].message).toMatch(/10,001 points.*10,000/)
    expect(codes([wobbly(60), wobbly(60, 13)])).toEqual([])
    expect(validateAoi([wobbly(60), wobbly(60, 13)], { ...AOI_LIMITS, maxVertices: 100 })[0].code).toBe(
      'too-many-vertices',
    )
  })

  it('reports a self-intersection with where it is and how to fix it', () => {
    const [issue] = validateAoi([bowTie])
    expect(issue).toMatchObject({
      code: 'self-intersection',
      severity: 'error',
      fix: 'repair',
      fixLabel: 'Repair self-intersection',
      at: [12.5, 41.9],
    })
    expect(issue.message).toBe(
      'The outline crosses or touches itself near 12.5000° E, 41.9000° N. Repair it, or redraw that part.',
    )
    // Coarser for a large outline, finer for a small one.
    const wide = poly([
      [-12, -41],
      [-10, -39],
      [-10, -41],
      [-12, -39],
      [-12, -41],
    ])
    expect(validateAoi([wide])[0].message).toMatch(/near 11\.00° W, 40\.00° S\./)
    const small = bowTie.coordinates[0].map(([x, y]) => [12.5 + (x - 12.5) / 100, 41.9 + (y - 41.9) / 100])
    expect(validateAoi([poly(small)])[0].message).toMatch(/near 12\.500000° E, 41\.900000° N\./)
  })

  it('counts a hole touching its outline, or an outline through its own corner, as self-intersection', () => {
    const touching = poly(square(0, 0, 1), [
      [0, 0],
      [0.5, 0.2],
      [0.2, 0.5],
      [0, 0],
    ])
    expect(codes([touching])).toEqual(['holes', 'self-intersection'])
    const figureEight = poly([
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
      [0, 1],
      [0, 0],
    ])
    expect(codes([figureEight])).toEqual(['self-intersection'])
  })

  it('finds a single crossing deep inside a 10,000-corner outline', () => {
    const p = wobbly(9_000)
    const ring = p.coordinates[0]
    ;[ring[4321], ring[4322]] = [ring[4322], ring[4321]]
    const found = selfIntersections(p, 5)
    expect(found).toHaveLength(1)
    expect(found[0][0]).toBeCloseTo((ring[4321][0] + ring[4322][0]) / 2, 3)
    expect(codes([p])).toEqual(['self-intersection'])
  })

  it('agrees with turf kinks on random outlines', () => {
    const next = seeded(3)
    let crossing = 0
    for (let t = 0; t < 150; t++) {
      const n = 4 + Math.floor(next() * 120)
      const ring: number[][] = []
      // Corners in angular order around a centre never cross; jittered angles sometimes do.
      const jitter = ((t % 4) * 3 * Math.PI) / n
      for (let i = 0; i < n; i++) {
        const a = (i / n) * 2 * Math.PI + (next() - 0.5) * jitter
        const r = 1 + next() * 0.5
        ring.push([12 + r * Math.cos(a), 41 + r * Math.sin(a)])
      }
      ring.push(ring[0])
      const mine = selfIntersections(poly(ring)).length > 0
      expect(mine).toBe(kinks(poly(ring)).features.length > 0)
      if (mine) crossing++
    }
    expect(crossing).toBeGreaterThan(40)
    expect(crossing).toBeLessThan(120)
  })

  it('warns about holes', () => {
    const [issue] = validateAoi([poly(square(0, 0, 1), square(0.2, 0.2, 0.2), square(0.6, 0.6, 0.2))])
    expect(issue).toMatchObject({ code: 'holes', severity: 'warning', fix: 'remove-holes' })
    expect(issue.message).toMatch(/2 holes/)
  })

  it('reports an area below the minimum', () => {
    const tiny = validateAoi([poly(square(12.5, 41.9, 0.00005))])
    expect(tiny.map((i) => i.code)).toEqual(['tiny'])
    expect(tiny[0].message).toMatch(/m²; the smallest area accepted is 100 m²/)
    const line = validateAoi([
      poly([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
    ])
    expect(line.map((i) => i.code)).toEqual(['tiny'])
    expect(line[0].message).toMatch(/encloses no area: its corners lie on one line/)
  })

  it('names the area when there are several', () => {
    const issues = validateAoi([poly(square(0, 0, 1)), bowTie])
    expect(issues).toHaveLength(1)
    expect(issues[0].polygonIndex).toBe(1)
    expect(issues[0].message).toMatch(/^The outline of area 2 crosses/)
  })
})

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

describe('parseCoordinateList', () => {
  const ring = (text: string) => {
    const r = parseCoordinateList(text)
    if (!r.ok) throw new Error(r.message)
    return r.polygon.coordinates[0]
  }

  it('reads "lon lat" and "lon, lat" lines and closes the ring', () => {
    expect(ring('12.4 41.8\n12.6, 41.8\n12.6;42\n\n  12.4\t42  \n')).toEqual([
      [12.4, 41.8],
      [12.6, 41.8],
      [12.6, 42],
      [12.4, 42],
      [12.4, 41.8],
    ])
  })

  it('does not repeat a closing corner the user typed', () => {
    expect(ring('0 0\n1 0\n1 1\n0 0')).toHaveLength(4)
  })

  it('reads hemisphere letters in either order, and degrees-minutes-seconds', () => {
    expect(ring('41.9N 12.5E\n41.9N 12.6E\n42N 12.6E')).toEqual([
      [12.5, 41.9],
      [12.6, 41.9],
      [12.6, 42],
      [12.5, 41.9],
    ])
    const [first, second, third] = ring(`N 41°54'30" E 12°30'\n12°36′E, 41°54′N\n33.9S 18.4W`) as LonLat[]
    expect(first[0]).toBeCloseTo(12.5, 9)
    expect(first[1]).toBeCloseTo(41.908333, 5)
    expect(second).toEqual([12.6, 41.9])
    expect(third).toEqual([-18.4, -33.9])
  })

  it('reads KML-style tuples on one line, and skips comments', () => {
    expect(ring('# field 7\n12.4,41.8 12.6,41.8,0 12.6,42')).toHaveLength(4)
  })

  it('explains a bad line', () => {
    const bad = (text: string) => {
      const r = parseCoordinateList(text)
      return r.ok ? '' : r.message
    }
    expect(bad('12.4 41.8\n12.6 41.8\n12.5\n')).toBe(
      "Line 3: '12.5' needs two numbers, longitude and latitude.",
    )
    expect(bad('12.4 41.8\n12.6 41.8 3 4')).toMatch(/^Line 2: .* has 4 numbers/)
    expect(bad('12.4 abc')).toMatch(/^Line 1: .*not two numbers/)
    expect(bad('41.8 95\n0 0\n1 1')).toMatch(
      /^Line 1: latitude 95 is outside −90…90\. Is the order longitude, latitude/,
    )
    expect(bad('200 10\n0 0\n1 1')).toMatch(/longitude 200/)
    expect(bad('41.9N 12.5N')).toMatch(/two latitudes/)
    expect(bad('41.9N 12.5')).toMatch(/letter on one number only/)
    expect(bad("41°75'N 12E")).toMatch(/minutes or seconds of 60/)
  })

  it('needs three distinct corners', () => {
    const r = parseCoordinateList('1 1\n2 2\n1 1')
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/Only 2 distinct corners/) as unknown })
    expect(parseCoordinateList('  \n')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at least three/) as unknown,
    })
  })
})

describe('convexHullOf', () => {
  const ring = (...pts: [number, number][]): Polygon => ({ type: 'Polygon', coordinates: [[...pts, pts[0]]] })

  it('keeps the corners and drops the points inside, counter-clockwise and closed', () => {
    const hull = convexHullOf([ring([0, 0], [4, 0], [4, 4], [0, 4]), ring([1, 1], [2, 1], [2, 2])])
    expect(hull?.coordinates[0]).toEqual([
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ])
  })

  it('spans polygons apart from each other', () => {
    const hull = convexHullOf([ring([0, 0], [1, 0], [0, 1]), ring([10, 10], [11, 10], [10, 11])])
    expect(hull?.coordinates[0]).toEqual([
      [0, 0],
      [1, 0],
      [11, 10],
      [10, 11],
      [0, 1],
      [0, 0],
    ])
  })

  it('gives null for points on one line or too few points', () => {
    expect(convexHullOf([ring([0, 0], [1, 1], [2, 2])])).toBeNull()
    expect(convexHullOf([])).toBeNull()
  })
})
