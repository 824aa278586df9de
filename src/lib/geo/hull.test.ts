import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { convexHullOf } from './hull'

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
