import type { MultiPolygon, Polygon } from 'geojson'
import {
  area as turfArea,
  difference as turfDifference,
  feature as turfFeature,
  featureCollection,
  intersect as turfIntersect,
  union as turfUnion,
} from '@turf/turf'

/**
 * Polygons taken together through turf's polygon clipping: their union, intersection and difference, and the
 * share of one that another covers. A page's first load must not import this module (the clipper is 16 KiB
 * gzip): the catalog loads it only for an AOI whose polygons overlap (features/catalog/use-coverage.ts) and
 * with the coverage plan (features/catalog/coverage-plan.ts), when the analyst asks for one.
 */

type Area = Polygon | MultiPolygon

/** Where either shape is (turf's union); null when neither has any area left. Throws on degenerate input. */
export function unite(a: Area, b: Area): Area | null {
  return turfUnion(featureCollection([turfFeature(a), turfFeature(b)]))?.geometry ?? null
}

/** Where both shapes are (turf's intersection); null when they share no area. Throws on degenerate input. */
export function intersection(a: Area, b: Area): Area | null {
  return turfIntersect(featureCollection([turfFeature(a), turfFeature(b)]))?.geometry ?? null
}

/** Where `a` is and `b` is not (turf's difference); null when `b` covers all of `a`. Throws on degenerate input. */
export function difference(a: Area, b: Area): Area | null {
  return turfDifference(featureCollection([turfFeature(a), turfFeature(b)]))?.geometry ?? null
}

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
