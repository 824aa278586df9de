import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { hoverSelectOverlay, polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/map-view'
import type { OpportunityRow } from './tasking-rules'

export const OPPORTUNITIES_SOURCE = 'tasking-opportunities'

/** Every opportunity's footprint as one source; a feature's id is the opportunity's position in time order. */
export function opportunityData(rows: readonly OpportunityRow[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((r): Feature<Polygon> => ({
      type: 'Feature',
      id: r.position,
      properties: { key: r.key, feature: r.feature, sensor: r.opportunity.sensor },
      geometry: r.opportunity.footprint as Polygon,
    })),
  }
}

const LAYERS = polygonLayers(OPPORTUNITIES_SOURCE, { color: '#7048e8', fillOpacity: 0.05 })

/** The footprints with the hovered and the selected one marked through feature-state (nothing else resent). */
export function opportunitiesOverlay(
  data: FeatureCollection,
  hovered: number | null,
  selected: number | null,
): MapOverlay {
  return hoverSelectOverlay(OPPORTUNITIES_SOURCE, data, LAYERS, hovered, selected)
}
