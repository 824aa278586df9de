import type { Polygon } from 'geojson'
import type { LonLat } from './rings'

/**
 * The smallest convex polygon holding every polygon given (for a search that takes one polygon): Andrew's
 * monotone chain over the outer rings' vertices, counter-clockwise. Null for fewer than three distinct
 * points or when they all lie on one line.
 */
export function convexHullOf(polygons: readonly Polygon[]): Polygon | null {
  const points = [
    ...new Map(
      polygons.flatMap((p) =>
        (p.coordinates[0] ?? []).map((c): [string, LonLat] => [`${c[0]},${c[1]}`, [c[0], c[1]]]),
      ),
    ).values(),
  ].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (points.length < 3) return null
  const cross = (o: LonLat, a: LonLat, b: LonLat) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const half = (pts: LonLat[]) => {
    const out: LonLat[] = []
    for (const p of pts) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop()
      out.push(p)
    }
    out.pop()
    return out
  }
  const hull = [...half(points), ...half([...points].reverse())]
  if (hull.length < 3) return null
  return { type: 'Polygon', coordinates: [[...hull, hull[0]]] }
}
