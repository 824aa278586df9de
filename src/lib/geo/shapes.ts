import type { Polygon } from 'geojson'
import { circle as turfCircle } from '@turf/turf'
import type { LonLat } from './rings'

/** Shapes drawn from a few numbers: circles and rectangles. */

/** A geodesic circle, `steps` corners, counter-clockwise. */
export function circlePolygon(center: LonLat, radiusKm: number, steps = 64): Polygon {
  const c = turfCircle(center, radiusKm, { steps: Math.max(3, Math.round(steps)), units: 'kilometers' })
  return { type: 'Polygon', coordinates: c.geometry.coordinates.map((r) => r.map((p) => [p[0], p[1]])) }
}

/** The lon/lat rectangle with opposite corners `a` and `b`, counter-clockwise from the south-west corner. */
export function rectanglePolygon(a: LonLat, b: LonLat): Polygon {
  const w = Math.min(a[0], b[0])
  const e = Math.max(a[0], b[0])
  const s = Math.min(a[1], b[1])
  const n = Math.max(a[1], b[1])
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}

/**
 * A box's corners in the order a picture is laid on the map (top-left, top-right, bottom-right, bottom-left):
 * `[w, s, e, n]` as a raster's or a footprint's bounds give it.
 */
export function boxCorners([w, s, e, n]: readonly number[]): [LonLat, LonLat, LonLat, LonLat] {
  return [
    [w, n],
    [e, n],
    [e, s],
    [w, s],
  ]
}
