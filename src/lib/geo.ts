import type { MultiPolygon, Polygon, Position } from 'geojson'
import {
  area as turfArea,
  circle as turfCircle,
  feature as turfFeature,
  featureCollection,
  intersect as turfIntersect,
  simplify as turfSimplify,
  union as turfUnion,
} from '@turf/turf'

/**
 * Geometry maths for areas of interest (AOIs): the one module that talks to turf. Everything here is pure
 * and framework-free. An AOI is a list of polygons in WGS84 [longitude, latitude]; each becomes one GeoJSON
 * Feature when sent to the service, whose rules are: no Z, closed rings, no self-intersection, and at most
 * 10,000 positions in all.
 */

export type LonLat = [number, number]

export interface AoiLimits {
  /** Positions in all, counted as the service counts them: every ring's closing position included. */
  maxVertices: number
  minAreaKm2: number
  /** Distinct corners a ring needs. */
  minVertices: number
}

export const AOI_LIMITS: Readonly<AoiLimits> = { maxVertices: 10_000, minAreaKm2: 0.0001, minVertices: 3 }

export type AoiIssueCode =
  | 'empty'
  | 'invalid-coordinates'
  | 'not-closed'
  | 'too-few-vertices'
  | 'too-many-vertices'
  | 'self-intersection'
  | 'holes'
  | 'antimeridian'
  | 'tiny'

export type AoiFix = 'close-rings' | 'simplify' | 'repair' | 'split-antimeridian' | 'remove-holes'

export interface AoiIssue {
  code: AoiIssueCode
  severity: 'error' | 'warning'
  message: string
  fix?: AoiFix
  fixLabel?: string
  /** Which polygon of the list; absent when the issue is about the whole AOI. */
  polygonIndex?: number
  /** Where to point on the map, when there is one place (e.g. the first crossing). */
  at?: LonLat
}

type Ring = LonLat[]

// ---------------------------------------------------------------------------------------------------------
// Measures

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

/**
 * Share (0–1) of the AOI's area that `shape` covers, exactly (turf's polygon intersection), for shapes the
 * fast paths cannot take. Overlapping AOI polygons are unioned first so no area counts twice.
 */
export function intersectionAreaRatio(aoi: readonly Polygon[], shape: Polygon | MultiPolygon): number {
  if (aoi.length === 0) return 0
  const merged =
    aoi.length === 1 ? turfFeature(aoi[0]) : turfUnion(featureCollection(aoi.map((p) => turfFeature(p))))
  if (!merged) return 0
  const whole = turfArea(merged)
  if (!(whole > 0)) return 0
  const both = turfIntersect(featureCollection([merged, turfFeature(shape)]))
  return both ? Math.min(1, turfArea(both) / whole) : 0
}

/** The polygons merged where they overlap (turf's union), as a list of polygons. */
export function unionOf(polygons: readonly Polygon[]): Polygon[] {
  if (polygons.length < 2) return [...polygons]
  const merged = turfUnion(featureCollection(polygons.map((p) => turfFeature(p))))
  if (!merged) return [...polygons]
  const g = merged.geometry
  return g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
}

/**
 * The smallest convex polygon holding every polygon given (for a search that takes one polygon): Andrew's
 * monotone chain over the outer rings' vertices, counter-clockwise. Null for fewer than three distinct
 * points or when they all lie on one line.
 */
export function convexHullOf(polygons: readonly Polygon[]): Polygon | null {
  const points = [
    ...new Map(
      polygons.flatMap((p) =>
        (p.coordinates[0] ?? []).map((c): [string, LonLat] => [`${c[0]},${c[1]}`, [c[0], c[1]]]),
      ),
    ).values(),
  ].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (points.length < 3) return null
  const cross = (o: LonLat, a: LonLat, b: LonLat) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const half = (pts: LonLat[]) => {
    const out: LonLat[] = []
    for (const p of pts) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop()
      out.push(p)
    }
    out.pop()
    return out
  }
  const hull = [...half(points), ...half([...points].reverse())]
  if (hull.length < 3) return null
  return { type: 'Polygon', coordinates: [[...hull, hull[0]]] }
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
 * split at the antimeridian spans the whole width). [0, 0, 0, 0] when there is no position.
 */
