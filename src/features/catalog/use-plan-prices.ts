import { useMemo } from 'react'
import type { BasketScene } from '../../components/basket/basket-store'
import type { Collection } from '../../data/orders/scene-line'
import { BASKET_ESTIMATE_LIMIT, useBasketEstimates } from './use-basket-estimates'
import { asBasketScene } from './use-scene-actions'
import type { SceneRow } from './words'

/**
 * The prices a coverage plan is made with: the service's estimates for the AOI's part of the candidates that
 * cover most of it, at most the basket's 25 asks and in its cache, so the basket and the checkout reuse them.
 * Called by the plan's panel, which loads when first opened.
 */
export function usePlanPrices(
  candidates: readonly SceneRow[],
  collections: readonly Collection[] | undefined,
  /** The plan's scenes, each over its part: the lines it puts in the basket. */
  planScenes: readonly BasketScene[],
) {
  // The scenes worth pricing: the ones that cover most of the area are the ones a plan is made of.
  const priced = useMemo(
    () =>
      [...candidates]
        .sort((a, b) => (b.coverage ?? 0) - (a.coverage ?? 0))
        .slice(0, BASKET_ESTIMATE_LIMIT)
        .map((r) => asBasketScene(r.scene, r.host)),
    [candidates],
  )
  const estimates = useBasketEstimates(priced, collections)
  const priceOf = (r: SceneRow): number | null => {
    const e = estimates.of(asBasketScene(r.scene, r.host))
    return e.kind === 'credits' ? e.credits : null
  }
  /** How a scene's price follows the area ordered, from its estimate (decision 35: parts are priced so). */
  const pricingOf = (r: SceneRow) => {
    const e = estimates.of(asBasketScene(r.scene, r.host))
    return e.kind === 'credits'
      ? { priceUnit: e.unit === 'SCENE' ? ('scene' as const) : ('area' as const), billedKm2: e.size ?? null }
      : {}
  }
  // The plan's lines priced by the service with exactly the requests the checkout will send (each scene over
  // its part), in the basket's cache: what the panel shows is what the checkout estimates.
  const lines = useBasketEstimates(planScenes, collections)
  return {
    priceOf,
    pricingOf,
    /** The service's estimate of each of the plan's lines, and their total once all are known. */
    lineEstimate: (i: number) => (planScenes[i] ? lines.of(planScenes[i]) : null),
    linesTotal: lines.total,
    /** Estimates still on their way. */
    pricing: priced.filter((s) => estimates.of(s).kind === 'loading').length,
    /** How many scenes are priced. */
    priced: priced.length,
  }
}
