import { area, difference, intersect, union } from '@turf/turf'
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import type { S } from '../world/types'

/**
 * Geometry maths of the tasking area: areas, the strips a tasking order is delivered in, and
 * the covered/remainder split of GET /v2/coverage/orders/{id}. Turf can throw on pathological input, so every
 * entry point here either validates first or falls back to a safe answer: bad input must never be a 500.
 */

export type AreaGeometry = S['Polygon'] | S['MultiPolygon']
export type AnyGeometry = AreaGeometry | S['Point']

/**
 * Kilometres in a degree of latitude, and in a degree of longitude at the equator (a sphere's figure; away
 * from it a degree of longitude is this times the cosine of the latitude). The simulator's one figure for it.
 */
export const KM_PER_DEG_LAT = 111.32
/** Side of the square scene a Point order stands for, km: a point has no area to cover. */
export const POINT_SCENE_KM = 5

export const toTurf = (g: AreaGeometry): Polygon | MultiPolygon =>
  g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates }
    : { type: 'MultiPolygon', coordinates: g.coordinates }

export const fromTurf = (g: Polygon | MultiPolygon): AreaGeometry =>
  g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates }
    : { type: 'MultiPolygon', coordinates: g.coordinates }

const feature = (g: Polygon | MultiPolygon): Feature<Polygon | MultiPolygon> => ({
  type: 'Feature',
  geometry: g,
  properties: {},
})
const collection = (...gs: (Polygon | MultiPolygon)[]): FeatureCollection<Polygon | MultiPolygon> => ({
  type: 'FeatureCollection',
  features: gs.map(feature),
})

const rings = (g: AreaGeometry): number[][][] => (g.type === 'Polygon' ? g.coordinates : g.coordinates.flat())

/** A rectangle [west, south, east, north] as a polygon. */
export function rect(w: number, s: number, e: number, n: number): S['Polygon'] {
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

/** A rectangle of the given size in km around a centre, for seed AOIs and scene footprints. */
export function rectAround(lon: number, lat: number, widthKm: number, heightKm: number): S['Polygon'] {
  const dLat = heightKm / 2 / KM_PER_DEG_LAT
  const dLon = widthKm / 2 / (KM_PER_DEG_LAT * Math.max(0.05, Math.cos((lat * Math.PI) / 180)))
  return rect(round6(lon - dLon), round6(lat - dLat), round6(lon + dLon), round6(lat + dLat))
}

/** The area an order is to cover: its polygon, or the scene square around its point. */
export function aoiOf(g: AnyGeometry): AreaGeometry {
  if (g.type !== 'Point') return g
  return rectAround(g.coordinates[0], g.coordinates[1], POINT_SCENE_KM, POINT_SCENE_KM)
}

/** Area in km² on the sphere; 0 for a point, and for what turf cannot measure (never a 500). */
export function areaKm2(g: AnyGeometry): number {
  if (g.type === 'Point') return 0
  try {
    return area(toTurf(g)) / 1e6
  } catch {
    return 0
  }
}

export function bboxOfArea(g: AnyGeometry): [number, number, number, number] {
  const pts = g.type === 'Point' ? [g.coordinates] : rings(g).flat()
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const p of pts) {
    w = Math.min(w, p[0])
    e = Math.max(e, p[0])
    s = Math.min(s, p[1])
    n = Math.max(n, p[1])
  }
  return [w, s, e, n]
}

function intersection(a: AreaGeometry, b: AreaGeometry): AreaGeometry | null {
  try {
    const r = intersect(collection(toTurf(a), toTurf(b)))
    return r ? fromTurf(r.geometry) : null
  } catch {
    return null
  }
}

/**
 * Cuts the AOI into west-to-east strips whose cumulative share of its area reaches each of `fractions`
 * (the last must be 1). Each strip is a rectangle reaching a little beyond the AOI, as a satellite scene
 * does; the cut longitudes come from a bisection on the covered share, so the shares hold for any shape.
 */
export function deliveryStrips(aoiGeometry: AnyGeometry, fractions: readonly number[]): S['Polygon'][] {
  const aoi = aoiOf(aoiGeometry)
  const [w, s, e, n] = bboxOfArea(aoi)
  const padX = Math.max((e - w) * 0.02, 1e-4)
  const padY = Math.max((n - s) * 0.02, 1e-4)
  const total = areaKm2(aoi)
  const share = (x: number): number => {
    const part = intersection(aoi, rect(w - padX, s - padY, x, n + padY))
    return part && total > 0 ? areaKm2(part) / total : 0
  }
  const cuts = [w - padX]
  for (const f of fractions) {
    if (f >= 1) {
      cuts.push(e + padX)
      continue
    }
    let lo = cuts[cuts.length - 1]
    let hi = e
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2
      if (share(mid) < f) lo = mid
      else hi = mid
    }
    cuts.push(hi)
  }
  return fractions.map((_, i) =>
    rect(round6(cuts[i]), round6(s - padY), round6(cuts[i + 1]), round6(n + padY)),
  )
}

const round2 = (v: number) => Math.round(v * 100) / 100
const round6 = (v: number) => Math.round(v * 1e6) / 1e6

const featureCollection = (g: AreaGeometry | null): S['FeatureCollection'] => ({
  type: 'FeatureCollection',
  features: g ? [{ type: 'Feature', geometry: g, properties: {} }] : [],
})

/**
 * Covered = union of the delivered footprints clipped to the AOI; remainder = AOI minus covered. Areas in
 * km² and percentages of the AOI, rounded to two decimals with the remainder taking the rounding, so the
 * two percentages always add up to exactly 100.
 */
export function coverageOf(aoiGeometry: AnyGeometry, delivered: readonly AreaGeometry[]): S['Coverage'] {
  const aoi = aoiOf(aoiGeometry)
  const total = areaKm2(aoi)
  let footprint: AreaGeometry | null = null
  try {
    if (delivered.length === 1) footprint = delivered[0]
    else if (delivered.length > 1) {
      const u = union(collection(...delivered.map(toTurf)))
      footprint = u ? fromTurf(u.geometry) : null
    }
  } catch {
    footprint = null
  }
  const covered = footprint ? intersection(aoi, footprint) : null
  let remainder: AreaGeometry | null = aoi
  if (covered) {
    try {
      const d = difference(collection(toTurf(aoi), toTurf(covered)))
      remainder = d ? fromTurf(d.geometry) : null
    } catch {
      remainder = aoi
    }
  }
  const coveredKm = covered ? Math.min(areaKm2(covered), total) : 0
  const pct = total > 0 ? round2((100 * coveredKm) / total) : 0
  // Slivers left by floating-point clipping are not a remainder anyone can task again.
  const remainderGeometry = pct >= 100 || !remainder || areaKm2(remainder) < 1e-6 ? null : remainder
  return {
    covered: { sqKmArea: round2(coveredKm), percentage: pct, geometry: featureCollection(covered) },
    remainder: {
      sqKmArea: round2(Math.max(0, total - coveredKm)),
      percentage: round2(100 - pct),
      geometry: featureCollection(remainderGeometry),
    },
  }
}
