import type { FeatureCollection } from 'geojson'
import type { MapOverlay } from '../../map/layers'

export const OUTLINE_SOURCE = 'change-outline'

/**
 * The changed area's outline on the map: every ring (holes too) as one line feature, a dark casing under a
 * bright line so that it reads over the diverging ramp's blue, white and red and over either basemap.
 */
export function outlineOverlay(rings: [number, number][][]): MapOverlay {
  const data: FeatureCollection = {
    type: 'FeatureCollection',
    features:
      rings.length === 0
        ? []
        : [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: rings } }],
  }
  return {
    id: OUTLINE_SOURCE,
    data,
    tier: 'areas',
    layers: [
      {
        id: `${OUTLINE_SOURCE}-casing`,
        type: 'line',
        source: OUTLINE_SOURCE,
        paint: { 'line-color': '#1a1b1e', 'line-width': 3.5 },
      },
      {
        id: `${OUTLINE_SOURCE}-line`,
        type: 'line',
        source: OUTLINE_SOURCE,
        paint: { 'line-color': '#fcc419', 'line-width': 1.5 },
      },
    ],
  }
}
