/** What the decisions pages draw: the order's area and the study options' footprints. Pure, tested without WebGL. */
import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson'
import { isGeometry } from '../../lib/geometry-bounds'
import { hoverSelectOverlay, polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { FeasibilityOption, TaskingOrder } from '../../data/decisions/queries'

export const AOI_SOURCE = 'tasking-order-aoi'
export const FOOTPRINTS_SOURCE = 'tasking-option-footprints'

const AOI_COLOR = '#1971c2'
const FOOTPRINT_COLOR = '#e8590c'

/** A tasking order's area (`orderDetails.geometry`; archive orders keep it in `aoi`), or null. */
export function orderAreaOf(order: TaskingOrder | null | undefined): Geometry | null {
  const d = order?.orderDetails as Record<string, unknown> | undefined
  const g = d?.geometry ?? d?.aoi
  return isGeometry(g) ? g : null
}

/** The requested acquisition window of a tasking order, when it has one. */
export function orderWindowOf(order: TaskingOrder | null | undefined): { start: string; end: string } | null {
  const d = order?.orderDetails as Record<string, unknown> | undefined
  const start = d?.acquisitionStart
  const end = d?.acquisitionEnd
  return typeof start === 'string' && typeof end === 'string' ? { start, end } : null
}

type Filter = NonNullable<Extract<MapOverlay['layers'][number], { type: 'fill' }>['filter']>
const ofTypes = (...types: string[]): Filter => ['match', ['geometry-type'], types, true, false]

/** The order's area, outlined and dashed under the options (a point AOI as a circle). */
export function aoiOverlay(aoi: Geometry): MapOverlay {
  const feature: Feature = { type: 'Feature', id: 0, properties: {}, geometry: aoi }
  return {
    id: AOI_SOURCE,
    data: { type: 'FeatureCollection', features: [feature] },
    layers: [
      ...polygonLayers(AOI_SOURCE, { color: AOI_COLOR, fillOpacity: 0.1, dashed: true }).map(
        (l): MapOverlay['layers'][number] =>
          l.type === 'fill' || l.type === 'line' ? { ...l, filter: ofTypes('Polygon', 'MultiPolygon') } : l,
      ),
      {
        id: `${AOI_SOURCE}-point`,
        type: 'circle',
        source: AOI_SOURCE,
        filter: ofTypes('Point', 'MultiPoint'),
        paint: {
          'circle-radius': 7,
          'circle-color': AOI_COLOR,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
    ],
  }
}

/**
 * The options' footprints as one source, a feature per option with the option's index as its id (MapLibre's
 * feature-state wants numeric ids); options without a footprint are left out.
 */
export function footprintData(options: readonly FeasibilityOption[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: options.flatMap((o, i): Feature<Polygon>[] =>
      o.footprint
        ? [{ type: 'Feature', id: i, properties: { optionId: o.id }, geometry: o.footprint as Polygon }]
        : [],
    ),
  }
}

const FOOTPRINT_LAYERS = polygonLayers(FOOTPRINTS_SOURCE, { color: FOOTPRINT_COLOR, fillOpacity: 0.08 })

/** Footprints with the hovered option and the chosen one marked through feature-state. */
export function footprintsOverlay(
  data: FeatureCollection<Polygon>,
  hovered: number | null,
  chosen: number | null,
): MapOverlay {
  return hoverSelectOverlay(FOOTPRINTS_SOURCE, data, FOOTPRINT_LAYERS, hovered, chosen)
}
