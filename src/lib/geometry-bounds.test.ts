import { describe, expect, it } from 'vitest'
import { poly as polygonOf, rect } from '../testing/builders'
import { boundsOf, isGeometry } from './geometry-bounds'

describe('bounds and geometry checks', () => {
  const square = polygonOf(rect(4.8, 45.7, 4.9, 45.8))

  it('bbox of polygons; a point is framed with a margin', () => {
    expect(boundsOf([square])).toEqual([4.8, 45.7, 4.9, 45.8])
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [square.coordinates, polygonOf(rect(-1, -1, 0, 0)).coordinates],
    }
    expect(boundsOf([multi])).toEqual([-1, -1, 4.9, 45.8])
    const b = boundsOf([{ type: 'Point', coordinates: [10, 20] }])
    expect(b?.[0]).toBeCloseTo(9.95)
    expect(b?.[3]).toBeCloseTo(20.05)
    expect(boundsOf([{ type: 'Polygon', coordinates: [] }])).toBeNull()
  })

  it('frames every shape, and a lone point with some room', () => {
    const other = polygonOf(rect(4, 51, 5, 52))
    expect(boundsOf([other, null])).toEqual([4, 51, 5, 52])
    expect(boundsOf([{ type: 'Point', coordinates: [4, 51] }])).toEqual([3.95, 50.95, 4.05, 51.05])
    expect(boundsOf([])).toBeNull()
  })

  it('tells geometries from other values', () => {
    expect(isGeometry(square)).toBe(true)
    expect(isGeometry({ type: 'GeometryCollection', geometries: [] })).toBe(true)
    expect(isGeometry({ type: 'Feature', geometry: square })).toBe(false)
    expect(isGeometry({ type: 'Polygon' })).toBe(false)
    expect(isGeometry(null)).toBe(false)
  })
})