export function bboxOf(ps: Polygon[]): [number, number, number, number] {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  for (const p of Array.isArray(ps) ? ps : []) {
    for (const ring of readRings(p) ?? []) {
      for (const [x, y] of ring) {
        if (x < w) w = x
        if (x > e) e = x
        if (y < s) s = y
        if (y > n) n = y
      }
    }
  }
  return w === Infinity ? [0, 0, 0, 0] : [w, s, e, n]
}

// ---------------------------------------------------------------------------------------------------------
// Shapes

/** A geodesic circle, `steps` corners, counter-clockwise. */
export function circlePolygon(center: LonLat, radiusKm: number, steps = 64): Polygon {
  const c = turfCircle(center, radiusKm, { steps: Math.max(3, Math.round(steps)), units: 'kilometers' })
  return { type: 'Polygon', coordinates: c.geometry.coordinates.map((r) => r.map((p) => [p[0], p[1]])) }
}

/** The lon/lat rectangle with opposite corners `a` and `b`, counter-clockwise from the south-west corner. */
export function rectanglePolygon(a: LonLat, b: LonLat): Polygon {
  const w = Math.min(a[0], b[0])
  const e = Math.max(a[0], b[0])
  const s = Math.min(a[1], b[1])
  const n = Math.max(a[1], b[1])
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}

// ---------------------------------------------------------------------------------------------------------
// Validation

/**
 * Every problem that would stop the service accepting these polygons as an AOI, plus warnings. Never throws:
 * the input may be anything cast to Polygon[] (an import, a sessionStorage draft).
 */
export function validateAoi(polygons: Polygon[], limits: AoiLimits = AOI_LIMITS): AoiIssue[] {
  try {
    return validate(polygons, limits)
  } catch {
    // Nothing above should throw; if it does, the shape is beyond understanding, which is itself the issue.
    return [
      {
        code: 'invalid-coordinates',
        severity: 'error',
        message: 'The area could not be read as polygons of longitude and latitude. Draw it again.',
      },
    ]
  }
}

