import type { Feature, FeatureCollection, Geometry } from 'geojson'
import { isGeometry } from '../../lib/geometry-bounds'
import { polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { Coverage, CoveragePart, Order } from '../../data/orders/queries'

export const ORDER_AOI_SOURCE = 'order-aoi'

/**
 * The area an order covers: `orderDetails.aoi` for archive orders, `orderDetails.geometry` for tasking
 * orders; null when the order carries none (the service leaves `orderDetails` out on some orders).
 */
export function orderAoi(order: Order): Geometry | null {
  const d = order.orderDetails as Record<string, unknown> | undefined
  if (!d) return null
  const g = order.type === 'ARCHIVE' ? d.aoi : d.geometry
  return isGeometry(g) ? g : null
}

const AOI_COLOR = '#1971c2'

type Filter = NonNullable<Extract<MapOverlay['layers'][number], { type: 'fill' }>['filter']>

// `geometry-type` names Multi* features by their singular form in some MapLibre versions, both in others.
const ofTypes = (...types: string[]): Filter => ['match', ['geometry-type'], types, true, false]

/** The order's AOI as one source: polygons filled and outlined, a point as a circle. */
export function orderAoiOverlay(aoi: Geometry): MapOverlay {
  const feature: Feature = { type: 'Feature', id: 0, properties: {}, geometry: aoi }
  const data: FeatureCollection = { type: 'FeatureCollection', features: [feature] }
  return {
    id: ORDER_AOI_SOURCE,
    data,
    layers: [
      ...polygonLayers(ORDER_AOI_SOURCE, { color: AOI_COLOR, fillOpacity: 0.15 }).map(
        (l): MapOverlay['layers'][number] =>
          l.type === 'fill' || l.type === 'line' ? { ...l, filter: ofTypes('Polygon', 'MultiPolygon') } : l,
      ),
      {
        id: `${ORDER_AOI_SOURCE}-point`,
        type: 'circle',
        source: ORDER_AOI_SOURCE,
        // A circle layer would also draw a circle at every vertex of a polygon.
        filter: ofTypes('Point', 'MultiPoint'),
        paint: {
          'circle-radius': 7,
          'circle-color': AOI_COLOR,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
    ],
    // Above the delivered imagery, as every area is.
    tier: 'areas',
  }
}

export const COVERED_SOURCE = 'order-covered'
export const REMAINDER_SOURCE = 'order-remainder'

/** Shared with the legend and the coverage bar, so the map and the page speak the same colours. */
export const COVERAGE_COLORS = { aoi: AOI_COLOR, covered: '#2f9e44', remainder: '#e8590c' } as const

/** Only areas: the coverage of a point order is still the square around it, and nothing else fills. */
function areasOf(fc: CoveragePart['geometry'] | null | undefined): FeatureCollection {
  const areas: Geometry[] = []
  for (const { geometry: g } of fc?.features ?? []) {
    // Rebuilt without the service's `bbox`, whose length GeoJSON types pin down and the contract does not.
    if (g?.type === 'Polygon') areas.push({ type: 'Polygon', coordinates: g.coordinates })
    else if (g?.type === 'MultiPolygon') areas.push({ type: 'MultiPolygon', coordinates: g.coordinates })
  }
  return {
    type: 'FeatureCollection',
    features: areas.map((geometry, id): Feature => ({ type: 'Feature', id, properties: {}, geometry })),
  }
}

/**
 * The delivered coverage over the order's AOI: the covered part filled green, the remainder outlined in
 * dashed orange. Both sources always come, empty when there is nothing to draw: the map keeps a source it
 * once had, so a remainder that disappears (the last delivery) must be sent as empty to leave the map.
 */
export function coverageOverlays(coverage: Coverage): MapOverlay[] {
  return [
    {
      id: COVERED_SOURCE,
      data: areasOf(coverage.covered.geometry),
      layers: polygonLayers(COVERED_SOURCE, { color: COVERAGE_COLORS.covered, fillOpacity: 0.35 }),
      tier: 'areas',
    },
    {
      id: REMAINDER_SOURCE,
      data: areasOf(coverage.remainder.geometry),
      layers: polygonLayers(REMAINDER_SOURCE, {
        color: COVERAGE_COLORS.remainder,
        fillOpacity: 0.08,
        dashed: true,
      }),
      tier: 'areas',
    },
  ]
}
