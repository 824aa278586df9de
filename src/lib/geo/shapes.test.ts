import { describe, expect, it } from 'vitest'
import { areaKm2 } from './measure'
import { intersectionAreaRatio } from './combine'
import { boxCorners, boxCoverShare, boxOf, circlePolygon, rectanglePolygon } from './shapes'
import { validateAoi } from './validation'

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

describe('boxCorners', () => {
  it('lays a [w, s, e, n] box from the top-left corner clockwise, as the map places a picture', () => {
    expect(boxCorners([9.9, 53.4, 10.1, 53.6])).toEqual([
      [9.9, 53.6],
      [10.1, 53.6],
      [10.1, 53.4],
      [9.9, 53.4],
    ])
  })
})

describe('boxes', () => {
  const box = (w: number, s: number, e: number, n: number) => rectanglePolygon([w, s], [e, n])

  it('knows a lon/lat rectangle from any ring that is not one', () => {
    expect(boxOf(box(13.37, 52.51, 13.42, 52.53))).toEqual([13.37, 52.51, 13.42, 52.53])
    // Clockwise from another corner is the same box.
    const cw = [
      [1, 2],
      [1, 1],
      [0, 1],
      [0, 2],
      [1, 2],
    ]
    expect(boxOf({ type: 'Polygon', coordinates: [cw] })).toEqual([0, 1, 1, 2])
    const crossed = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ]
    const repeated = [
      [0, 0],
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ]
    const tilted = [
      [0, 0],
      [1, 0.1],
      [1, 1],
      [0, 1],
      [0, 0],
    ]
    for (const ring of [crossed, repeated, tilted])
      expect(boxOf({ type: 'Polygon', coordinates: [ring] })).toBeNull()
    const holed = box(0, 0, 2, 2)
    holed.coordinates.push(box(0.5, 0.5, 1, 1).coordinates[0])
    expect(boxOf(holed)).toBeNull()
    expect(boxOf(circlePolygon([0, 0], 10, 4))).toBeNull()
    expect(boxOf({ type: 'Point', coordinates: [0, 0] })).toBeNull()
  })

  it("measures the share of one box another covers as turf's clipping does", () => {
    const area = [13.37, 52.51, 13.42, 52.53] as const
    const others: [number, number, number, number][] = [
      [13.36, 52.5, 13.43, 52.54],
      [13.39, 52.5, 13.5, 52.6],
      [13.3, 52.52, 13.38, 52.525],
      [13.41, 52.529, 13.45, 52.6],
      [13.43, 52.5, 13.5, 52.6],
      [-10, -60, 10, 60],
    ]
    for (const o of others) {
      const exact = intersectionAreaRatio([box(...area)], box(...o))
      expect(boxCoverShare(area, o)).toBeCloseTo(exact, 9)
    }
    expect(boxCoverShare(area, [13.43, 52.5, 13.5, 52.6])).toBe(0)
    expect(boxCoverShare(area, area)).toBe(1)
  })
})