function validate(input: unknown, limits: AoiLimits): AoiIssue[] {
  if (!Array.isArray(input) || input.length === 0) {
    return [
      {
        code: 'empty',
        severity: 'error',
        message: 'There is no area yet. Draw one on the map, type its corners, or import a file.',
      },
    ]
  }
  const list: unknown[] = input
  const many = list.length > 1
  const issues: AoiIssue[] = []
  let positions = 0
  for (const [index, value] of list.entries()) {
    const name = many ? `Area ${index + 1}` : 'The area'
    const outline = many ? `The outline of area ${index + 1}` : 'The outline'
    const read = readPolygonStrict(value)
    if (!read.ok) {
      issues.push({ ...read.issue(name), severity: 'error', polygonIndex: index })
      continue
    }
    const raw = read.rings
    positions += raw.reduce((n, r) => n + (isClosed(r) ? r.length : r.length + 1), 0)
    if (raw.some((r) => !isClosed(r))) {
      issues.push({
        code: 'not-closed',
        severity: 'error',
        message: `${outline} does not end where it starts. Close it, so that the last corner repeats the first.`,
        fix: 'close-rings',
        fixLabel: 'Close the outline',
        polygonIndex: index,
      })
    }
    const rings = raw.map((r) => dedupe(closeRing(r)))
    const short = rings.findIndex((r) => corners(r) < limits.minVertices)
    if (short >= 0) {
      const count = corners(rings[short])
      const which = short === 0 ? outline : `Hole ${short} of ${many ? `area ${index + 1}` : 'the area'}`
      issues.push({
        code: 'too-few-vertices',
        severity: 'error',
        message: `${which} has ${count} distinct corner${count === 1 ? '' : 's'}; an area needs at least ${limits.minVertices}. Add corners, or draw it again.`,
        polygonIndex: index,
      })
      continue
    }
    const crossing = ringsCrossAntimeridian(rings)
    if (crossing !== 'no') {
      issues.push({
        code: 'antimeridian',
        severity: 'error',
        message:
          crossing === 'crosses'
            ? `${name} crosses the 180° meridian (the date line). The service needs longitudes within −180…180°: split it there into parts on either side.`
            : `${name} lies beyond 180° longitude (it was drawn on a repeated copy of the world map). Move it into −180…180° longitude.`,
        fix: 'split-antimeridian',
        fixLabel: crossing === 'crosses' ? 'Split at the 180° meridian' : 'Move into −180…180°',
        polygonIndex: index,
      })
    }
    // Measured the short way round: a shape across the date line is checked as drawn, not as its mirror.
    const shape = crossing === 'crosses' ? unwrapRings(rings) : rings
    if (rings.length > 1) {
      const holes = rings.length - 1
      issues.push({
        code: 'holes',
        severity: 'warning',
        message: `${name} has ${holes === 1 ? 'a hole' : `${holes} holes`}. Catalog search may ignore holes and return scenes that cover only ${holes === 1 ? 'the hole' : 'a hole'}. Remove ${holes === 1 ? 'it' : 'them'} to use the full outline, or keep ${holes === 1 ? 'it' : 'them'} if ordering honours ${holes === 1 ? 'it' : 'them'}.`,
        fix: 'remove-holes',
        fixLabel: holes === 1 ? 'Remove the hole' : 'Remove the holes',
        polygonIndex: index,
      })
    }
    const [first] = ringsCrossings(shape, 1)
    if (first) {
      const at = normalisePoint(first)
      issues.push({
        code: 'self-intersection',
        severity: 'error',
        message: `${outline} crosses or touches itself near ${formatLonLat(at, precisionFor(shape[0]))}. Repair it, or redraw that part.`,
        fix: 'repair',
        fixLabel: 'Repair self-intersection',
        polygonIndex: index,
        at,
      })
      continue
    }
    // A ring whose corners lie on one line in lon/lat still gets a sliver of area on the sphere.
    const km2 = encloses(shape[0]) ? turfArea(toPolygon(shape)) / 1e6 : 0
    if (!(km2 >= limits.minAreaKm2)) {
      issues.push({
        code: 'tiny',
        severity: 'error',
        message:
          km2 === 0
            ? `${name} encloses no area: its corners lie on one line. Draw it again with at least three corners apart.`
            : `${name} covers ${formatArea(km2)}; the smallest area accepted is ${formatArea(limits.minAreaKm2)}. Draw a larger area.`,
        polygonIndex: index,
      })
    }
  }
  if (positions > limits.maxVertices) {
    issues.push({
      code: 'too-many-vertices',
      severity: 'error',
      message: `${many ? 'The areas have' : 'The area has'} ${positions.toLocaleString('en-GB')} points in all; the service accepts up to ${limits.maxVertices.toLocaleString('en-GB')}. Simplify the outline (it moves slightly), or split the area.`,
      fix: 'simplify',
      fixLabel: `Simplify to ${limits.maxVertices.toLocaleString('en-GB')} points`,
    })
  }
  return issues
}

type StrictRead =
  { ok: true; rings: Ring[] } | { ok: false; issue: (name: string) => Pick<AoiIssue, 'code' | 'message'> }

function readPolygonStrict(value: unknown): StrictRead {
  const notPolygon: StrictRead = {
    ok: false,
    issue: (name) => ({
      code: 'invalid-coordinates',
      message: `${name} is not a polygon of longitude/latitude corners. Draw it again, or import it from a file.`,
    }),
  }
  if (!isRecord(value) || value.type !== 'Polygon') return notPolygon
  const coordinates = value.coordinates
  if (!Array.isArray(coordinates)) return notPolygon
  const empty: StrictRead = {
    ok: false,
    issue: (name) => ({ code: 'empty', message: `${name} has no corners. Remove it, or draw it again.` }),
  }
  if (coordinates.length === 0) return empty
  const rings: Ring[] = []
  for (const ringValue of coordinates as unknown[]) {
    if (!Array.isArray(ringValue)) return notPolygon
    if (ringValue.length === 0) return empty
    const ring: Ring = []
    for (const [k, pos] of (ringValue as unknown[]).entries()) {
      const problem = positionProblem(pos)
      if (problem) {
        return {
          ok: false,
          issue: (name) => ({
            code: 'invalid-coordinates',
            message: `${name} has a corner (number ${k + 1}) that ${problem}. Correct the coordinates, or draw the area again.`,
          }),
        }
      }
      const [lon, lat] = pos as [number, number]
      ring.push([lon, lat])
    }
    rings.push(ring)
  }
  return { ok: true, rings }
}

