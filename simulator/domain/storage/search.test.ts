import { booleanIntersects } from '@turf/turf'
import type { Geometry, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { rect } from '../geometries/coverage'
import { itemMatches, planarBox } from './search'
import type { S } from '../world/types'

/** The simulator's own box polygon, as GeoJSON's type (its `bbox` a tuple). */
const box = (w: number, s: number, e: number, n: number) => rect(w, s, e, n) as Polygon

const itemOver = (geometry: Polygon): S['StacItem'] =>
  ({
    type: 'Feature',
    stac_version: '1.0.0',
    id: 'i',
    geometry,
    properties: {},
    links: [],
    assets: {},
  }) as unknown as S['StacItem']

describe('planarBox', () => {
  it('bounds a polygon, a multipolygon and a collection by their positions as given', () => {
    expect(planarBox(box(10, 50, 12, 53))).toEqual([10, 50, 12, 53])
    expect(
      planarBox({
        type: 'MultiPolygon',
        coordinates: [box(170, -5, 179, 5).coordinates, box(-179, -8, -170, 2).coordinates],
      }),
    ).toEqual([-179, -8, 179, 5])
    expect(
      planarBox({
        type: 'GeometryCollection',
        geometries: [box(0, 0, 1, 1), { type: 'Point', coordinates: [5, -3] }],
      }),
    ).toEqual([0, -3, 5, 1])
    expect(planarBox({ type: 'Polygon', coordinates: [] })).toBeUndefined()
  })
})

describe('itemMatches with intersects', () => {
  it('agrees with turf on random boxes and triangles, the cheap box test first or not', () => {
    let seed = 7
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 40 - 20
    for (let i = 0; i < 400; i++) {
      const [a, b, c, d] = [rnd(), rnd(), rnd(), rnd()]
      const footprint = box(Math.min(a, b), Math.min(c, d), Math.max(a, b) + 0.1, Math.max(c, d) + 0.1)
      const p = [rnd(), rnd()]
      const asked: Geometry = {
        type: 'Polygon',
        coordinates: [[p, [p[0] + 3, p[1]], [p[0], p[1] + 3], p]],
      }
      expect(itemMatches(itemOver(footprint), { intersects: asked })).toBe(
        booleanIntersects(asked, footprint),
      )
    }
  })
})
