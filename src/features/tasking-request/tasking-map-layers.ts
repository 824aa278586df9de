import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { polygonLayers } from '../../map/layers'
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
  const states = new Map<number, Record<string, boolean>>()
  if (hovered !== null) states.set(hovered, { hover: true, selected: hovered === selected })
  if (selected !== null) states.set(selected, { hover: hovered === selected, selected: true })
  return {
    id: OPPORTUNITIES_SOURCE,
    data,
    layers: LAYERS,
    interactive: true,
    states: [...states].map(([id, state]) => ({ id, state })),
  }
}
