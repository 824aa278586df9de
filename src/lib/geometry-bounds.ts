import type { Geometry, Position } from 'geojson'

// Apart from geojson.ts, which the catalog loads first: only the order and decision pages need these.
const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
])

/** Whether a value the service sent is a GeoJSON geometry the map can draw. */
export function isGeometry(v: unknown): v is Geometry {
  if (!v || typeof v !== 'object') return false
  const t = (v as { type?: unknown }).type
  if (t === 'GeometryCollection') return Array.isArray((v as { geometries?: unknown }).geometries)
  return (
    typeof t === 'string' &&
    GEOMETRY_TYPES.has(t) &&
    Array.isArray((v as { coordinates?: unknown }).coordinates)
  )
}

/** Every finite position of a geometry, however deeply nested. */
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

/** How far around a lone point (some tasking products take a point) a map is framed, in degrees. */
const POINT_MARGIN_DEG = 0.05

/**
 * West, south, east, north around all the shapes, widened around a lone point so a map does not zoom in to
 * the end; null when there is no position.
 */
export function boundsOf(
  shapes: readonly (Geometry | null | undefined)[],
): [number, number, number, number] | null {
  const ps = shapes.flatMap((g) => (g ? positionsOf(g) : []))
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
