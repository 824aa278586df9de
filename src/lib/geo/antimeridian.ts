import type { Polygon } from 'geojson'
import { feature as turfFeature, featureCollection, intersect as turfIntersect } from '@turf/turf'
import { polygonsOf, toPolygon, type LonLat, type Ring } from './rings'
import { rectanglePolygon } from './shapes'

/** Shapes across the 180° meridian or on a world copy beyond it: detecting, unwrapping and splitting them. */

/**
 * 'crosses' when an edge jumps more than 180° of longitude (the short way round crosses ±180) or the shape
 * spans the line; 'beyond' when it lies wholly outside −180…180 (drawn on a world copy); else 'no'.
 */
export function ringsCrossAntimeridian(rings: Ring[]): 'crosses' | 'beyond' | 'no' {
  let outside = false
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [x, y] = ring[i]
      if (x < -180 || x > 180) outside = true
      if (i > 0) {
        const [px, py] = ring[i - 1]
        // An edge along a pole has no real width; a polar cap split at ±180 has one from -180 to 180.
        const polar = Math.abs(y) === 90 && Math.abs(py) === 90
        if (Math.abs(x - px) > 180 && !polar) return 'crosses'
      }
    }
  }
  if (!outside) return 'no'
  // No edge jumps, so longitudes are continuous: it is only "beyond" if it fits in one 360° world copy.
  let w = Infinity
  let e = -Infinity
  for (const ring of rings)
    for (const [x] of ring) {
      w = Math.min(w, x)
      e = Math.max(e, x)
    }
  const k = Math.ceil((e - 180) / 360)
  return w >= -180 + 360 * k ? 'beyond' : 'crosses'
}

/**
 * Longitudes made continuous (each step the short way round), holes moved next to their outline. A ring
 * around a pole cannot close that way, so it is closed over the pole.
 */
export function unwrapRings(rings: Ring[]): Ring[] {
  const out: Ring[] = []
  for (const [r, ring] of rings.entries()) {
    const u: Ring = []
    let prev = ring[0][0]
    for (const [x, y] of ring) {
      const lon = x - 360 * Math.round((x - prev) / 360)
      u.push([lon, y])
      prev = lon
    }
    const a = u[0]
    const z = u[u.length - 1]
    if (Math.abs(z[0] - a[0]) > 1e-9) {
      const pole = u.reduce((sum, q) => sum + q[1], 0) >= 0 ? 90 : -90
      u.pop()
      u.push([z[0], z[1]], [z[0], pole], [a[0], pole], [a[0], a[1]])
    }
    if (r > 0 && out.length > 0) {
      const shift = 360 * Math.round((mid(out[0]) - mid(u)) / 360)
      out.push(shift === 0 ? u : u.map(([x, y]): LonLat => [x + shift, y]))
    } else {
      out.push(u)
    }
  }
  return out
}

function mid(ring: Ring): number {
  let w = Infinity
  let e = -Infinity
  for (const [x] of ring) {
    w = Math.min(w, x)
    e = Math.max(e, x)
  }
  return (w + e) / 2
}

export function normalisePoint([x, y]: LonLat): LonLat {
  let lon = ((((x + 180) % 360) + 360) % 360) - 180
  if (lon === -180 && x > 0) lon = 180
  return [lon, y]
}

/** The shape cut at ±180° into parts that each lie within −180…180° (a fix the service needs). */
export function splitAntimeridian(rings: Ring[]): Polygon[] {
  if (ringsCrossAntimeridian(rings) === 'no') return [toPolygon(rings)]
  const shape = unwrapRings(rings)
  let w = Infinity
  let e = -Infinity
  for (const [x] of shape[0]) {
    if (x < w) w = x
    if (x > e) e = x
  }
  const out: Polygon[] = []
  // Worlds are the 360°-wide bands [-180 + 360k, 180 + 360k]; each band's part is moved back into band 0.
  const kFrom = Math.ceil((w - 180) / 360)
  const kTo = Math.floor((e + 180) / 360)
  const f = turfFeature(toPolygon(shape))
  for (let k = kFrom; k <= kTo; k++) {
    const shift = -360 * k
    const west = -180 + 360 * k
    const east = 180 + 360 * k
    if (w >= west && e <= east) {
      out.push(toPolygon(shape.map((r) => r.map(([x, y]): LonLat => [x + shift, y]))))
      continue
    }
    if (e <= west || w >= east) continue
    const band = turfFeature(rectanglePolygon([west, -90], [east, 90]))
    const part = turfIntersect(featureCollection([f, band]))
    if (!part) continue
    for (const p of polygonsOf(part.geometry)) {
      out.push({
        type: 'Polygon',
        coordinates: p.coordinates.map((r) => r.map((q) => [clampLon(q[0] + shift), q[1]])),
      })
    }
  }
  return out
}

/** Exact ±180 after the shift, so float noise cannot leave a part a hair outside the range. */
function clampLon(x: number): number {
  return x > 180 ? 180 : x < -180 ? -180 : x
}
