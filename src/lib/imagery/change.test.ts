import { describe, expect, it } from 'vitest'
import { areaKm2 } from '../geo/measure'
import { parseFormula } from './formula'
import {
  changedMask,
  commonGrid,
  defaultThreshold,
  differenceOf,
  divergingColour,
  divergingLimit,
  maskAreaKm2,
  outlineRings,
  renderDifference,
  ringsToLonLat,
  type Grid,
  valueAt,
} from './change'
import type { Raster } from './render'

/** A four-band image over `bbox`, every pixel `px` except where `at` gives another. */
function optical(
  bbox: [number, number, number, number],
  width: number,
  height: number,
  px: number[],
  at: (x: number, y: number) => number[] | null = () => null,
): Raster {
  const data: number[] = []
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.push(...(at(x, y) ?? px))
  return { width, height, bands: 4, data, bbox, nodata: 0 }
}

describe('commonGrid', () => {
  it('covers the box both images share at the finer pixel size', () => {
    const a = optical([0, 0, 4, 4], 4, 4, [1, 1, 1, 1]) // 1° pixels
    const b = optical([2, 1, 6, 5], 8, 8, [1, 1, 1, 1]) // 0.5° pixels
    expect(commonGrid(a, b)).toEqual({ bbox: [2, 1, 4, 4], width: 4, height: 6 })
  })

  it('is null for images that do not meet', () => {
    const a = optical([0, 0, 1, 1], 2, 2, [1, 1, 1, 1])
    const b = optical([1, 0, 2, 1], 2, 2, [1, 1, 1, 1])
    expect(commonGrid(a, b)).toBeNull()
  })
})

describe('differenceOf', () => {
  const before = optical([0, 0, 2, 1], 2, 1, [1000, 2000, 3000, 4000])
  // The right pixel's red doubled and its NIR gone to nothing; the left one nodata after.
  const after = optical([0, 0, 2, 1], 2, 1, [1000, 2000, 3000, 4000], (x) =>
    x === 0 ? [0, 0, 0, 0] : [2000, 2000, 3000, 1000],
  )
  const grid: Grid = { bbox: [0, 0, 2, 1], width: 2, height: 1 }

  it('gives after minus before of one band as reflectance, unknown where either has no data', () => {
    const d = differenceOf(before, after, grid, { kind: 'band', band: 0 })
    expect(Number.isNaN(d[0])).toBe(true)
    expect(d[1]).toBeCloseTo(0.1)
  })

  it('reads the change at a point, null outside or where unknown', () => {
    const d = differenceOf(before, after, grid, { kind: 'band', band: 0 })
    expect(valueAt(grid, d, 1.5, 0.5)).toBeCloseTo(0.1)
    expect(valueAt(grid, d, 0.5, 0.5)).toBeNull()
    expect(valueAt(grid, d, 2.5, 0.5)).toBeNull()
  })

  it('gives the change of a formula', () => {
    const node = parseFormula('(nir - red) / (nir + red)', ['red', 'green', 'blue', 'nir'])
    const d = differenceOf(before, after, grid, { kind: 'formula', node })
    // NDVI 0.6 before, −0.333 after.
    expect(d[1]).toBeCloseTo(-1 / 3 - 0.6)
  })

  it('gives radar backscatter change in dB', () => {
    const radar = (v: number): Raster => ({
      width: 1,
      height: 1,
      bands: 1,
      data: [v],
      bbox: [0, 0, 1, 1],
      nodata: 0,
    })
    const d = differenceOf(
      radar(1000),
      radar(10_000),
      { bbox: [0, 0, 1, 1], width: 1, height: 1 },
      {
        kind: 'band',
        band: 0,
      },
    )
    expect(d[0]).toBeCloseTo(20)
  })
})

