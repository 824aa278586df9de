import type { PlanCandidate } from './plan-types'

/** The coverage plan's prices (./coverage-plan.ts): each candidate's rate from its estimate, and a line's cost. */

/**
 * What a part of a scene costs, learnt from the scene's estimate for its whole share of the AOI: a scene
 * billed by area costs `perKm2` for each km² ordered, at least `minKm2` billed (a minimum the service shows
 * by billing a small share for more than its area); a scene sold whole costs `fixed` whatever the area. A
 * scene whose price is not known costs the dearest known rate, so the plan does not lean on it.
 */
export interface Pricing {
  perKm2: Float64Array
  /** Credits whatever the area, for scenes sold whole; NaN for scenes billed by area. */
  fixed: Float64Array
  minKm2: number
  known: Uint8Array
}

export const finite = (x: number | null | undefined): x is number =>
  typeof x === 'number' && Number.isFinite(x)

export function pricingOf(pool: readonly PlanCandidate[], insideKm2: (k: number) => number): Pricing {
  const n = pool.length
  const perKm2 = new Float64Array(n).fill(NaN)
  const fixed = new Float64Array(n).fill(NaN)
  const known = new Uint8Array(n)
  let minKm2 = 0
  pool.forEach((c, k) => {
    if (!finite(c.price)) return
    known[k] = 1
    const price = Math.max(0, c.price)
    if (c.priceUnit === 'scene') {
      fixed[k] = price
      return
    }
    const inside = insideKm2(k)
    const billed = finite(c.billedKm2) && c.billedKm2 > 0 ? c.billedKm2 : inside
    perKm2[k] = billed > 0 ? price / billed : 0
    // Billed for well over its share of the AOI (the cells' figure is a few percent off at most).
    if (billed > inside * 1.25 + 0.5) minKm2 = Math.max(minKm2, billed)
  })
  const rates = [...perKm2].filter(Number.isFinite)
  const wholes = [...fixed].filter(Number.isFinite)
  const dearestRate = rates.length > 0 ? Math.max(...rates) : 1
  pool.forEach((_, k) => {
    if (known[k]) return
    if (rates.length === 0 && wholes.length > 0) fixed[k] = Math.max(...wholes)
    else perKm2[k] = dearestRate
  })
  return { perKm2, fixed, minKm2, known }
}

/** What ordering `km2` of the AOI from candidate k costs, before the service rounds it. */
export function lineCost(pricing: Pricing, k: number, km2: number): number {
  if (!(km2 > 0)) return 0
  return Number.isFinite(pricing.fixed[k])
    ? pricing.fixed[k]
    : pricing.perKm2[k] * Math.max(km2, pricing.minKm2)
}
