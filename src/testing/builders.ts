import type { MultiPolygon, Polygon, Position } from 'geojson'
import type { components } from '../api/schema'

/** Small geometry and catalog builders shared by unit tests. */

export const poly = (...rings: Position[][]): Polygon => ({ type: 'Polygon', coordinates: rings })

/** A counter-clockwise lon/lat rectangle ring, closed. */
export const rect = (w: number, s: number, e: number, n: number): Position[] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
]

/** A square ring from its south-west corner. */
export const square = (lon: number, lat: number, size: number): Position[] =>
  rect(lon, lat, lon + size, lat + size)

type Scene = components['schemas']['CatalogFeature']

/** A catalog scene with the required properties filled in (Pléiades at oneatlas), a unit square by default. */
export function sceneFeature(
  id: string,
  props: Partial<Scene['properties']> = {},
  geometry: Polygon | MultiPolygon = poly(rect(0, 0, 1, 1)),
): Scene {
  return {
    type: 'Feature',
    geometry,
    properties: {
      id,
      sceneId: `scene-${id}`,
      collection: 'phr',
      constellation: 'phr',
      producer: 'airbus',
      providerName: 'oneatlas',
      providerProperties: {},
      'svc:usageType': ['DATA'],
      ...props,
    },
  }
}