describe('the diverging ramp', () => {
  it('is blue for less, neutral for none, red for more, and clamps beyond its ends', () => {
    const [r0, , b0] = divergingColour(-1)
    expect(b0).toBeGreaterThan(r0)
    expect(divergingColour(0)).toEqual([247, 247, 247])
    const [r1, , b1] = divergingColour(1)
    expect(r1).toBeGreaterThan(b1)
    expect(divergingColour(5)).toEqual(divergingColour(1))
  })

  it('is as wide as the 98th percentile of the change either way, and leaves unknown pixels transparent', () => {
    const values = Float32Array.from({ length: 100 }, (_, i) => (i % 2 ? -1 : 1) * (i + 1))
    values[0] = NaN
    expect(divergingLimit(values)).toBe(98)
    expect(divergingLimit(new Float32Array(4))).toBe(1)
    const rgba = renderDifference(Float32Array.from([NaN, 0.5]), 1)
    expect([...rgba.slice(0, 4)]).toEqual([0, 0, 0, 0])
    expect(rgba[7]).toBe(255)
    expect(defaultThreshold(0.1234)).toBe(0.062)
  })
})

/** A mask from rows of '#' (set) and '.' (not). */
const maskOf = (rows: string[]) => ({
  mask: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)),
  width: rows[0].length,
  height: rows.length,
})

describe('changedMask', () => {
  it('keeps change beyond the threshold either way and drops specks smaller than the minimum', () => {
    const values = Float32Array.from([0.3, -0.3, 0, 0, 0.5, 0.3, -0.4, 0, 0, 0, 0, 0, 0.1, 0, 0])
    const { mask, regions, pixels } = changedMask(values, 5, 3, 0.25, 3)
    expect([...mask]).toEqual([1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(regions).toBe(1)
    expect(pixels).toBe(4)
    // A lower threshold joins nothing new (0.1 is alone, 0.5 a single pixel): still one region.
    expect(changedMask(values, 5, 3, 0.1, 3).regions).toBe(1)
    expect(changedMask(values, 5, 3, 0.1, 1).regions).toBe(3)
  })
})

describe('outlineRings', () => {
  it('outlines a block by its four corners', () => {
    const { mask, width, height } = maskOf(['....', '.##.', '.##.'])
    const rings = outlineRings(mask, width, height)
    expect(rings).toHaveLength(1)
    expect(new Set(rings[0].map((p) => p.join(',')))).toEqual(new Set(['1,1', '3,1', '3,3', '1,3']))
    expect(rings[0][0]).toEqual(rings[0][rings[0].length - 1])
  })

  it('gives a ring with a hole two rings, and an L its six corners', () => {
    const ring = maskOf(['###', '#.#', '###'])
    expect(outlineRings(ring.mask, ring.width, ring.height)).toHaveLength(2)
    const l = maskOf(['#.', '##'])
    const [only] = outlineRings(l.mask, l.width, l.height)
    expect(only).toHaveLength(7)
  })

  it('outlines two pixels that touch only at a corner as two closed squares', () => {
    const { mask, width, height } = maskOf(['#.', '.#'])
    const rings = outlineRings(mask, width, height)
    const corners = rings.reduce((n, r) => n + r.length - 1, 0)
    expect(corners).toBe(8)
    for (const r of rings) expect(r[0]).toEqual(r[r.length - 1])
  })

  it('places the rings on the map at the grid’s corners', () => {
    const grid: Grid = { bbox: [10, 50, 12, 51], width: 2, height: 1 }
    expect(
      ringsToLonLat(
        [
          [
            [0, 0],
            [1, 1],
          ],
        ],
        grid,
      ),
    ).toEqual([
      [
        [10, 51],
        [11, 50],
      ],
    ])
  })
})

describe('maskAreaKm2', () => {
  it('sums each set pixel’s geodesic area', () => {
    const grid: Grid = { bbox: [0, 60, 0.1, 60.2], width: 1, height: 2 }
    const cell = (s: number) =>
      areaKm2({
        type: 'Polygon',
        coordinates: [
          [
            [0, s],
            [0.1, s],
            [0.1, s + 0.1],
            [0, s + 0.1],
            [0, s],
          ],
        ],
      })
    expect(maskAreaKm2(Uint8Array.from([1, 1]), grid)).toBeCloseTo(cell(60) + cell(60.1), 6)
    // Only the northern pixel: smaller than the southern one (meridians converge).
    const north = maskAreaKm2(Uint8Array.from([1, 0]), grid)
    expect(north).toBeCloseTo(cell(60.1), 6)
    expect(north).toBeLessThan(cell(60))
    // About 55.6 km² at 60° N for 0.1° × 0.1°.
    expect(north + maskAreaKm2(Uint8Array.from([0, 1]), grid)).toBeGreaterThan(110)
  })
})
