import type { MultiPolygon, Polygon, Position } from 'geojson'
import { ringArea, signedRingArea } from '../../lib/geo/rings'

/**
 * How much of the search area a scene's footprint covers, in percent. Footprints are almost always convex
 * quadrilaterals, so each AOI ring is clipped against the footprint (Sutherland–Hodgman, exact for a convex
 * clip and any subject) in the longitude/latitude plane (a ratio of areas at one place barely depends on the projection): a few microseconds a scene,
 * so 500 scenes cost well under a frame. A concave or holed footprint is cut into triangles (ear clipping), each
 * convex, so the same clipping stays exact. The AOI's polygons must not overlap: overlapping ones are merged
 * first (turf's union, loaded only then; see ./use-coverage.ts), or their shared part would count twice.
 */

type XY = [number, number]

/** Open ring (no closing position), counter-clockwise. */
function openCcw(ring: readonly XY[]): XY[] {
  const open =
    ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]
      ? ring.slice(0, -1)
      : ring.slice()
  return signedRingArea(open) < 0 ? open.reverse() : open
}

function isConvex(ring: readonly XY[]): boolean {
  let sign = 0
  const n = ring.length
  for (let i = 0; i < n; i++) {
    const [ax, ay] = ring[i]
    const [bx, by] = ring[(i + 1) % n]
    const [cx, cy] = ring[(i + 2) % n]
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
    if (Math.abs(cross) < 1e-18) continue
    const s = Math.sign(cross)
    if (sign === 0) sign = s
    else if (s !== sign) return false
  }
  return true
}

/** The part of `subject` inside the convex, counter-clockwise `clip`. */
function clipConvex(subject: readonly XY[], clip: readonly XY[]): XY[] {
  let out = subject.slice()
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const [ax, ay] = clip[i]
    const [bx, by] = clip[(i + 1) % clip.length]
    const inside = (p: XY) => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) >= 0
    const cut = (p: XY, q: XY): XY => {
      const dx = q[0] - p[0]
      const dy = q[1] - p[1]
      const denom = (bx - ax) * dy - (by - ay) * dx
      const t = ((bx - ax) * (ay - p[1]) - (by - ay) * (ax - p[0])) / denom
      return [p[0] + t * dx, p[1] + t * dy]
    }
    const input = out
    out = []
    for (let k = 0; k < input.length; k++) {
      const cur = input[k]
      const prev = input[(k + input.length - 1) % input.length]
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur))
        out.push(cur)
      } else if (inside(prev)) out.push(cut(prev, cur))
    }
  }
  return out
}

interface PreparedRing {
  xy: XY[]
  box: [number, number, number, number]
}

const boxOf = (ring: readonly XY[]): [number, number, number, number] => {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [x, y] of ring) {
    if (x < w) w = x
    if (x > e) e = x
    if (y < s) s = y
    if (y > n) n = y
  }
  return [w, s, e, n]
}

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

/** Whether any two of the polygons' bounding boxes overlap: then they must be merged before measuring. */
export function overlapAny(polygons: readonly Polygon[]): boolean {
  const boxes = polygons.map((p) => boxOf((p.coordinates[0] ?? []).map((c): XY => [c[0], c[1]])))
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j])) return true
  return false
}

/**
 * Prepares the AOI (polygons that do not overlap) once and returns a function giving each footprint's coverage
 * of it (0–100). An empty AOI gives null: there is nothing to cover.
 */
export function prepareCoverage(
  aoi: readonly Polygon[],
): ((footprint: Polygon | MultiPolygon) => number) | null {
  const lats = aoi.flatMap((p) => p.coordinates[0]?.map((c) => c[1]) ?? [])
  if (lats.length === 0) return null
  // Plain longitude/latitude: scaling longitudes by the cosine of the latitude would change no ratio.
  const project = (ring: readonly Position[]): XY[] => ring.map((c) => [c[0], c[1]])
  const polygons = aoi.map((p) =>
    p.coordinates.map((ring): PreparedRing => {
      const xy = openCcw(project(ring))
      return { xy, box: boxOf(xy) }
    }),
  )
  const total = polygons.reduce(
    (sum, rings) => sum + ringArea(rings[0].xy) - rings.slice(1).reduce((h, r) => h + ringArea(r.xy), 0),
    0,
  )
  if (!(total > 0)) return null
  const box = boxOf(polygons.flatMap((rings) => rings[0].xy))

  /** The AOI's area inside one convex, counter-clockwise clip window. */
  const coveredBy = (clip: readonly XY[]): number => {
    const clipBox = boxOf(clip)
    if (!overlaps(clipBox, box)) return 0
    let covered = 0
    for (const rings of polygons) {
      if (!overlaps(rings[0].box, clipBox)) continue
      covered += ringArea(clipConvex(rings[0].xy, clip))
      for (const hole of rings.slice(1))
        if (overlaps(hole.box, clipBox)) covered -= ringArea(clipConvex(hole.xy, clip))
    }
    return covered
  }

  return (footprint) => {
    const parts = footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates
    let covered = 0
    for (const part of parts) {
      const outer = openCcw(project(part[0]))
      if (!overlaps(boxOf(outer), box)) continue
      if (part.length === 1 && isConvex(outer)) {
        covered += coveredBy(outer)
        continue
      }
      // Concave or holed footprints are rare: their triangles partition them, each one convex.
      for (const t of triangles(outer)) covered += coveredBy(t)
      for (const hole of part.slice(1))
        for (const t of triangles(openCcw(project(hole)))) covered -= coveredBy(t)
    }
    return Math.max(0, Math.min(100, (covered / total) * 100))
  }
}

/**
 * A simple counter-clockwise ring cut into counter-clockwise triangles that partition it (ear clipping:
 * quadratic, and footprints have a handful of corners). A ring that is not simple leaves no ear at some point;
 * what is left then goes as a fan from its first corner, which is exact for what is still convex.
 */
export function triangles(ring: readonly XY[]): XY[][] {
  const left = ring.slice()
  const out: XY[][] = []
  const turn = (a: XY, b: XY, c: XY) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
  const inside = (p: XY, a: XY, b: XY, c: XY) =>
    turn(a, b, p) >= 0 && turn(b, c, p) >= 0 && turn(c, a, p) >= 0
  while (left.length > 3) {
    const n = left.length
    let cut = -1
    for (let i = 0; i < n && cut < 0; i++) {
      const a = left[(i + n - 1) % n]
      const b = left[i]
      const c = left[(i + 1) % n]
      if (turn(a, b, c) <= 0) continue
      let ear = true
      for (const p of left) {
        if (p === a || p === b || p === c) continue
        if (inside(p, a, b, c)) {
          ear = false
          break
        }
      }
      if (ear) cut = i
    }
    if (cut < 0) break
    out.push([left[(cut + n - 1) % n], left[cut], left[(cut + 1) % n]])
    left.splice(cut, 1)
  }
  for (let i = 1; i + 1 < left.length; i++) out.push([left[0], left[i], left[i + 1]])
  return out
}
