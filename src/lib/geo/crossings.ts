import type { Polygon } from 'geojson'
import { normalisePoint, ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { closeRing, dedupe, readRings, type LonLat, type Ring } from './rings'

/** Where an outline crosses or touches itself, found fast enough for 10,000 corners. */

/**
 * Where the rings of one polygon cross or touch each other or themselves (up to `max` points). Touching counts,
 * as it does for the service: a hole meeting its outline, or an outline passing through its own corner.
 */
export function selfIntersections(p: Polygon, max = 1): LonLat[] {
  const rings = (readRings(p) ?? []).map((r) => dedupe(closeRing(r)))
  if (rings.length === 0 || rings.some((r) => r.length < 4)) return []
  const crosses = ringsCrossAntimeridian(rings) === 'crosses'
  return ringsCrossings(crosses ? unwrapRings(rings) : rings, max).map((q) =>
    crosses ? normalisePoint(q) : q,
  )
}

/**
 * Segment crossings through a sparse uniform grid: each segment is registered in the cells it passes, and
 * only segments sharing a cell are compared. Cells are about one typical segment long, so a 10,000-corner
 * outline costs tens of thousands of comparisons instead of turf kinks' fifty million.
 */
export function ringsCrossings(rings: Ring[], max: number): LonLat[] {
  let n = 0
  for (const r of rings) n += Math.max(0, r.length - 1)
  const ax = new Float64Array(n)
  const ay = new Float64Array(n)
  const bx = new Float64Array(n)
  const by = new Float64Array(n)
  const first = new Int32Array(n)
  const last = new Int32Array(n)
  let k = 0
  for (const r of rings) {
    const start = k
    for (let i = 0; i < r.length - 1; i++, k++) {
      ax[k] = r[i][0]
      ay[k] = r[i][1]
      bx[k] = r[i + 1][0]
      by[k] = r[i + 1][1]
      first[k] = start
    }
    for (let i = start; i < k; i++) last[i] = k - 1
  }

  const found: LonLat[] = []
  const seen = new Set<number>()
  const test = (i: number, j: number): boolean => {
    if (i === j) return false
    if (i > j) [i, j] = [j, i]
    if (first[i] === first[j] && (j === i + 1 || (i === first[i] && j === last[i]))) return false
    if (Math.max(ax[i], bx[i]) < Math.min(ax[j], bx[j]) || Math.max(ax[j], bx[j]) < Math.min(ax[i], bx[i]))
      return false
    if (Math.max(ay[i], by[i]) < Math.min(ay[j], by[j]) || Math.max(ay[j], by[j]) < Math.min(ay[i], by[i]))
      return false
    const hit = segmentContact(ax[i], ay[i], bx[i], by[i], ax[j], ay[j], bx[j], by[j])
    if (!hit) return false
    const key = i * n + j
    if (!seen.has(key)) {
      seen.add(key)
      found.push(hit)
    }
    return found.length >= max
  }

  if (n <= 64) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (test(i, j)) return found
    return found
  }

  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const lengths = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, ax[i], bx[i])
    maxX = Math.max(maxX, ax[i], bx[i])
    minY = Math.min(minY, ay[i], by[i])
    maxY = Math.max(maxY, ay[i], by[i])
    lengths[i] = Math.hypot(bx[i] - ax[i], by[i] - ay[i])
    total += lengths[i]
  }
  lengths.sort()
  // A typical segment per cell; never so small that long edges fill more than a few cells per segment.
  const cell = Math.max(lengths[n >> 1], total / (4 * n), Math.max(maxX - minX, maxY - minY) / 1e6, 1e-12)
  const rows = Math.floor((maxY - minY) / cell) + 2
  const cells = new Map<number, number[]>()
  const put = (cx: number, cy: number, seg: number) => {
    const key = cx * rows + cy
    const list = cells.get(key)
    if (!list) cells.set(key, [seg])
    else if (list[list.length - 1] !== seg) list.push(seg)
  }
  for (let i = 0; i < n; i++) {
    const steps = Math.max(1, Math.ceil(lengths[i] / cell))
    const dx = bx[i] - ax[i]
    const dy = by[i] - ay[i]
    for (let s = 0; s < steps; s++) {
      const x0 = ax[i] + (dx * s) / steps
      const y0 = ay[i] + (dy * s) / steps
      const x1 = s + 1 === steps ? bx[i] : ax[i] + (dx * (s + 1)) / steps
      const y1 = s + 1 === steps ? by[i] : ay[i] + (dy * (s + 1)) / steps
      const cx0 = Math.floor((Math.min(x0, x1) - minX) / cell)
      const cx1 = Math.floor((Math.max(x0, x1) - minX) / cell)
      const cy0 = Math.floor((Math.min(y0, y1) - minY) / cell)
      const cy1 = Math.floor((Math.max(y0, y1) - minY) / cell)
      for (let cx = cx0; cx <= cx1; cx++) for (let cy = cy0; cy <= cy1; cy++) put(cx, cy, i)
    }
  }
  for (const list of cells.values()) {
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) if (test(list[a], list[b])) return found
  }
  return found
}

/** The point where two closed segments meet, or null. Touching and collinear overlap count as meeting. */
function segmentContact(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  x4: number,
  y4: number,
): LonLat | null {
  const d1 = cross(x3, y3, x4, y4, x1, y1)
  const d2 = cross(x3, y3, x4, y4, x2, y2)
  const d3 = cross(x1, y1, x2, y2, x3, y3)
  const d4 = cross(x1, y1, x2, y2, x4, y4)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    const t = d1 / (d1 - d2)
    return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)]
  }
  if (d3 === 0 && within(x1, y1, x2, y2, x3, y3)) return [x3, y3]
  if (d4 === 0 && within(x1, y1, x2, y2, x4, y4)) return [x4, y4]
  if (d1 === 0 && within(x3, y3, x4, y4, x1, y1)) return [x1, y1]
  if (d2 === 0 && within(x3, y3, x4, y4, x2, y2)) return [x2, y2]
  return null
}

export function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

export function within(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by)
}
