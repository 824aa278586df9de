import type { Feature, FeatureCollection, MultiPolygon } from 'geojson'
import { polygonsOf } from '../../lib/geojson'
import { polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { SavedGeometry } from '../../data/geometries/queries'

export const LIBRARY_SOURCE = 'library'

/** Each page's source data, built once: hovering a row must not hand the map its geometries again. */
const built = new WeakMap<readonly SavedGeometry[], FeatureCollection<MultiPolygon>>()

function libraryData(geometries: readonly SavedGeometry[]): FeatureCollection<MultiPolygon> {
  const cached = built.get(geometries)
  if (cached) return cached
  const features = geometries.map((g, i): Feature<MultiPolygon> => ({
    type: 'Feature',
    id: i,
    properties: { geometryId: g.id, name: g.displayName },
    geometry: {
      type: 'MultiPolygon',
      coordinates: polygonsOf(g.featureCollection).map((p) => p.coordinates),
    },
  }))
  const data: FeatureCollection<MultiPolygon> = { type: 'FeatureCollection', features }
  built.set(geometries, data)
  return data
}

/**
 * The saved geometries as one map source: a feature per geometry (its polygons as one MultiPolygon), with
 * the hovered and the shown one marked through feature-state. The same page gives the same data (the map
 * sends nothing again) and lists only those two states: a row passing under the pointer while the list
 * scrolls changes two states, where it rebuilt and sent the page's 500 geometries.
 */
export function libraryOverlay(
  geometries: readonly SavedGeometry[],
  hoveredId: string | null,
  selectedId: string | null,
): MapOverlay {
  const states: NonNullable<MapOverlay['states']> = []
  geometries.forEach((g, i) => {
    if (g.id === hoveredId || g.id === selectedId)
      states.push({ id: i, state: { hover: g.id === hoveredId, selected: g.id === selectedId } })
  })
  return {
    id: LIBRARY_SOURCE,
    data: libraryData(geometries),
    layers: polygonLayers(LIBRARY_SOURCE, { color: '#7048e8', fillOpacity: 0.08, dashed: true }),
    states,
  }
}
