import type { MultiPolygon, Polygon, Position } from 'geojson'

/**
 * Rings of positions, as the other geometry modules handle them: read leniently from anything, closed,
 * without repeats, and turned back into polygons. An AOI is a list of polygons in WGS84 [longitude, latitude].
 */

export type LonLat = [number, number]

export type Ring = LonLat[]

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Rings of a polygon, [lon, lat] only, skipping positions that are not two finite numbers. */
export function readRings(p: unknown): Ring[] | null {
  if (!isRecord(p) || !Array.isArray(p.coordinates)) return null
  const rings: Ring[] = []
  for (const ring of p.coordinates as unknown[]) {
    if (!Array.isArray(ring)) continue
    const out: Ring = []
    for (const pos of ring as unknown[]) {
      if (!Array.isArray(pos)) continue
      const [x, y] = pos as unknown[]
      if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y))
        out.push([x, y])
    }
    rings.push(out)
  }
  return rings
}

export function samePos(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

export function isClosed(ring: Position[]): boolean {
  return ring.length > 0 && samePos(ring[0], ring[ring.length - 1])
}

export function closeRing(ring: Ring): Ring {
  return ring.length === 0 || isClosed(ring) ? ring : [...ring, [ring[0][0], ring[0][1]]]
}

/** Distinct corners of a closed ring without repeats in a row. */
export function corners(ring: Ring): number {
  return ring.length <= 1 ? ring.length : ring.length - 1
}

export function dedupe(ring: Ring): Ring {
  return ring.filter((p, i) => i === 0 || !samePos(p, ring[i - 1]))
}

export function toPolygon(rings: Ring[]): Polygon {
  return { type: 'Polygon', coordinates: rings }
}

/**
 * Signed area of a ring in the longitude/latitude plane, in square degrees, positive when it runs
 * counter-clockwise (the shoelace formula). Closed or open alike: the closing edge adds nothing. The one
 * planar ring area of the console: validity, the catalog's coverage and its plan all measure with it.
 */
export function signedRingArea(ring: readonly (readonly number[])[]): number {
  const n = ring.length
  if (n < 3) return 0
  let twice = 0
  const [x0, y0] = ring[0]
  // Relative to the first corner, so large longitudes do not drown the sum in rounding.
  for (let i = 1; i < n - 1; i++)
    twice += (ring[i][0] - x0) * (ring[i + 1][1] - y0) - (ring[i + 1][0] - x0) * (ring[i][1] - y0)
  return twice / 2
}

/** Area of a ring in the longitude/latitude plane, in square degrees, whichever way it runs. */
export function ringArea(ring: readonly (readonly number[])[]): number {
  return Math.abs(signedRingArea(ring))
}

/** Whether a closed ring has any planar area; the service refuses rings whose corners lie on one line. */
export function encloses(ring: Ring | undefined): boolean {
  if (!ring || ring.length < 4) return false
  return Math.abs(signedRingArea(ring)) * 2 > 1e-18
}

export function polygonsOf(g: Polygon | MultiPolygon): Polygon[] {
  return g.type === 'Polygon'
    ? [{ type: 'Polygon', coordinates: g.coordinates }]
    : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

export function precisionFor(ring: Ring): number {
  let w = Infinity
  let e = -Infinity
  let s = Infinity
  let n = -Infinity
  for (const [x, y] of ring) {
    w = Math.min(w, x)
    e = Math.max(e, x)
    s = Math.min(s, y)
    n = Math.max(n, y)
  }
  const size = Math.max(e - w, n - s)
  return size >= 1 ? 2 : size >= 0.01 ? 4 : 6
}
