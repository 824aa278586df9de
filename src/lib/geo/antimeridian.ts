import type { LonLat, Ring } from './rings'

/**
 * Shapes across the 180° meridian or on a world copy beyond it: detecting and unwrapping them, in plain
 * arithmetic. Cutting them at the line takes polygon clipping, in ./antimeridian-split.ts: validation and
 * measuring (on every page with an AOI) must not bring the clipper with them.
 */

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
