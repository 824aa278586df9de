import type { MultiPolygon, Polygon, Position } from 'geojson'
import { intersectionAreaRatio, unionOf } from '../../lib/geo/combine'

/**
 * How much of the search area a scene's footprint covers, in percent. Footprints are almost always convex
 * quadrilaterals, so each AOI ring is clipped against the footprint (Sutherland–Hodgman, exact for a convex
 * clip and any subject) in the longitude/latitude plane (a ratio of areas at one place barely depends on the projection): a few microseconds a scene,
 * so 500 scenes cost well under a frame. A concave footprint falls back to turf's polygon intersection.
 */

type XY = [number, number]

function shoelace(ring: readonly XY[]): number {
  let s = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    s += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1])
  }
  return Math.abs(s) / 2
}

/** Open ring (no closing position), counter-clockwise. */
function openCcw(ring: readonly XY[]): XY[] {
  const open =
    ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]
      ? ring.slice(0, -1)
      : ring.slice()
  let s = 0
  for (let i = 0, j = open.length - 1; i < open.length; j = i++)
    s += (open[j][0] - open[i][0]) * (open[j][1] + open[i][1])
  return s < 0 ? open.reverse() : open
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

function overlapAny(polygons: readonly Polygon[]): boolean {
  const boxes = polygons.map((p) => boxOf((p.coordinates[0] ?? []).map((c): XY => [c[0], c[1]])))
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j])) return true
  return false
}

/**
 * Prepares the AOI once and returns a function giving each footprint's coverage of it (0–100). An empty AOI
 * gives null: there is nothing to cover.
 */
export function prepareCoverage(
  input: readonly Polygon[],
): ((footprint: Polygon | MultiPolygon) => number) | null {
  // Overlapping AOI polygons are merged once, so no part of the AOI counts twice.
  const aoi = overlapAny(input) ? unionOf(input) : input
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
    (sum, rings) => sum + shoelace(rings[0].xy) - rings.slice(1).reduce((h, r) => h + shoelace(r.xy), 0),
    0,
  )
  if (!(total > 0)) return null
  const box = boxOf(polygons.flatMap((rings) => rings[0].xy))

  return (footprint) => {
    const parts = footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates
    let covered = 0
    for (const part of parts) {
      const clip = openCcw(project(part[0]))
      const clipBox = boxOf(clip)
      if (!overlaps(clipBox, box)) continue
      if (part.length > 1 || !isConvex(clip)) {
        // Concave or holed footprints are rare: turf's exact intersection, on the original coordinates.
        return Math.min(100, intersectionAreaRatio(aoi, footprint) * 100)
      }
      for (const rings of polygons) {
        if (!overlaps(rings[0].box, clipBox)) continue
        covered += shoelace(clipConvex(rings[0].xy, clip))
        for (const hole of rings.slice(1))
          if (overlaps(hole.box, clipBox)) covered -= shoelace(clipConvex(hole.xy, clip))
      }
    }
    return Math.max(0, Math.min(100, (covered / total) * 100))
  }
}
