import type { MultiPolygon, Polygon } from 'geojson'
import {
  area as turfArea,
  feature as turfFeature,
  featureCollection,
  intersect as turfIntersect,
  union as turfUnion,
} from '@turf/turf'

/**
 * Polygons taken together through turf's polygon clipping: their union and the share of one that another
 * covers. A page's first load must not import this module (the clipper is 16 KiB gzip): the catalog loads it
 * only for an AOI whose polygons overlap (features/catalog/use-coverage.ts).
 */

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
