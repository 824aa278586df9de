import { kinks, polygon } from '@turf/turf'

/**
 * The service's rules for areas of interest (AOIs): WGS84 longitude/latitude polygons, closed rings, no Z,
 * no self-intersection. Checks take `unknown` on purpose: a caller may hand over anything a client sent,
 * and a bad value must become a readable reason, never an exception.
 */

export interface GeometryIssue {
  /** Dotted path of the offending member, e.g. `featureCollection.features.0.geometry.coordinates.0`. */
  name: string
  reason: string
}

/**
 * Self-intersection checking is quadratic in the number of vertices; beyond this many positions a request
 * could keep the simulator busy for seconds, so it is refused with advice instead.
 */
export const MAX_AOI_POSITIONS = 10_000
/** Enough reasons to fix a shape; a huge broken collection would otherwise produce thousands. */
const MAX_ISSUES = 20

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks a FeatureCollection of AOIs. Returns the problems found; empty means it is acceptable. */
export function aoiFeatureCollectionIssues(value: unknown, name = 'featureCollection'): GeometryIssue[] {
  if (!isRecord(value)) return [{ name, reason: 'must be a GeoJSON FeatureCollection object' }]
  if (value.type !== 'FeatureCollection')
    return [{ name: `${name}.type`, reason: 'must be "FeatureCollection"' }]
  const features = value.features
  if (!Array.isArray(features)) return [{ name: `${name}.features`, reason: 'must be a list of features' }]
  if (features.length === 0)
    return [
      {
        name: `${name}.features`,
        reason: 'must contain at least one feature (an empty collection has no area)',
      },
    ]
  const budget = { positions: 0 }
  const issues: GeometryIssue[] = []
  for (const [i, feature] of features.entries()) {
    const at = `${name}.features.${i}`
    if (!isRecord(feature) || feature.type !== 'Feature') {
      issues.push({ name: at, reason: 'must be a GeoJSON Feature (type "Feature" with a geometry)' })
    } else {
      issues.push(...aoiGeometryIssues(feature.geometry, `${at}.geometry`, budget))
    }
    if (budget.positions > MAX_AOI_POSITIONS) {
      return [
        {
          name,
          reason: `has more than ${MAX_AOI_POSITIONS} vertices in all; simplify the shapes and try again`,
        },
      ]
    }
    if (issues.length >= MAX_ISSUES) break
  }
  return issues.slice(0, MAX_ISSUES)
}

/** Checks one AOI geometry: a Polygon or MultiPolygon. `budget` counts positions across calls. */
export function aoiGeometryIssues(
  geometry: unknown,
  name = 'geometry',
  budget = { positions: 0 },
): GeometryIssue[] {
  if (!isRecord(geometry))
    return [{ name, reason: 'is missing; every feature needs a Polygon or MultiPolygon geometry' }]
  const type = geometry.type
  if (type === 'Point' || type === 'MultiPoint' || type === 'LineString' || type === 'MultiLineString') {
    return [
      {
        name: `${name}.type`,
        reason: `is ${type}, but an area of interest must be a Polygon or MultiPolygon (points and lines have no area)`,
      },
    ]
  }
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    return [{ name: `${name}.type`, reason: 'must be "Polygon" or "MultiPolygon"' }]
  }
  const coords = geometry.coordinates
  if (!Array.isArray(coords) || coords.length === 0) {
    return [
      {
        name: `${name}.coordinates`,
        reason:
          type === 'Polygon' ? 'must be a non-empty list of rings' : 'must be a non-empty list of polygons',
      },
    ]
  }
  if (type === 'Polygon') return polygonIssues(coords, `${name}.coordinates`, budget)
  const issues: GeometryIssue[] = []
  for (const [p, poly] of coords.entries()) {
    if (!Array.isArray(poly) || poly.length === 0) {
      issues.push({
        name: `${name}.coordinates.${p}`,
        reason: 'must be a non-empty list of rings (one polygon)',
      })
    } else {
      issues.push(...polygonIssues(poly, `${name}.coordinates.${p}`, budget))
    }
    if (issues.length >= MAX_ISSUES || budget.positions > MAX_AOI_POSITIONS) break
  }
  return issues
}

type Ring = [number, number][]

