import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import { polygonLayers } from '../../map/layers'
import type { Bbox } from '../../map/map-engine'
import type { MapOverlay } from '../../map/map-view'
import type { Order } from './queries'

export const ORDER_AOI_SOURCE = 'order-aoi'

/** How far around a point AOI (some tasking products take a point) the map is framed, in degrees. */
const POINT_MARGIN_DEG = 0.05

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

function isGeometry(v: unknown): v is Geometry {
  if (!v || typeof v !== 'object') return false
  const t = (v as { type?: unknown }).type
  if (t === 'GeometryCollection') return Array.isArray((v as { geometries?: unknown }).geometries)
  return (
    (t === 'Point' ||
      t === 'MultiPoint' ||
      t === 'LineString' ||
      t === 'MultiLineString' ||
      t === 'Polygon' ||
      t === 'MultiPolygon') &&
    Array.isArray((v as { coordinates?: unknown }).coordinates)
  )
}

/** Every position of a geometry, however deeply nested. */
function positionsOf(g: Geometry): Position[] {
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(positionsOf)
  const out: Position[] = []
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return
    if (typeof c[0] === 'number') {
      if (Number.isFinite(c[0]) && Number.isFinite(c[1])) out.push(c as Position)
      return
    }
    c.forEach(visit)
  }
  visit(g.coordinates)
  return out
}

/** West, south, east, north of a geometry, widened around a point so the map does not zoom in to the end. */
export function geometryBbox(g: Geometry): Bbox | null {
  const ps = positionsOf(g)
  if (ps.length === 0) return null
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [x, y] of ps) {
    w = Math.min(w, x)
    e = Math.max(e, x)
    s = Math.min(s, y)
    n = Math.max(n, y)
  }
  if (e - w < 1e-9 && n - s < 1e-9) {
    w -= POINT_MARGIN_DEG
    e += POINT_MARGIN_DEG
    s -= POINT_MARGIN_DEG
    n += POINT_MARGIN_DEG
  }
  return [Math.max(-180, w), Math.max(-90, s), Math.min(180, e), Math.min(90, n)]
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
  }
}
