import type { Polygon, Position } from 'geojson'
import {
  area as turfArea,
  feature as turfFeature,
  featureCollection,
  simplify as turfSimplify,
  union as turfUnion,
} from '@turf/turf'
import { AOI_LIMITS, type AoiFix, type AoiLimits } from './aoi-rules'
import { ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { splitAntimeridian } from './antimeridian-split'
import { cross, ringsCrossings, within } from './crossings'
import { bboxOf, totalPositions } from './measure'
import {
  closeRing,
  dedupe,
  encloses,
  polygonsOf,
  readRings,
  samePos,
  toPolygon,
  type LonLat,
  type Ring,
} from './rings'
import { readPolygonStrict } from './validation'

/**
 * Applies one fix to every polygon that needs it, returning a new list (the input is not changed). Polygons
 * that cannot be read are passed through as they are, for `validateAoi` to keep reporting.
 *
 * - `repair` unions each self-intersecting polygon with itself, which splits it at its crossings and keeps
 *   all of the area it outlines; the result may be several polygons (a bow tie becomes two triangles).
 * - `simplify` uses one tolerance for all polygons, the smallest that brings them under the limit.
 */
export function applyFix(polygons: Polygon[], fix: AoiFix, limits: AoiLimits = AOI_LIMITS): Polygon[] {
  if (!Array.isArray(polygons)) return []
  try {
    switch (fix) {
      case 'close-rings':
        return mapReadable(polygons, (rings) => [toPolygon(rings.map(closeRing))])
      case 'remove-holes':
        return mapReadable(polygons, (rings) => [toPolygon([closeRing(rings[0])])])
      case 'repair':
        return mapReadable(polygons, (rings) =>
          repairRings(
            rings.map((r) => dedupe(closeRing(r))),
            limits,
          ),
        )
      case 'split-antimeridian':
        return mapReadable(polygons, (rings) => splitAntimeridian(rings.map((r) => dedupe(closeRing(r)))))
      case 'simplify':
        return simplifyToLimit(polygons, limits.maxVertices)
    }
  } catch {
    return polygons
  }
  return polygons
}

function mapReadable(polygons: Polygon[], fn: (rings: Ring[]) => Polygon[]): Polygon[] {
  const out: Polygon[] = []
  for (const p of polygons) {
    const read = readPolygonStrict(p)
    if (!read.ok || read.rings.length === 0) {
      out.push(p)
      continue
    }
    try {
      out.push(...fn(read.rings))
    } catch {
      out.push(p)
    }
  }
  return out
}

function repairRings(rings: Ring[], limits: AoiLimits): Polygon[] {
  if (rings.some((r) => r.length < 4)) return [toPolygon(rings)]
  const crosses = ringsCrossAntimeridian(rings) === 'crosses'
  const shape = crosses ? unwrapRings(rings) : rings
  if (ringsCrossings(shape, 1).length === 0) return [toPolygon(rings)]
  const parts: Polygon[] = []
  for (const part of resolveCrossings(toPolygon(shape))) {
    // polyclip can leave rings that collapsed to a line or a point; they enclose nothing and are dropped.
    const rings = part.coordinates.map((r) => dedupe(r.map((q): LonLat => [q[0], q[1]])))
    if (!encloses(rings[0])) continue
    parts.push(toPolygon(separateTouches([rings[0], ...rings.slice(1).filter(encloses)])))
  }
  // Crossings often leave slivers; they go, unless nothing else is left.
  const kept = parts.filter((p) => turfArea(p) / 1e6 >= limits.minAreaKm2)
  return kept.length > 0 ? kept : parts
}

/**
 * The area a self-crossing outline encloses, as simple polygons. turf's union needs two inputs; the polygon
 * with itself makes polyclip node every crossing and rebuild the outline from all the area it encloses.
 * polyclip gives up on some near-degenerate tangles ("unable to complete output ring"); snapping the corners
 * to a fine grid (about 1 mm, then 1 cm) usually untangles them. (turf's unkinkPolygon is no fallback: on
 * such input it can grow an array until the process dies.)
 */
function resolveCrossings(p: Polygon): Polygon[] {
  for (const snap of [0, 1e-8, 1e-7]) {
    const rings = p.coordinates.map((r) =>
      dedupe(r.map((q): LonLat => (snap === 0 ? [q[0], q[1]] : snapTo(q, snap)))),
    )
    try {
      const f = turfFeature(toPolygon(rings))
      const merged = turfUnion(featureCollection([f, f]))
      return merged ? polygonsOf(merged.geometry) : []
    } catch {
      // try the next, coarser snap
    }
  }
  return [p]
}

function snapTo(q: Position, step: number): LonLat {
  return [Math.round(q[0] / step) * step, Math.round(q[1] / step) * step]
}

/** How far a touching corner is moved apart: about a centimetre, far below any sensor's resolution. */
const NUDGE_DEGREES = 1e-7

/**
 * polyclip's output is valid by OGC rules but may have rings that touch at a corner (a hole meeting its
 * outline or another hole, an outline pinched at one point). The service rejects any contact, so each
 * touching corner is moved a hair into the side of its own two edges that no other edge enters, which
 * separates the rings without changing the area noticeably.
 */
function separateTouches(input: Ring[]): Ring[] {
  const rings = input.map((r) => r.map((q): LonLat => [q[0], q[1]]))
  for (let round = 0; round < 8; round++) {
    const contacts = ringsCrossings(rings, 10_000)
    if (contacts.length === 0) break
    const done = new Set<string>()
    let moved = false
    for (const c of contacts) {
      const key = `${c[0]} ${c[1]}`
      if (done.has(key)) continue
      done.add(key)
      if (nudgeApart(rings, c)) moved = true
    }
    if (!moved) break
  }
  return rings
}

/** Moves one corner at `v` into the gap between its own edges that no other edge enters. */
function nudgeApart(rings: Ring[], v: LonLat): boolean {
  const visits: [number, number][] = []
  const others: number[] = []
  for (const [r, ring] of rings.entries()) {
    for (let i = 0; i < ring.length - 1; i++) {
      const a = ring[i]
      const b = ring[i + 1]
      if (samePos(a, v)) visits.push([r, i])
      else if (
        !samePos(b, v) &&
        cross(a[0], a[1], b[0], b[1], v[0], v[1]) === 0 &&
        within(a[0], a[1], b[0], b[1], v[0], v[1])
      ) {
        // v lies inside this edge: both of its directions count as other edges.
        others.push(angle(v, a), angle(v, b))
      }
    }
  }
  if (visits.length === 0) return false
  const dirs = visits.map(([r, i]) => {
    const ring = rings[r]
    const n = ring.length - 1
    return [angle(v, ring[(i - 1 + n) % n]), angle(v, ring[(i + 1) % n])]
  })
  for (const [k, [r, i]] of visits.entries()) {
    const [ta, tb] = dirs[k]
    const rest = [...others, ...dirs.flatMap((d, j) => (j === k ? [] : d))]
    // The two arcs between this corner's edges, counter-clockwise from a to b and from b to a.
    const span = (from: number, to: number) => (to - from + 2 * Math.PI) % (2 * Math.PI)
    const ab = span(ta, tb)
    const inAb = rest.filter((t) => span(ta, t) > 0 && span(ta, t) < ab).length
    const inBa = rest.filter((t) => span(tb, t) > 0 && span(tb, t) < 2 * Math.PI - ab).length
    if (inAb > 0 && inBa > 0) continue
    const heading = inAb === 0 ? ta + ab / 2 : tb + (2 * Math.PI - ab) / 2
    const ring = rings[r]
    const moved: LonLat = [v[0] + Math.cos(heading) * NUDGE_DEGREES, v[1] + Math.sin(heading) * NUDGE_DEGREES]
    ring[i] = moved
    if (i === 0) ring[ring.length - 1] = [moved[0], moved[1]]
    return true
  }
  return false
}

function angle(from: LonLat, to: LonLat): number {
  return Math.atan2(to[1] - from[1], to[0] - from[0])
}

function simplifyToLimit(polygons: Polygon[], maxPositions: number): Polygon[] {
  if (totalPositions(polygons) <= maxPositions) return polygons
  const readable: { index: number; polygon: Polygon }[] = []
  for (const [index, p] of polygons.entries()) {
    const read = readPolygonStrict(p)
    if (read.ok && read.rings.every((r) => r.length > 0))
      readable.push({ index, polygon: toPolygon(read.rings.map((r) => dedupe(closeRing(r)))) })
  }
  if (readable.length === 0) return polygons
  const simplifiable = new Set(readable.map((r) => r.index))
  const fixedPositions = totalPositions(polygons.filter((_, i) => !simplifiable.has(i)))
  const budget = maxPositions - fixedPositions
  const [w, s, e, n] = bboxOf(readable.map((r) => r.polygon))
  const extent = Math.max(e - w, n - s, 1e-9)

  const run = (tolerance: number) => readable.map((r) => simplifyOne(r.polygon, tolerance))
  const count = (ps: Polygon[]) => totalPositions(ps)

  // Exponential search for a tolerance under the budget, then bisection in log space for the smallest.
  let lo = extent * 1e-9
  let hi = extent * 1e-5
  let best = run(hi)
  while (count(best) > budget && hi < extent * 4) {
    lo = hi
    hi *= 4
    best = run(hi)
  }
  if (count(best) > budget) return polygons
  while (hi / lo > 1.02) {
    const mid = Math.sqrt(lo * hi)
    const attempt = run(mid)
    if (count(attempt) <= budget) {
      hi = mid
      best = attempt
    } else {
      lo = mid
    }
  }
  // Douglas–Peucker can make an outline cross itself; such a polygon takes a slightly larger tolerance.
  const result = [...best]
  for (const [k, p] of result.entries()) {
    if (!crossesItself(p)) continue
    for (const factor of [1.25, 1.6, 2, 3, 5, 8]) {
      const candidate = simplifyOne(readable[k].polygon, hi * factor)
      if (!crossesItself(candidate)) {
        result[k] = candidate
        break
      }
    }
  }
  const out = [...polygons]
  for (const [k, r] of readable.entries()) out[r.index] = result[k]
  return out
}

function simplifyOne(p: Polygon, tolerance: number): Polygon {
  try {
    const s = turfSimplify(p, { tolerance, highQuality: true, mutate: false })
    return { type: 'Polygon', coordinates: s.coordinates }
  } catch {
    return p
  }
}

function crossesItself(p: Polygon): boolean {
  const rings = (readRings(p) ?? []).map((r) => dedupe(closeRing(r)))
  if (rings.some((r) => r.length < 4)) return false
  const shape = ringsCrossAntimeridian(rings) === 'crosses' ? unwrapRings(rings) : rings
  return ringsCrossings(shape, 1).length > 0
}
