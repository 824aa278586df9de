/** Planar geometry of the search: footprints against search areas, in degrees as plane coordinates. */

/** [west, south, east, north]. */
export type BBox = [number, number, number, number]
export type Position = [number, number]

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

const within = (a: number, b: number, v: number) => (a <= b ? a <= v && v <= b : b <= v && v <= a)

/** Whether segments p1p2 and p3p4 meet, touching included. */
export function segmentsMeet(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  x4: number,
  y4: number,
): boolean {
  const d1 = orient(x3, y3, x4, y4, x1, y1)
  const d2 = orient(x3, y3, x4, y4, x2, y2)
  const d3 = orient(x1, y1, x2, y2, x3, y3)
  const d4 = orient(x1, y1, x2, y2, x4, y4)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
  if (d1 === 0 && within(x3, x4, x1) && within(y3, y4, y1)) return true
  if (d2 === 0 && within(x3, x4, x2) && within(y3, y4, y2)) return true
  if (d3 === 0 && within(x1, x2, x3) && within(y1, y2, y3)) return true
  if (d4 === 0 && within(x1, x2, x4) && within(y1, y2, y4)) return true
  return false
}

/** Even-odd point-in-ring test on a flat closed ring (boundary points may fall either way). */
function ringContains(xy: ArrayLike<number>, at: number, points: number, x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = points - 1; i < points; j = i++) {
    const xi = xy[at + i * 2]
    const yi = xy[at + i * 2 + 1]
    const xj = xy[at + j * 2]
    const yj = xy[at + j * 2 + 1]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** The bbox of a ring of [lon, lat] positions. */
export function ringBbox(ring: readonly (readonly number[])[]): BBox {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  for (const p of ring) {
    if (p[0] < w) w = p[0]
    if (p[0] > e) e = p[0]
    if (p[1] < s) s = p[1]
    if (p[1] > n) n = p[1]
  }
  return [w, s, e, n]
}

/**
 * A search polygon (rings of [lon, lat], holes allowed) prepared for many intersection tests: its edges are
 * filed in horizontal bands so that a test against a small footprint looks at a few edges, not all of them.
 */
export class PreparedPolygon {
  readonly bbox: BBox
  /** Set for an axis-aligned rectangle: a footprint whose bbox lies inside it needs no further test. */
  isRectangle = false
  private readonly outerStart: Position
  private readonly segs: Float64Array
  private readonly bands: Int32Array[]
  private readonly bandMinY: number
  private readonly bandHeight: number

  constructor(rings: readonly (readonly (readonly number[])[])[]) {
    this.bbox = ringBbox(rings[0])
    this.outerStart = [rings[0][0][0], rings[0][0][1]]
    const segs: number[] = []
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        if (ring[i][0] === ring[i + 1][0] && ring[i][1] === ring[i + 1][1]) continue
        segs.push(ring[i][0], ring[i][1], ring[i + 1][0], ring[i + 1][1])
      }
    }
    this.segs = Float64Array.from(segs)
    const count = segs.length / 4
    const nBands = count > 32 ? Math.min(1024, Math.ceil(count / 4)) : 1
    this.bandMinY = this.bbox[1]
    this.bandHeight = (this.bbox[3] - this.bbox[1]) / nBands || 1
    const lists: number[][] = Array.from({ length: nBands }, () => [])
    for (let k = 0; k < count; k++) {
      const ya = this.segs[k * 4 + 1]
      const yb = this.segs[k * 4 + 3]
      const b0 = this.band(Math.min(ya, yb), nBands)
      const b1 = this.band(Math.max(ya, yb), nBands)
      for (let b = b0; b <= b1; b++) lists[b].push(k)
    }
    this.bands = lists.map((l) => Int32Array.from(l))
  }

  private band(y: number, n = this.bands.length): number {
    return Math.min(n - 1, Math.max(0, Math.floor((y - this.bandMinY) / this.bandHeight)))
  }

  /** Even-odd over all rings: inside the outer ring and outside every hole. */
  containsPoint(x: number, y: number): boolean {
    if (x < this.bbox[0] || x > this.bbox[2] || y < this.bbox[1] || y > this.bbox[3]) return false
    const segs = this.segs
    let inside = false
    for (const k of this.bands[this.band(y)]) {
      const x1 = segs[k * 4]
      const y1 = segs[k * 4 + 1]
      const x2 = segs[k * 4 + 2]
      const y2 = segs[k * 4 + 3]
      if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside
    }
    return inside
  }

  /**
   * Whether a closed ring (a footprint) intersects this polygon, boundaries included. The ring is `points`
   * [lon, lat] pairs of the flat array `xy` from `at`; its bbox is the four numbers of `rb` from `rbAt`.
   */
  intersectsRing(
    xy: ArrayLike<number>,
    at: number,
    points: number,
    rb: ArrayLike<number>,
    rbAt: number,
  ): boolean {
    const b = this.bbox
    const w = rb[rbAt]
    const s = rb[rbAt + 1]
    const e = rb[rbAt + 2]
    const n = rb[rbAt + 3]
    if (w > b[2] || e < b[0] || s > b[3] || n < b[1]) return false
    if (this.isRectangle && w >= b[0] && e <= b[2] && s >= b[1] && n <= b[3]) return true
    const segs = this.segs
    for (let i = 0; i + 1 < points; i++) {
      const ax = xy[at + i * 2]
      const ay = xy[at + i * 2 + 1]
      const bx = xy[at + i * 2 + 2]
      const by = xy[at + i * 2 + 3]
      const minX = Math.min(ax, bx)
      const maxX = Math.max(ax, bx)
      const minY = Math.min(ay, by)
      const maxY = Math.max(ay, by)
      if (maxY < this.bbox[1] || minY > this.bbox[3]) continue
      const b1 = this.band(maxY)
      for (let b = this.band(minY); b <= b1; b++) {
        for (const k of this.bands[b]) {
          const x1 = segs[k * 4]
          const y1 = segs[k * 4 + 1]
          const x2 = segs[k * 4 + 2]
          const y2 = segs[k * 4 + 3]
          if (
            Math.max(x1, x2) < minX ||
            Math.min(x1, x2) > maxX ||
            Math.max(y1, y2) < minY ||
            Math.min(y1, y2) > maxY
          )
            continue
          if (segmentsMeet(ax, ay, bx, by, x1, y1, x2, y2)) return true
        }
      }
    }
    // No boundaries cross: either one shape holds the other, or they are apart.
    if (this.containsPoint(xy[at], xy[at + 1])) return true
    return ringContains(xy, at, points, this.outerStart[0], this.outerStart[1])
  }
}

export function rectangle(w: number, s: number, e: number, n: number): PreparedPolygon {
  const rect = new PreparedPolygon([
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ])
  rect.isRectangle = true
  return rect
}
