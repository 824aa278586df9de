import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { featureCollectionOf, polygonsOf } from './geojson'

const ring = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
]
const poly: Polygon = { type: 'Polygon', coordinates: [ring] }

describe('geojson helpers', () => {
  it('finds polygons in collections, features, multipolygons and geometry collections', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: poly },
        { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } },
        { type: 'Feature', geometry: { type: 'GeometryCollection', geometries: [poly] } },
        { type: 'Feature', geometry: null },
      ],
    }
    expect(polygonsOf(fc)).toHaveLength(4)
    expect(polygonsOf('nonsense')).toEqual([])
  })

  it('round-trips through a feature collection', () => {
    expect(polygonsOf(featureCollectionOf([poly, poly]))).toEqual([poly, poly])
  })
})
