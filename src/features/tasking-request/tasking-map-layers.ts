import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { hoverSelectOverlay, polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
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

/**
 * Outlines, with a light fill on the hovered and the selected footprint only. The opportunities of one
 * request all cover its area, so a resting fill stacks: 39 of them at 5% made an opaque block over the area
 * and the basemap (1 − 0.95³⁹ ≈ 86%). Unfilled, any number of them leaves the area readable; the outlines
 * and the feature-state fill still show each one, and the fill layer still answers the pointer.
 */
export const OPPORTUNITY_LAYERS = polygonLayers(OPPORTUNITIES_SOURCE, {
  color: '#7048e8',
  fillOpacity: 0,
  hoverFillOpacity: 0.2,
  selectedFillOpacity: 0.25,
})

/** The footprints with the hovered and the selected one marked through feature-state (nothing else resent). */
export function opportunitiesOverlay(
  data: FeatureCollection,
  hovered: number | null,
  selected: number | null,
): MapOverlay {
  return hoverSelectOverlay(OPPORTUNITIES_SOURCE, data, OPPORTUNITY_LAYERS, hovered, selected)
}