/** Three world copies either side of the map: as far as anyone pans before drawing. */
const MAX_WRAPPED_LONGITUDE = 1080

function positionProblem(pos: unknown): string | null {
  if (!Array.isArray(pos) || pos.length < 2) return 'is not a pair of numbers, longitude and latitude'
  const values = pos as unknown[]
  const [lon, lat] = values
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat))
    return 'is not a pair of numbers, longitude and latitude'
  if (values.length > 2) return 'has a height (Z) value; only longitude and latitude are accepted'
  if (lat < -90 || lat > 90)
    return `has latitude ${round(lat, 6)}, outside −90…90° (are longitude and latitude swapped?)`
  // Beyond ±180 is a world copy of the map; beyond a few copies it is a mistake (or projected metres).
  if (Math.abs(lon) > MAX_WRAPPED_LONGITUDE)
    return `has longitude ${round(lon, 6)}, far outside −180…180° (are these degrees?)`
  return null
}

// ---------------------------------------------------------------------------------------------------------
// Fixes

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

function splitAntimeridian(rings: Ring[]): Polygon[] {
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

// ---------------------------------------------------------------------------------------------------------
// Self-intersection

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
function ringsCrossings(rings: Ring[], max: number): LonLat[] {
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

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

function within(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by)
}

// ---------------------------------------------------------------------------------------------------------
// Antimeridian

/**
 * 'crosses' when an edge jumps more than 180° of longitude (the short way round crosses ±180) or the shape
 * spans the line; 'beyond' when it lies wholly outside −180…180 (drawn on a world copy); else 'no'.
 */
function ringsCrossAntimeridian(rings: Ring[]): 'crosses' | 'beyond' | 'no' {
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
function unwrapRings(rings: Ring[]): Ring[] {
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

function normalisePoint([x, y]: LonLat): LonLat {
  let lon = ((((x + 180) % 360) + 360) % 360) - 180
  if (lon === -180 && x > 0) lon = 180
  return [lon, y]
}

// ---------------------------------------------------------------------------------------------------------
// Typed coordinates

export type CoordinateListResult = { ok: true; polygon: Polygon } | { ok: false; message: string }

/**
 * A polygon from typed text, one corner per line: "lon lat", "lon, lat", or with hemisphere letters in either
 * order ("41.9N 12.5E", "N 41°54'30\" E 12°30'"). A line of KML-style "lon,lat lon,lat …" tuples also works.
 * The ring is closed for the user; blank lines and lines starting with # are ignored.
 */
export function parseCoordinateList(text: string): CoordinateListResult {
  if (typeof text !== 'string') return { ok: false, message: 'Type one corner per line: longitude latitude.' }
  const ring: Ring = []
  const lines = text.split(/\r\n|\r|\n/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const parsed = parseCoordinateLine(line)
    if (typeof parsed === 'string') return { ok: false, message: `Line ${i + 1}: ${parsed}` }
    ring.push(...parsed)
  }
  if (ring.length > 1 && samePos(ring[0], ring[ring.length - 1])) ring.pop()
  const distinct = dedupe(ring)
  if (distinct.length < 3) {
    return {
      ok: false,
      message:
        distinct.length === 0
          ? 'Type at least three corners, one per line, as longitude and latitude (e.g. "12.49 41.90").'
          : `Only ${distinct.length} distinct corner${distinct.length === 1 ? '' : 's'}: an area needs at least three, one per line.`,
    }
  }
  return { ok: true, polygon: toPolygon([closeRing(distinct)]) }
}

const NUMBER_DMS = String.raw`([+-]?\d+(?:\.\d+)?)\s*[°º]?\s*(?:(\d+(?:\.\d+)?)\s*['′]\s*)?(?:(\d+(?:\.\d+)?)\s*(?:"|″|'')\s*)?`
const LETTER_FIRST = new RegExp(String.raw`^([NSEW])\s*${NUMBER_DMS}`, 'i')
const LETTER_AFTER = new RegExp(String.raw`^${NUMBER_DMS}([NSEW])?`, 'i')

function parseCoordinateLine(line: string): LonLat[] | string {
  const quoted = `'${line.length > 40 ? `${line.slice(0, 40)}…` : line}'`
  // KML-style tuples: several "lon,lat[,z]" groups separated by spaces on one line.
  const tuples = line.split(/\s+/)
  if (tuples.length > 1 && tuples.every((t) => /^[+-]?[\d.]+,[+-]?[\d.]+(,[+-]?[\d.]+)?$/.test(t))) {
    const out: LonLat[] = []
    for (const t of tuples) {
      const [lon, lat] = t.split(',').map(Number)
      const problem = rangeProblem(lon, lat)
      if (problem) return problem
      out.push([lon, lat])
    }
    return out
  }
  if (/[NSEW]/i.test(line)) return parseHemisphereLine(line, quoted)
  const parts = line.split(/[\s,;]+/).filter((p) => p !== '')
  const numbers = parts.map((p) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p) ? Number(p) : NaN))
  if (numbers.some((x) => !Number.isFinite(x)))
    return `${quoted} is not two numbers; write longitude and latitude, e.g. "12.49 41.90" or "12.49, 41.90".`
  if (numbers.length !== 2)
    return numbers.length < 2
      ? `${quoted} needs two numbers, longitude and latitude.`
      : `${quoted} has ${numbers.length} numbers; write two, longitude and latitude.`
  const [lon, lat] = numbers
  return rangeProblem(lon, lat) ?? [[lon, lat]]
}

/** "41.9N 12.5E", "12°30'E, 41°54'N", "N41.9 E12.5": the letters say which number is which. */
function parseHemisphereLine(line: string, quoted: string): LonLat[] | string {
  let rest = line
  const values: { value: number; axis: 'lat' | 'lon' | null }[] = []
  while (rest !== '' && values.length < 3) {
    const m = LETTER_FIRST.exec(rest) ?? LETTER_AFTER.exec(rest)
    if (!m || m[0] === '') break
    const letterFirst = /^[NSEW]/i.test(rest)
    const [letter = '', deg, min, sec] = letterFirst ? [m[1], m[2], m[3], m[4]] : [m[4], m[1], m[2], m[3]]
    if ((min !== undefined && Number(min) >= 60) || (sec !== undefined && Number(sec) >= 60))
      return `${quoted} has minutes or seconds of 60 or more.`
    const hemisphere = letter.toUpperCase()
    let value = Math.abs(Number(deg)) + Number(min ?? 0) / 60 + Number(sec ?? 0) / 3600
    if (deg.startsWith('-') || hemisphere === 'S' || hemisphere === 'W') value = -value
    values.push({
      value,
      axis: hemisphere === 'N' || hemisphere === 'S' ? 'lat' : hemisphere ? 'lon' : null,
    })
    rest = rest.slice(m[0].length).replace(/^\s*[,;]?\s*/, '')
  }
  if (rest !== '' || values.length !== 2)
    return `${quoted} is not a corner; write longitude and latitude ("12.49 41.90"), or use letters ("41.90N 12.49E").`
  const [a, b] = values
  if (!a.axis || !b.axis) return `${quoted} has a letter on one number only; put N or S and E or W on both.`
  if (a.axis === b.axis)
    return `${quoted} has two ${a.axis === 'lat' ? 'latitudes (N/S)' : 'longitudes (E/W)'}; one of each is needed.`
  const lat = a.axis === 'lat' ? a.value : b.value
  const lon = a.axis === 'lon' ? a.value : b.value
  return rangeProblem(lon, lat) ?? [[lon, lat]]
}

function rangeProblem(lon: number, lat: number): string | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'write two numbers, longitude and latitude.'
  if (lat < -90 || lat > 90)
    return `latitude ${lat} is outside −90…90. Is the order longitude, latitude? (Or add letters: "41.9N 12.5E".)`
  if (lon < -180 || lon > 180) return `longitude ${lon} is outside −180…180.`
  return null
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Rings of a polygon, [lon, lat] only, skipping positions that are not two finite numbers. */
function readRings(p: unknown): Ring[] | null {
  if (!isRecord(p) || !Array.isArray(p.coordinates)) return null
  const rings: Ring[] = []
  for (const ring of p.coordinates as unknown[]) {
    if (!Array.isArray(ring)) continue
    const out: Ring = []
    for (const pos of ring as unknown[]) {
      if (!Array.isArray(pos)) continue
      const [x, y] = pos as unknown[]
      if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y))
        out.push([x, y])
    }
    rings.push(out)
  }
  return rings
}

