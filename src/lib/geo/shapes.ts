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

/**
 * The box `[w, s, e, n]` a polygon is, when it is exactly a lon/lat rectangle: one ring of its four corners,
 * each edge along a meridian or a parallel; else null (any other shape, a hole, a degenerate or crossed
 * ring, a box across the antimeridian).
 */
export function boxOf(g: unknown): [number, number, number, number] | null {
  const p = g as Polygon | null | undefined
  if (!p || p.type !== 'Polygon' || p.coordinates.length !== 1) return null
  const ring = p.coordinates[0]
  if (ring.length !== 5) return null
  const xs = ring.map((q) => q[0])
  const ys = ring.map((q) => q[1])
  const w = Math.min(...xs)
  const e = Math.max(...xs)
  const s = Math.min(...ys)
  const n = Math.max(...ys)
  if (!(w < e && s < n && e - w < 360)) return null
  if (xs[0] !== xs[4] || ys[0] !== ys[4]) return null
  const corners = new Set<string>()
  for (let i = 0; i < 4; i++) {
    const [x, y] = ring[i]
    const [nx, ny] = ring[i + 1]
    if ((x !== w && x !== e) || (y !== s && y !== n)) return null
    // Each edge along one side: exactly one of its coordinates changes.
    if ((x === nx) === (y === ny)) return null
    corners.add(`${x},${y}`)
  }
  return corners.size === 4 ? [w, s, e, n] : null
}

/**
 * The share (0–1) of box `of`'s area that box `by` covers, on the sphere: a lon/lat rectangle's area is
 * R²·Δλ·(sin φn − sin φs), so the share is a ratio of those (turf measures a rectangle's ring the same way),
 * with no polygon clipping.
 */
export function boxCoverShare(
  of: readonly [number, number, number, number],
  by: readonly [number, number, number, number],
): number {
  const rad = Math.PI / 180
  const size = (w: number, s: number, e: number, n: number) =>
    (e - w) * (Math.sin(n * rad) - Math.sin(s * rad))
  const w = Math.max(of[0], by[0])
  const s = Math.max(of[1], by[1])
  const e = Math.min(of[2], by[2])
  const n = Math.min(of[3], by[3])
  if (!(w < e && s < n)) return 0
  const whole = size(of[0], of[1], of[2], of[3])
  return whole > 0 ? Math.min(1, size(w, s, e, n) / whole) : 0
}
