import type { FeatureCollection } from 'geojson'
import { describe, expect, it } from 'vitest'
import {
  CENTRES_UNTIL_ZOOM,
  collectionClustersOverlay,
  COLLECTION_CLUSTERS_SOURCE,
  footprintCentres,
} from './map-layers'

const footprints: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 0,
      properties: { id: 'a' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 40],
            [10.02, 40],
            [10.02, 40.01],
            [10, 40.01],
            [10, 40],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      id: 1,
      properties: { id: 'b' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [-4, -2],
              [-2, -2],
              [-2, 0],
              [-4, -2],
            ],
          ],
          [
            [
              [0, 0],
              [2, 0],
              [2, 2],
              [0, 0],
            ],
          ],
        ],
      },
    },
  ],
}

describe('footprint centres', () => {
  it('puts one point at the middle of each footprint’s box, with its id and properties', () => {
    const centres = footprintCentres(footprints)
    expect(centres.features).toHaveLength(2)
    expect(centres.features[0].id).toBe(0)
    expect(centres.features[0].properties).toEqual({ id: 'a' })
    const [x, y] = centres.features[0].geometry.coordinates
    expect(x).toBeCloseTo(10.01, 6)
    expect(y).toBeCloseTo(40.005, 6)
    // A footprint in parts is centred on the box around all of them.
    expect(centres.features[1].geometry.coordinates).toEqual([-1, 0])
  })

  it('skips a feature without geometry', () => {
    const none: FeatureCollection = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', id: 3, properties: {}, geometry: null as never }],
    }
    expect(footprintCentres(none).features).toEqual([])
  })

  it('clusters the collections’ centres up to the zoom where footprints are big enough to see', () => {
    const overlay = collectionClustersOverlay(footprints)
    expect(overlay.id).toBe(COLLECTION_CLUSTERS_SOURCE)
    expect(overlay.cluster?.maxZoom).toBeLessThan(CENTRES_UNTIL_ZOOM)
    expect(overlay.data.features).toHaveLength(2)
    for (const layer of overlay.layers) {
      expect(layer.type).toBe('circle')
      expect(layer.maxzoom).toBe(CENTRES_UNTIL_ZOOM)
    }
    // The footprint control hides them with the footprints.
    expect(overlay.footprints).toEqual({ kept: [] })
  })
})