function samePos(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1]
}

function isClosed(ring: Position[]): boolean {
  return ring.length > 0 && samePos(ring[0], ring[ring.length - 1])
}

function closeRing(ring: Ring): Ring {
  return ring.length === 0 || isClosed(ring) ? ring : [...ring, [ring[0][0], ring[0][1]]]
}

/** Distinct corners of a closed ring without repeats in a row. */
function corners(ring: Ring): number {
  return ring.length <= 1 ? ring.length : ring.length - 1
}

function dedupe(ring: Ring): Ring {
  return ring.filter((p, i) => i === 0 || !samePos(p, ring[i - 1]))
}

function toPolygon(rings: Ring[]): Polygon {
  return { type: 'Polygon', coordinates: rings }
}

/** Whether a closed ring has any planar area; the service refuses rings whose corners lie on one line. */
function encloses(ring: Ring | undefined): boolean {
  if (!ring || ring.length < 4) return false
  let twice = 0
  const [x0, y0] = ring[0]
  // Relative to the first corner, so large longitudes do not drown the sum in rounding.
  for (let i = 1; i < ring.length - 2; i++)
    twice += (ring[i][0] - x0) * (ring[i + 1][1] - y0) - (ring[i + 1][0] - x0) * (ring[i][1] - y0)
  return Math.abs(twice) > 1e-18
}

