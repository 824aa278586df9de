import { describe, expect, it } from 'vitest'
import { areaKm2 } from './measure'
import { boxCorners, circlePolygon, rectanglePolygon } from './shapes'
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
