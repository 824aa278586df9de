import type { Polygon } from 'geojson'
import { normalisePoint, ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { closeRing, dedupe, readRings, type LonLat, type Ring } from './rings'

/** Where an outline crosses or touches itself, in O(n log n) whatever its shape. */

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
 * Segment tests made so far (a side of a segment, or a contact of two), counted so that the tests can hold
 * the check to its O(n log n) on hostile shapes without timing it.
 */
export const crossingWork = { steps: 0 }

/**
 * Where the rings cross or touch, by a sweep (see `sweepContacts`): up to `max` touches, or the first proper
 * crossing. Segments next to each other on one ring share a corner by design and are never counted.
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
  const adjacent = (i: number, j: number): boolean => {
    if (i === j) return true
    if (i > j) [i, j] = [j, i]
    return first[i] === first[j] && (j === i + 1 || (i === first[i] && j === last[i]))
  }
  return sweepContacts(n, ax, ay, bx, by, adjacent, max)
}

/**
 * The first places where segments meet, found by a sweep from west to east (Shamos and Hoey's test, with the
 * degenerate cases handled as in Bentley and Ottmann's: every segment touching an event point is gathered
 * there). Segments are kept in the order they lie along the sweep line, and only segments next to each other
 * there are ever compared, so any outline costs O(n log n) — a comb of long parallel teeth too, however its
 * teeth lean, where segments sharing a cell or a box would all be compared with each other.
 *
 * Touches (a corner on another segment, two segments through one point) do not change that order, so the
 * sweep goes on past them, collecting up to `max`; a proper crossing does, so it ends the sweep.
 */
function sweepContacts(
  n: number,
  ax: Float64Array,
  ay: Float64Array,
  bx: Float64Array,
  by: Float64Array,
  adjacent: (i: number, j: number) => boolean,
  max: number,
): LonLat[] {
  // Each segment's endpoints in sweep order (west to east, then south to north): l* first, r* second.
  const lx = new Float64Array(n)
  const ly = new Float64Array(n)
  const rx = new Float64Array(n)
  const ry = new Float64Array(n)
  const events: number[] = []
  for (let i = 0; i < n; i++) {
    // A zero-length segment is a repeated corner: the segments either side of it meet there anyway.
    if (ax[i] === bx[i] && ay[i] === by[i]) continue
    const aFirst = ax[i] < bx[i] || (ax[i] === bx[i] && ay[i] < by[i])
    lx[i] = aFirst ? ax[i] : bx[i]
    ly[i] = aFirst ? ay[i] : by[i]
    rx[i] = aFirst ? bx[i] : ax[i]
    ry[i] = aFirst ? by[i] : ay[i]
    events.push(2 * i, 2 * i + 1)
  }
  const ex = (e: number) => ((e & 1) === 0 ? lx[e >> 1] : rx[e >> 1])
  const ey = (e: number) => ((e & 1) === 0 ? ly[e >> 1] : ry[e >> 1])
  events.sort((e, f) => ex(e) - ex(f) || ey(e) - ey(f))

  const tree = new SweepTree(n)
  /** The event at which a segment was last put in the tree: those put in at this point pass through it. */
  const stamp = new Int32Array(n).fill(-1)
  let px = 0
  let py = 0
  let now = 0
  const side = (t: number, x: number, y: number) => {
    crossingWork.steps++
    return cross(lx[t], ly[t], rx[t], ry[t], x, y)
  }
  const contains = (t: number) =>
    side(t, px, py) === 0 &&
    px >= lx[t] &&
    px <= rx[t] &&
    py >= Math.min(ly[t], ry[t]) &&
    py <= Math.max(ly[t], ry[t])
  /** Where s goes against t just east of the current point: above (> 0) or below (< 0). */
  const order = (s: number, t: number): number => {
    if (stamp[t] === now) {
      crossingWork.steps++
      // Both pass through the point: the one turned further anticlockwise lies above.
      const c = (rx[t] - lx[t]) * (ry[s] - ly[s]) - (ry[t] - ly[t]) * (rx[s] - lx[s])
      return c !== 0 ? c : s - t
    }
    const o = side(t, px, py)
    if (o !== 0) return o
    return side(t, rx[s], ry[s]) || s - t
  }

  const found: LonLat[] = []
  const seen = new Set<string>()
  const note = (q: LonLat): boolean => {
    const key = `${q[0]} ${q[1]}`
    if (!seen.has(key)) {
      seen.add(key)
      found.push(q)
    }
    return found.length >= max
  }
  /** Compares two neighbours; true when the sweep must end (a crossing, or enough found). */
  const neighbours = (i: number, j: number): boolean => {
    if (i < 0 || j < 0 || adjacent(i, j)) return false
    crossingWork.steps++
    const hit = segmentContact(lx[i], ly[i], rx[i], ry[i], lx[j], ly[j], rx[j], ry[j])
    if (!hit) return false
    // A touch at a corner is met again as an event point of its own, where everything through it is seen.
    const corner = (s: number) =>
      (hit[0] === lx[s] && hit[1] === ly[s]) || (hit[0] === rx[s] && hit[1] === ry[s])
    if (corner(i) || corner(j)) return false
    note(hit)
    return true
  }

  const touching: number[] = []
  const starting: number[] = []
  for (let k = 0; k < events.length;) {
    px = ex(events[k])
    py = ey(events[k])
    now = k
    starting.length = 0
    touching.length = 0
    for (; k < events.length && ex(events[k]) === px && ey(events[k]) === py; k++) {
      if ((events[k] & 1) === 0) starting.push(events[k] >> 1)
    }
    // The segments in the tree that pass through or end at the point lie together there.
    const { hit, below, above } = tree.locate((t) => (contains(t) ? 0 : side(t, px, py) || py - ly[t]))
    let low = below
    let high = above
    if (hit >= 0) {
      touching.push(hit)
      for (low = tree.prev(hit); low >= 0 && contains(low); low = tree.prev(low)) touching.push(low)
      for (high = tree.next(hit); high >= 0 && contains(high); high = tree.next(high)) touching.push(high)
    }
    const inTree = touching.length
    touching.push(...starting)
    let met = false
    for (let a = 0; a < touching.length && !met; a++)
      for (let b = a + 1; b < touching.length && !met; b++) met = !adjacent(touching[a], touching[b])
    if (met && note([px, py])) return found

    const entering: number[] = []
    for (let a = 0; a < inTree; a++) {
      const t = touching[a]
      tree.remove(t)
      // Through the point, not ending there: it goes back in, in its order east of the point.
      if (rx[t] !== px || ry[t] !== py) entering.push(t)
    }
    entering.push(...starting)
    if (entering.length === 0) {
      if (neighbours(low, high)) return found
      continue
    }
    for (const s of entering) {
      stamp[s] = now
      tree.insert(s, (t) => order(s, t))
    }
    let lowest = entering[0]
    let highest = entering[0]
    for (const s of entering) {
      if (order(s, lowest) < 0) lowest = s
      if (order(s, highest) > 0) highest = s
    }
    if (neighbours(tree.prev(lowest), lowest) || neighbours(highest, tree.next(highest))) return found
  }
  return found
}

/**
 * The sweep's segments in their order along the sweep line: a treap (a binary search tree kept balanced by
 * random priorities) over segment numbers, with parent links so that neighbours are found from a segment.
 */
class SweepTree {
  private readonly left: Int32Array
  private readonly right: Int32Array
  private readonly up: Int32Array
  private readonly priority: Uint32Array
  private readonly inside: Uint8Array
  private root = -1
  private seed = 0x2545f491

  constructor(n: number) {
    this.left = new Int32Array(n).fill(-1)
    this.right = new Int32Array(n).fill(-1)
    this.up = new Int32Array(n).fill(-1)
    this.priority = new Uint32Array(n)
    this.inside = new Uint8Array(n)
  }

  has(s: number): boolean {
    return this.inside[s] === 1
  }

  /**
   * Walks down by `where(t)`: 0 when t is the one looked for, > 0 when it lies above t, < 0 below. Gives the
   * one found (or -1) and, when none is, the nearest segments below and above where it would be.
   */
  locate(where: (t: number) => number): { hit: number; below: number; above: number } {
    let below = -1
    let above = -1
    for (let t = this.root; t >= 0;) {
      const w = where(t)
      if (w === 0) return { hit: t, below: -1, above: -1 }
      if (w > 0) {
        below = t
        t = this.right[t]
      } else {
        above = t
        t = this.left[t]
      }
    }
    return { hit: -1, below, above }
  }

  /** Puts s in; `above(t)` > 0 when s lies above t. */
  insert(s: number, above: (t: number) => number): void {
    this.left[s] = this.right[s] = this.up[s] = -1
    this.seed = (Math.imul(this.seed, 1664525) + 1013904223) >>> 0
    this.priority[s] = this.seed
    this.inside[s] = 1
    if (this.root < 0) {
      this.root = s
      return
    }
    let t = this.root
    for (;;) {
      if (above(t) > 0) {
        if (this.right[t] < 0) {
          this.right[t] = s
          break
        }
        t = this.right[t]
      } else {
        if (this.left[t] < 0) {
          this.left[t] = s
          break
        }
        t = this.left[t]
      }
    }
    this.up[s] = t
    while (this.up[s] >= 0 && this.priority[s] < this.priority[this.up[s]]) this.rotateUp(s)
  }

  remove(s: number): void {
    if (!this.has(s)) return
    // Down to a leaf, past the child of higher priority each time, then cut off.
    for (;;) {
      const l = this.left[s]
      const r = this.right[s]
      if (l < 0 && r < 0) break
      this.rotateUp(r < 0 || (l >= 0 && this.priority[l] < this.priority[r]) ? l : r)
    }
    const p = this.up[s]
    if (p < 0) this.root = -1
    else if (this.left[p] === s) this.left[p] = -1
    else this.right[p] = -1
    this.up[s] = -1
    this.inside[s] = 0
  }

  next(s: number): number {
    if (s < 0) return -1
    let t = this.right[s]
    if (t >= 0) {
      while (this.left[t] >= 0) t = this.left[t]
      return t
    }
    t = s
    while (this.up[t] >= 0 && this.right[this.up[t]] === t) t = this.up[t]
    return this.up[t]
  }

  prev(s: number): number {
    if (s < 0) return -1
    let t = this.left[s]
    if (t >= 0) {
      while (this.right[t] >= 0) t = this.right[t]
      return t
    }
    t = s
    while (this.up[t] >= 0 && this.left[this.up[t]] === t) t = this.up[t]
    return this.up[t]
  }

  /** Lifts x above its parent, keeping the in-order sequence. */
  private rotateUp(x: number): void {
    const p = this.up[x]
    const g = this.up[p]
    if (this.left[p] === x) {
      this.left[p] = this.right[x]
      if (this.right[x] >= 0) this.up[this.right[x]] = p
      this.right[x] = p
    } else {
      this.right[p] = this.left[x]
      if (this.left[x] >= 0) this.up[this.left[x]] = p
      this.left[x] = p
    }
    this.up[p] = x
    this.up[x] = g
    if (g < 0) this.root = x
    else if (this.left[g] === p) this.left[g] = x
    else this.right[g] = x
  }
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
