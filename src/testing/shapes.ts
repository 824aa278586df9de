import type { Polygon } from 'geojson'
import { validateAoi } from '../lib/geo/validation'
import { poly } from './builders'

// Shapes and helpers shared by the validation and fix tests (imported by tests only).

export const codes = (ps: Polygon[]) => validateAoi(ps).map((i) => i.code)
export const bowTie = poly([
  [12.4, 41.8],
  [12.6, 42.0],
  [12.6, 41.8],
  [12.4, 42.0],
  [12.4, 41.8],
])

/** A closed outline of `n` corners, wobbling around a circle (never crossing itself). */
export function wobbly(n: number, lon = 12.5, lat = 41.9, radius = 0.2): Polygon {
  const ring: number[][] = []
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI
    const r = radius * (1 + 0.08 * Math.sin(a * 17) + 0.02 * Math.sin(a * 301))
    ring.push([lon + r * Math.cos(a), lat + r * Math.sin(a)])
  }
  ring.push(ring[0])
  return poly(ring)
}

export function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/**
 * A comb: `n` positions (rounded down to whole teeth) of long parallel teeth on a bar, the shape that makes a
 * crossing check by cells compare every tooth with every other. `slant` leans the teeth (degrees east per
 * degree north), so that no axis-aligned box or grid separates them either. Never crosses itself.
 */
export function comb(n: number, { lon = 12, lat = 41, width = 0.5, height = 0.4, slant = 0 } = {}): Polygon {
  const teeth = Math.max(1, Math.floor((n - 4) / 4))
  const step = width / teeth
  const ring: number[][] = []
  for (let i = 0; i < teeth; i++) {
    const x = lon + i * step
    ring.push([x, lat], [x + slant * height, lat + height], [x + slant * height + step / 2, lat + height])
    ring.push([x + step / 2, lat])
  }
  ring.push([lon + width, lat], [lon + width, lat - height / 10], [lon, lat - height / 10], [lon, lat])
  return poly(ring)
}
