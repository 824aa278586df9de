import type { Feature, FeatureCollection, MultiPolygon } from 'geojson'
import { polygonsOf } from '../../lib/geojson'
import { polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { SavedGeometry } from '../../data/geometries/queries'

export const LIBRARY_SOURCE = 'library'

/**
 * The saved geometries as one map source: a feature per geometry (its polygons as one MultiPolygon), with
 * the hovered and the shown one marked through feature-state.
 */
export function libraryOverlay(
  geometries: readonly SavedGeometry[],
  hoveredId: string | null,
  selectedId: string | null,
): MapOverlay {
  const features = geometries.map((g, i): Feature<MultiPolygon> => ({
    type: 'Feature',
    id: i,
    properties: { geometryId: g.id, name: g.displayName },
    geometry: {
      type: 'MultiPolygon',
      coordinates: polygonsOf(g.featureCollection).map((p) => p.coordinates),
    },
  }))
  const data: FeatureCollection = { type: 'FeatureCollection', features }
  return {
    id: LIBRARY_SOURCE,
    data,
    layers: polygonLayers(LIBRARY_SOURCE, { color: '#7048e8', fillOpacity: 0.08, dashed: true }),
    states: geometries.map((g, i) => ({
      id: i,
      state: { hover: g.id === hoveredId, selected: g.id === selectedId },
    })),
  }
}
