import type { MultiPolygon, Polygon } from 'geojson'
import {
  area as turfArea,
  feature as turfFeature,
  featureCollection,
  intersect as turfIntersect,
  union as turfUnion,
} from '@turf/turf'
import type { LonLat } from './rings'

/** Polygons taken together: their union, the share of one that another covers, the hull around them. */

/**
 * Share (0–1) of the AOI's area that `shape` covers, exactly (turf's polygon intersection), for shapes the
 * fast paths cannot take. Overlapping AOI polygons are unioned first so no area counts twice.
 */
export function intersectionAreaRatio(aoi: readonly Polygon[], shape: Polygon | MultiPolygon): number {
  if (aoi.length === 0) return 0
  const merged =
    aoi.length === 1 ? turfFeature(aoi[0]) : turfUnion(featureCollection(aoi.map((p) => turfFeature(p))))
  if (!merged) return 0
  const whole = turfArea(merged)
  if (!(whole > 0)) return 0
  const both = turfIntersect(featureCollection([merged, turfFeature(shape)]))
  return both ? Math.min(1, turfArea(both) / whole) : 0
}

/** The polygons merged where they overlap (turf's union), as a list of polygons. */
export function unionOf(polygons: readonly Polygon[]): Polygon[] {
  if (polygons.length < 2) return [...polygons]
  const merged = turfUnion(featureCollection(polygons.map((p) => turfFeature(p))))
  if (!merged) return [...polygons]
  const g = merged.geometry
  return g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
}

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
