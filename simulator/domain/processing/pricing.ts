import { areaKm2, rect } from '../geometries/coverage'
import type { S, StacItemRecord } from '../world/types'
import { type ProcessDef } from './processes'

/** What a job costs: by the first input item's footprint (SQ_KM) or per job. */

export type Footprint = S['Polygon'] | S['MultiPolygon']

/** The item's footprint as a polygon: its geometry, or its bbox when it has none (or only a point). */
export function footprintOf(item: S['StacItem']): Footprint | undefined {
  const g = item.geometry
  if (g && (g.type === 'Polygon' || g.type === 'MultiPolygon')) return g
  const b = item.bbox
  if (b && b.length >= 4) {
    const [w, s, e, n] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : b
    return rect(w, s, e, n)
  }
  return undefined
}

/** A footprint's area in km², to the hundredth, as prices state it. */
function footprintKm2(geometry: Footprint | undefined): number {
  const km2 = geometry ? areaKm2(geometry) : 0
  return Number.isFinite(km2) ? Math.round(km2 * 100) / 100 : 0
}

export function priceOf(def: ProcessDef, items: Record<string, StacItemRecord>): S['JobPrice'] {
  if (def.price.unit === 'SQ_KM') {
    const rec = items[def.itemInputs[0]]
    const size = rec ? footprintKm2(footprintOf(rec.item)) : 0
    return {
      pricingStrategy: 'area',
      totalCredits: Math.max(1, Math.ceil(size * def.price.credits)),
      totalSize: size,
      unit: 'SQ_KM',
    }
  }
  return { pricingStrategy: 'none', totalCredits: def.price.credits }
}
