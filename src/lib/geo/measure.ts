import type { Polygon } from 'geojson'
import { area as turfArea } from '@turf/turf'
import { ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { closeRing, dedupe, isClosed, readRings, samePos, toPolygon, type Ring } from './rings'

/** Measures of an AOI: area, vertices and positions as the service counts them, bounds. */

/** Geodesic area in km², holes subtracted. Rings crossing the antimeridian are measured the short way. */
export function areaKm2(p: Polygon): number {
  const rings = readRings(p)
  if (!rings) return 0
  return ringsAreaKm2(rings.map((r) => dedupe(closeRing(r))))
}

export function totalAreaKm2(ps: Polygon[]): number {
  if (!Array.isArray(ps)) return 0
  return ps.reduce((sum, p) => sum + areaKm2(p), 0)
}

/** Distinct vertices of all rings: the closing position and vertices repeated in a row are not counted. */
export function vertexCount(p: Polygon): number {
  const rings = readRings(p)
  if (!rings) return 0
  let n = 0
  for (const ring of rings) {
    const d = dedupe(ring)
    n += d.length > 1 && samePos(d[0], d[d.length - 1]) ? d.length - 1 : d.length
  }
  return n
}

export function totalVertices(ps: Polygon[]): number {
  if (!Array.isArray(ps)) return 0
  return ps.reduce((sum, p) => sum + vertexCount(p), 0)
}

/** Positions as the service counts them against its limit: every ring once closed, repeats included. */
export function positionCount(p: Polygon): number {
  const rings = readRings(p)
  if (!rings) return 0
  return rings.reduce((n, r) => n + (r.length === 0 ? 0 : isClosed(r) ? r.length : r.length + 1), 0)
}

export function totalPositions(ps: Polygon[]): number {
  if (!Array.isArray(ps)) return 0
  return ps.reduce((sum, p) => sum + positionCount(p), 0)
}

/**
 * [west, south, east, north] of every position, as plain minima and maxima (never west > east, so an AOI
 * split at the antimeridian spans the whole width). [0, 0, 0, 0] when there is no position. Positions that are
 * not two finite numbers are skipped, as `readRings` does, but read in place: a search's frame reads 2,000
 * footprints in the task that frames them, and copying their rings first took most of it.
 */
export function bboxOf(ps: Polygon[]): [number, number, number, number] {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  for (const p of Array.isArray(ps) ? ps : []) {
    const rings: unknown = (p as Partial<Polygon> | null)?.coordinates
    if (!Array.isArray(rings)) continue
    for (let r = 0; r < rings.length; r++) {
      const ring: unknown = rings[r]
      if (!Array.isArray(ring)) continue
      for (let i = 0; i < ring.length; i++) {
        const pos: unknown = ring[i]
        if (!Array.isArray(pos)) continue
        const x: unknown = pos[0]
        const y: unknown = pos[1]
        if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
          continue
        if (x < w) w = x
        if (x > e) e = x
        if (y < s) s = y
        if (y > n) n = y
      }
    }
  }
  return w === Infinity ? [0, 0, 0, 0] : [w, s, e, n]
}

function ringsAreaKm2(rings: Ring[]): number {
  if (rings.length === 0 || rings[0].length < 4) return 0
  const shape = ringsCrossAntimeridian(rings) === 'crosses' ? unwrapRings(rings) : rings
  return turfArea(toPolygon(shape)) / 1e6
}
