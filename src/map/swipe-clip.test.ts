import { describe, expect, it } from 'vitest'
import { apply, homography, visiblePart, type Point } from './swipe-clip'

/** Area and bounds of a polygon, so the tests need not know where its vertex list starts. */
function shape(polygon: Point[]) {
  let area = 0
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]
    const [x2, y2] = polygon[(i + 1) % polygon.length]
    area += x1 * y2 - x2 * y1
  }
  const xs = polygon.map((p) => p[0])
  const ys = polygon.map((p) => p[1])
  const r = (v: number) => Math.round(v * 1000) / 1000
  return {
    area: r(Math.abs(area) / 2),
    bounds: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(r),
  }
}

const SQUARE: Point[] = [
  [100, 50],
  [300, 50],
  [300, 250],
  [100, 250],
]

describe('homography', () => {
  it('takes each corner to its match, and a perspective quad’s inside to inside', () => {
    const to: Point[] = [
      [0, 0],
      [10, 0],
      [12, 8],
      [-1, 6],
    ]
    const h = homography(SQUARE, to)
    expect(h).not.toBeNull()
    SQUARE.forEach((p, i) => {
      const [u, v] = apply(h!, p)
      expect(u).toBeCloseTo(to[i][0], 9)
      expect(v).toBeCloseTo(to[i][1], 9)
    })
  })
  it('is null for corners that do not make a quad', () => {
    expect(
      homography(
        [
          [0, 0],
          [1, 1],
          [2, 2],
          [3, 3],
        ],
        SQUARE,
      ),
    ).toBeNull()
  })
})

describe('visiblePart', () => {
  it('cuts a picture laid square on the screen at the line, on the side asked', () => {
    expect(shape(visiblePart(SQUARE, 1000, 500, 200, 'right'))).toEqual({
      area: 250_000,
      bounds: [500, 0, 1000, 500],
    })
    expect(shape(visiblePart(SQUARE, 1000, 500, 150, 'left'))).toEqual({
      area: 125_000,
      bounds: [0, 0, 250, 500],
    })
  })
  it('keeps all of a picture wholly on the kept side, and none of one wholly on the other', () => {
    expect(shape(visiblePart(SQUARE, 1000, 500, 50, 'right')).area).toBe(500_000)
    expect(visiblePart(SQUARE, 1000, 500, 50, 'left')).toEqual([])
    expect(visiblePart(SQUARE, 1000, 500, 400, 'right')).toEqual([])
  })
  it('follows a picture turned on the screen: right of the line is its top half when turned a quarter', () => {
    const turned: Point[] = [
      [300, 50],
      [300, 250],
      [100, 250],
      [100, 50],
    ]
    expect(shape(visiblePart(turned, 1000, 1000, 200, 'right'))).toEqual({
      area: 500_000,
      bounds: [0, 0, 1000, 500],
    })
  })
  it('cuts a slanted line across a quicklook laid on a skewed footprint', () => {
    const skewed: Point[] = [
      [100, 50],
      [300, 100],
      [280, 300],
      [80, 250],
    ]
    const right = shape(visiblePart(skewed, 100, 100, 190, 'right')).area
    const left = shape(visiblePart(skewed, 100, 100, 190, 'left')).area
    expect(right + left).toBeCloseTo(10_000, 3)
    expect(right).toBeGreaterThan(3_000)
    expect(left).toBeGreaterThan(3_000)
  })
})