function polygonsOf(g: Polygon | MultiPolygon): Polygon[] {
  return g.type === 'Polygon'
    ? [{ type: 'Polygon', coordinates: g.coordinates }]
    : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
}

function ringsAreaKm2(rings: Ring[]): number {
  if (rings.length === 0 || rings[0].length < 4) return 0
  const shape = ringsCrossAntimeridian(rings) === 'crosses' ? unwrapRings(rings) : rings
  return turfArea(toPolygon(shape)) / 1e6
}

function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

function precisionFor(ring: Ring): number {
  let w = Infinity
  let e = -Infinity
  let s = Infinity
  let n = -Infinity
  for (const [x, y] of ring) {
    w = Math.min(w, x)
    e = Math.max(e, x)
    s = Math.min(s, y)
    n = Math.max(n, y)
  }
  const size = Math.max(e - w, n - s)
  return size >= 1 ? 2 : size >= 0.01 ? 4 : 6
}

/** "12.49° E, 41.90° N". */
export function formatLonLat([lon, lat]: LonLat, digits = 4): string {
  const ew = lon < 0 ? 'W' : 'E'
  const ns = lat < 0 ? 'S' : 'N'
  return `${Math.abs(lon).toFixed(digits)}° ${ew}, ${Math.abs(lat).toFixed(digits)}° ${ns}`
}

/** "12.3 km²" or "45 m²". */
export function formatArea(km2: number): string {
  if (!Number.isFinite(km2) || km2 <= 0) return '0 km²'
  if (km2 < 0.01) return `${Math.round(km2 * 1e6).toLocaleString('en')} m²`
  if (km2 < 10) return `${km2.toFixed(2)} km²`
  if (km2 < 1000) return `${km2.toFixed(1)} km²`
  return `${Math.round(km2).toLocaleString('en')} km²`
}