function polygonIssues(rings: unknown[], name: string, budget: { positions: number }): GeometryIssue[] {
  const issues: GeometryIssue[] = []
  const clean: Ring[] = []
  for (const [r, ring] of rings.entries()) {
    const at = `${name}.${r}`
    const what = r === 0 ? 'the outer ring' : `hole ${r}`
    if (!Array.isArray(ring)) {
      issues.push({ name: at, reason: `(${what}) must be a list of [longitude, latitude] positions` })
      continue
    }
    budget.positions += ring.length
    if (budget.positions > MAX_AOI_POSITIONS) return issues
    const positions: Ring = []
    let bad: GeometryIssue | undefined
    for (const [k, pos] of ring.entries()) {
      const reason = positionProblem(pos)
      // One bad position per ring is reported: the same mistake usually repeats on every vertex.
      if (reason) {
        bad = { name: `${at}.${k}`, reason }
        break
      }
      positions.push([(pos as number[])[0], (pos as number[])[1]])
    }
    if (bad) {
      issues.push(bad)
      continue
    }
    if (positions.length < 4) {
      issues.push({
        name: at,
        reason: `(${what}) has ${positions.length} positions; a ring needs at least 4 (three corners plus the first repeated at the end)`,
      })
      continue
    }
    const first = positions[0]
    const last = positions[positions.length - 1]
    if (first[0] !== last[0] || first[1] !== last[1]) {
      issues.push({
        name: at,
        reason: `(${what}) is not closed: its last position must repeat the first, [${first.join(', ')}]`,
      })
      continue
    }
    // A vertex repeated in a row adds no segment; it is harmless and is dropped before the shape checks.
    const deduped = positions.filter(
      (p, k) => k === 0 || p[0] !== positions[k - 1][0] || p[1] !== positions[k - 1][1],
    )
    if (deduped.length < 4) {
      issues.push({ name: at, reason: `(${what}) has fewer than 3 distinct corners, so it encloses no area` })
      continue
    }
    clean.push(deduped)
  }
  if (issues.length > 0 || clean.length !== rings.length) return issues
  // Checked per polygon: parts of a MultiPolygon may share an edge, which turf would report as a crossing.
  const crossing = firstCrossing(clean)
  if (crossing) {
    issues.push({
      name,
      reason: `intersects itself (edges cross near longitude ${round(crossing[0])}, latitude ${round(crossing[1])}); draw the outline without crossing lines`,
    })
    return issues
  }
  // After the crossing check: a bow tie also has zero signed area, and "crosses itself" says more.
  for (const [r, ring] of clean.entries()) {
    if (Math.abs(ringArea(ring)) < 1e-12) {
      issues.push({
        name: `${name}.${r}`,
        reason: `(${r === 0 ? 'the outer ring' : `hole ${r}`}) encloses no area: its corners lie on one line`,
      })
    }
  }
  return issues
}

function positionProblem(pos: unknown): string | null {
  if (!Array.isArray(pos)) return 'must be a [longitude, latitude] position'
  if (pos.length === 3) return 'has a third (Z, height) coordinate; only [longitude, latitude] is accepted'
  if (pos.length !== 2) return `must have exactly 2 numbers, [longitude, latitude]; it has ${pos.length}`
  const [lon, lat] = pos as unknown[]
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    return 'must hold two finite numbers, [longitude, latitude]'
  }
  if (lon < -180 || lon > 180) return `has longitude ${round(lon)}, outside -180..180 (WGS84 degrees)`
  if (lat < -90 || lat > 90)
    return `has latitude ${round(lat)}, outside -90..90 (WGS84 degrees; is the order [longitude, latitude]?)`
  return null
}

function firstCrossing(rings: Ring[]): number[] | undefined {
  try {
    return kinks(polygon(rings)).features[0]?.geometry.coordinates
  } catch {
    // turf refuses rings it considers malformed; the checks above should make that impossible, and a
    // crash would be a 500, so such a shape is reported as crossing itself instead.
    return rings[0][0]
  }
}

/** Planar shoelace area in square degrees: only its being zero matters here. */
function ringArea(ring: Ring): number {
  let a = 0
  for (let i = 0; i < ring.length - 1; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1]
  return a / 2
}

const round = (n: number) => Math.round(n * 1e5) / 1e5

/** The reasons as one sentence for a problem's `detail`. */
export function describeIssues(issues: GeometryIssue[]): string {
  const shown = issues.slice(0, 3).map((i) => `${i.name} ${i.reason}`)
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
  return `The geometry is not a valid area of interest: ${shown.join('; ')}${more}.`
}
