import { featureCollection, intersect, kinks, feature as turfFeature } from '@turf/turf'
import { type AreaGeometry, areaKm2, fromTurf, toTurf } from '../geometries/coverage'
import { PRIORITY_FACTORS, TASKING_RATES } from './state'
import type { S, Scene } from '../world/types'

/** What an order costs, feature by feature, and the geometry rules it must meet first (area, vertices, shape). */

export type Area2D = AreaGeometry

/** Credits per km² (or per scene) of archive collections; tasking rates per km². */
export const ARCHIVE_PRICES: Record<string, { rate: number; unit: S['EstimateUnit'] }> = {
  phr: { rate: 10, unit: 'SQ_KM' },
  pneo: { rate: 20, unit: 'SQ_KM' },
  spot: { rate: 2, unit: 'SQ_KM' },
  // Capella archive scenes are sold whole: one price per scene whatever the AOI.
  'capella-gec': { rate: 375, unit: 'SCENE' },
  'blacksky-archive': { rate: 8, unit: 'SQ_KM' },
  'nsl-30cm': { rate: 12, unit: 'SQ_KM' },
}
/** Archive orders are billed at least this many km². */
export const MIN_BILLED_KM2 = 25
export const AREA_LIMITS: Record<'ARCHIVE' | 'TASKING', { min: number; max: number }> = {
  ARCHIVE: { min: 0.25, max: 5_000 },
  TASKING: { min: 0.25, max: 10_000 },
}
/** Beyond this, self-intersection checks get expensive and no real AOI needs more. */
export const MAX_VERTICES = 1_000
/** One order per feature: a cap keeps a single request from creating thousands of orders. */
export const MAX_FEATURES = 100

const round2 = (n: number) => Math.round(n * 100) / 100

export interface PricedFeature {
  index: number
  geometry: Area2D
  /** Area of the geometry itself, km². */
  areaKm2: number
  size: number
  credits: number
  unit: S['EstimateUnit']
}

export type FeatureCheck = { ok: true; value: PricedFeature } | { ok: false; error: S['FeatureError'] }

const featureError = (index: number, message: string, details: string | null): FeatureCheck => ({
  ok: false,
  error: { index, message, details },
})

/** Plain-data checks turf does not make: finite, in range, closed rings, bounded size. */
function shapeProblem(g: Area2D): string | null {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates
  let vertices = 0
  for (const rings of polygons) {
    for (const ring of rings) {
      if (ring.length < 4) return 'a ring needs at least 4 positions'
      vertices += ring.length
      for (const p of ring) {
        const [lon, lat] = p
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'coordinates must be finite numbers'
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
          return 'coordinates must be longitude -180..180 and latitude -90..90'
      }
      const first = ring[0]
      const last = ring[ring.length - 1]
      if (first[0] !== last[0] || first[1] !== last[1])
        return 'rings must be closed (first position equal to the last)'
    }
  }
  if (vertices > MAX_VERTICES)
    return `the geometry has ${vertices} vertices; at most ${MAX_VERTICES} are allowed`
  return null
}

/** The AOI ∩ scene footprint, or null when they do not overlap. */
export function clipToFootprint(aoi: Area2D, footprint: Area2D): Area2D | null {
  const hit = intersect(featureCollection([turfFeature(toTurf(aoi)), turfFeature(toTurf(footprint))]))
  return hit ? fromTurf(hit.geometry) : null
}

export interface PricingContext {
  type: 'ARCHIVE' | 'TASKING'
  collectionName: string
  params: Record<string, unknown>
  /** Archive only: the ordered scene. */
  scene?: Scene
}

/** Validates one feature's geometry and prices it. Any failure is a per-feature error, never a throw. */
export function priceFeature(
  ctx: PricingContext,
  index: number,
  geometry: S['GeoJsonGeometry'],
): FeatureCheck {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
    return featureError(
      index,
      'Invalid geometry',
      `${geometry.type} is not supported; send a Polygon or MultiPolygon`,
    )
  }
  const g: Area2D = geometry
  const shape = shapeProblem(g)
  if (shape) return featureError(index, 'Invalid geometry', shape)
  let size: number
  let credits: number
  let unit: S['EstimateUnit']
  let km2: number
  try {
    if (kinks(toTurf(g)).features.length > 0)
      return featureError(index, 'Invalid geometry', 'the geometry intersects itself')
    km2 = areaKm2(g)
    const limits = AREA_LIMITS[ctx.type]
    if (km2 < limits.min)
      return featureError(
        index,
        'Area too small',
        `${round2(km2)} km² is below the minimum of ${limits.min} km²`,
      )
    if (km2 > limits.max)
      return featureError(
        index,
        'Area too large',
        `${round2(km2)} km² is above the maximum of ${limits.max} km²`,
      )
    if (ctx.type === 'ARCHIVE') {
      const price = ARCHIVE_PRICES[ctx.collectionName] ?? { rate: 10, unit: 'SQ_KM' }
      const footprint = ctx.scene?.feature.geometry
      const clipped = footprint ? clipToFootprint(g, footprint) : g
      if (!clipped)
        return featureError(
          index,
          'AOI outside the scene',
          'the area of interest does not intersect the footprint of the ordered scene',
        )
      unit = price.unit
      if (unit === 'SCENE') {
        size = 1
        credits = price.rate
      } else {
        size = round2(Math.max(areaKm2(clipped), MIN_BILLED_KM2))
        credits = Math.ceil(size * price.rate)
      }
    } else {
      const rate = TASKING_RATES[ctx.collectionName] ?? 20
      const priority = typeof ctx.params.priority === 'string' ? ctx.params.priority : 'standard'
      unit = 'SQ_KM'
      size = round2(km2)
      credits = Math.ceil(km2 * rate * (PRIORITY_FACTORS[priority] ?? 1))
    }
  } catch (e) {
    // turf gives up on some degenerate shapes (e.g. zero-width rings); that is the client's geometry, not a bug.
    return featureError(
      index,
      'Invalid geometry',
      e instanceof Error ? e.message : 'the geometry cannot be processed',
    )
  }
  return { ok: true, value: { index, geometry: g, areaKm2: km2, size, credits, unit } }
}
