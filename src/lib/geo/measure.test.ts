import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { poly, square } from '../../testing/builders'
import {
  areaKm2,
  bboxOf,
  positionCount,
  totalAreaKm2,
  totalPositions,
  totalVertices,
  vertexCount,
} from './measure'

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

  it('leaves out of the bounding box what is not a position of two finite numbers', () => {
    const odd = {
      type: 'Polygon',
      coordinates: [[[1, 2], [Number.NaN, 50], ['x', 60], null, [3, 4], [Infinity, 0]], 'ring'],
    } as unknown as Polygon
    expect(bboxOf([odd, null as unknown as Polygon])).toEqual([1, 2, 3, 4])
  })
})
