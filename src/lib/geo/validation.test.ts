import type { Polygon } from 'geojson'
import { kinks } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { poly, square } from '../../testing/builders'
import { AOI_LIMITS } from './aoi-rules'
import { cross, crossingWork, selfIntersections, within } from './crossings'
import { applyFix } from './fixes'
import { positionCount } from './measure'
import { bowTie, codes, comb, seeded, wobbly } from '../../testing/shapes'
import { validateAoi } from './validation'

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

/** Every pair of segments that are not neighbours on one ring, compared: slow, but plainly right. */
function touchesByEveryPair(ring: number[][]): boolean {
  const n = ring.length - 1
  const meets = (a: number[], b: number[], c: number[], d: number[]) => {
    const d1 = cross(c[0], c[1], d[0], d[1], a[0], a[1])
    const d2 = cross(c[0], c[1], d[0], d[1], b[0], b[1])
    const d3 = cross(a[0], a[1], b[0], b[1], c[0], c[1])
    const d4 = cross(a[0], a[1], b[0], b[1], d[0], d[1])
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
    return (
      (d3 === 0 && within(a[0], a[1], b[0], b[1], c[0], c[1])) ||
      (d4 === 0 && within(a[0], a[1], b[0], b[1], d[0], d[1])) ||
      (d1 === 0 && within(c[0], c[1], d[0], d[1], a[0], a[1])) ||
      (d2 === 0 && within(c[0], c[1], d[0], d[1], b[0], b[1]))
    )
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue
      if (meets(ring[i], ring[i + 1], ring[j], ring[j + 1])) return true
    }
  return false
}

// Hostile outlines: what a link, a stored draft or an import may carry to make the check itself the attack.
describe('the hostile AOI corpus: combs', () => {
  // A crossing check by cells compared every tooth with every other here: 26 s for 10,000 slanted corners.
  it.each([
    { name: 'upright', slant: 0 },
    { name: 'slanted', slant: 1 },
    { name: 'steeply slanted', slant: -7 },
  ])('accepts a 10,000-corner $name comb, which does not cross itself', ({ slant }) => {
    const c = comb(10_000, { slant })
    expect(positionCount(c)).toBe(10_000)
    expect(validateAoi([c])).toEqual([])
  })

  it('checks a comb in work that grows with its corners, not with their square', () => {
    const work = (n: number, slant: number) => {
      crossingWork.steps = 0
      expect(selfIntersections(comb(n, { slant }))).toEqual([])
      return crossingWork.steps
    }
    for (const slant of [0, 1]) {
      const small = work(5_000, slant)
      // n log n doubles a little more than twice; comparing every tooth with every other, four times.
      expect(work(10_000, slant) / small).toBeLessThan(2.6)
      expect(work(20_000, slant) / small).toBeLessThan(5.5)
      expect(small / 5_000).toBeLessThan(200)
    }
  })

  it('finds the one tooth of a slanted comb that reaches into its neighbour', () => {
    const c = comb(10_000, { slant: 1 })
    const ring = c.coordinates[0]
    // Tooth 1,234's tip pushed a quarter of a gap past the rising edge of tooth 1,235, halfway up.
    const [x, y] = ring[4 * 1_235]
    const [tx, ty] = ring[4 * 1_235 + 1]
    const gap = ring[4 * 1_235][0] - ring[4 * 1_234 + 3][0]
    ring[4 * 1_234 + 2] = [(x + tx) / 2 + gap / 4, (y + ty) / 2]
    const [issue, ...rest] = validateAoi([c])
    expect(rest).toEqual([])
    expect(issue.code).toBe('self-intersection')
    // Where the tip's edges cross that rising edge: on it, below the pushed tip.
    const [ax, ay] = issue.at ?? [NaN, NaN]
    expect(Math.abs(cross(x, y, tx, ty, ax, ay))).toBeLessThan(1e-12)
    expect(ay).toBeGreaterThan(y)
    expect(ay).toBeLessThan((y + ty) / 2 + 1e-12)
  })

  it('checks the vertex limit first: a 40,000-corner comb is refused for its count alone', () => {
    const c = comb(40_000, { slant: 1 })
    const ring = c.coordinates[0]
    ;[ring[2001], ring[2002]] = [ring[2002], ring[2001]]
    const issues = validateAoi([c])
    expect(issues.map((i) => i.code)).toEqual(['too-many-vertices'])
    expect(issues[0].message).toMatch(/40,00\d points in all; the service accepts up to 10,000/)
    // Once within the limit, the crossing is found.
    expect(codes([c]).length).toBe(1)
    expect(validateAoi([c], { ...AOI_LIMITS, maxVertices: 50_000 }).map((i) => i.code)).toEqual([
      'self-intersection',
    ])
  })

  it('agrees with a comparison of every pair on outlines snapped to a coarse grid (touches, collinear runs)', () => {
    const next = seeded(41)
    let touching = 0
    for (let t = 0; t < 400; t++) {
      const n = 4 + Math.floor(next() * 14)
      const size = 2 + Math.floor(next() * 5)
      const ring: number[][] = []
      for (let i = 0; i < n; i++) {
        const p = [Math.floor(next() * size), Math.floor(next() * size)]
        const last = ring[ring.length - 1]
        if (!last || last[0] !== p[0] || last[1] !== p[1]) ring.push(p)
      }
      if (
        ring.length < 3 ||
        (ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1])
      )
        continue
      ring.push(ring[0])
      const expected = touchesByEveryPair(ring)
      expect(selfIntersections(poly(ring)).length > 0, JSON.stringify(ring)).toBe(expected)
      if (expected) touching++
    }
    expect(touching).toBeGreaterThan(100)
    expect(touching).toBeLessThan(390)
  })
})
