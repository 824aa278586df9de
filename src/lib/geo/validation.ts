import type { Polygon } from 'geojson'
import { area as turfArea } from '@turf/turf'
import { formatArea, formatLonLat } from '../format'
import { AOI_LIMITS, type AoiIssue, type AoiLimits } from './aoi-rules'
import { normalisePoint, ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { ringsCrossings } from './crossings'
import {
  closeRing,
  corners,
  dedupe,
  encloses,
  isClosed,
  isRecord,
  precisionFor,
  round,
  toPolygon,
  type Ring,
} from './rings'

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
  // The cheap limit first: an AOI over the service's count is refused whatever else it is, and the crossing
  // check, the one costly step, is not run on it (a link or a stored draft may carry any number of points).
  const reads = list.map(readPolygonStrict)
  let positions = 0
  for (const read of reads)
    if (read.ok) positions += read.rings.reduce((n, r) => n + (isClosed(r) ? r.length : r.length + 1), 0)
  const overLimit = positions > limits.maxVertices
  for (const [index, read] of reads.entries()) {
    const name = many ? `Area ${index + 1}` : 'The area'
    const outline = many ? `The outline of area ${index + 1}` : 'The outline'
    if (!read.ok) {
      issues.push({ ...read.issue(name), severity: 'error', polygonIndex: index })
      continue
    }
    const raw = read.rings
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
    const [first] = overLimit ? [] : ringsCrossings(shape, 1)
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
  if (overLimit) {
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

export function readPolygonStrict(value: unknown): StrictRead {
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
