import type { MultiPolygon, Polygon } from 'geojson'
import { useMemo, useRef, useState } from 'react'
import { basketKey, type BasketScene } from '../../components/basket/basket-store'
import { polygonsOf } from '../../lib/geo/rings'
import type { Collection } from '../../data/orders/scene-line'
import type { CoveragePlan, PlanGoal } from './coverage-plan'
import { DEFAULT_TARGET } from './plan-defaults'
import { runPlan } from './run-plan'
import { BASKET_ESTIMATE_LIMIT, useBasketEstimates } from './use-basket-estimates'
import { asBasketScene } from './use-scene-actions'
import { footprintOf, sceneTime, type SceneRow } from './words'

export interface PlanSettings {
  goal: PlanGoal
  /** Share of the AOI to cover, in percent. */
  targetPercent: number
  /** Scenes cloudier than this (percent) are left out; null: no limit. */
  maxCloud: number | null
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = {
  goal: 'price',
  targetPercent: DEFAULT_TARGET * 100,
  maxCloud: null,
}

/** A plan and what it was made of: a new search or new prices make it stale. */
interface Made {
  plan: CoveragePlan
  rows: readonly SceneRow[]
  settings: PlanSettings
  /** The rows of the plan's scenes, in its order. */
  chosen: SceneRow[]
  /** The plan's scenes as the basket keeps them, each with its part of the AOI to order. */
  scenes: BasketScene[]
}

/**
 * "Plan coverage" for the results of an AOI search: the settings, the prices (the service's estimates for
 * the AOI's part of the scenes that cover most of it, at most the basket's 25 asks and in its cache, so the
 * basket and the checkout reuse them), and the plan, made off the main thread when the analyst asks.
 */
export function useCoveragePlan(
  rows: readonly SceneRow[],
  aoi: readonly Polygon[],
  collections: readonly Collection[] | undefined,
  open: boolean,
) {
  const [settings, setSettings] = useState<PlanSettings>(DEFAULT_PLAN_SETTINGS)
  const [made, setMade] = useState<Made | null>(null)
  const [planning, setPlanning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const asked = useRef(0)

  const candidates = useMemo(() => rows.filter((r) => (r.coverage ?? 0) > 0), [rows])
  // The scenes worth pricing: the ones that cover most of the area are the ones a plan is made of.
  const priced = useMemo(
    () =>
      open
        ? [...candidates]
            .sort((a, b) => (b.coverage ?? 0) - (a.coverage ?? 0))
            .slice(0, BASKET_ESTIMATE_LIMIT)
            .map((r) => asBasketScene(r.scene, r.host))
        : [],
    [open, candidates],
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
  const pricing = priced.filter((s) => estimates.of(s).kind === 'loading').length

  // The plan uses the prices shown when it is asked for.
  const run = async () => {
    if (aoi.length === 0 || candidates.length === 0) return
    const id = ++asked.current
    setPlanning(true)
    setError(null)
    const byKey = new Map(candidates.map((r) => [basketKey({ host: r.host, id: r.scene.properties.id }), r]))
    try {
      const area: Polygon | MultiPolygon =
        aoi.length === 1 ? aoi[0] : { type: 'MultiPolygon', coordinates: aoi.map((p) => p.coordinates) }
      const result = await runPlan(
        area,
        [...byKey].map(([key, r]) => ({
          id: key,
          footprint: footprintOf(r.scene),
          cloud: r.scene.properties.cloudCoverage ?? null,
          acquired: sceneTime(r.scene),
          price: priceOf(r),
          ...pricingOf(r),
        })),
        {
          goal: settings.goal,
          target: settings.targetPercent / 100,
          maxCloud: settings.maxCloud,
          now: Date.now(),
        },
      )
      if (id !== asked.current) return
      setMade({
        plan: result,
        rows,
        settings,
        chosen: result.scenes.flatMap((s) => byKey.get(s.id) ?? []),
        scenes: result.scenes.flatMap((s) => {
          const r = byKey.get(s.id)
          return r
            ? [{ ...asBasketScene(r.scene, r.host), ...(s.part ? { part: polygonsOf(s.part) } : {}) }]
            : []
        }),
      })
    } catch (e) {
      if (id === asked.current)
        setError(`The plan could not be made (${e instanceof Error ? e.message : String(e)}). Try again.`)
    } finally {
      if (id === asked.current) setPlanning(false)
    }
  }

  // A plan belongs to the results it was made from: another search or page drops it.
  const current = made && made.rows === rows ? made : null
  // The plan's lines priced by the service with exactly the requests the checkout will send (each scene over
  // its part), in the basket's cache: what the panel shows is what the checkout estimates.
  const lines = useBasketEstimates(current?.scenes ?? [], collections)
  return {
    settings,
    setSettings,
    plan: current?.plan ?? null,
    chosen: current?.chosen ?? [],
    /** The plan's scenes for the basket, each with its part. */
    scenes: current?.scenes ?? [],
    /** The service's estimate of each of the plan's lines, and their total once all are known. */
    lineEstimate: (i: number) => (current ? lines.of(current.scenes[i]) : null),
    linesTotal: lines.total,
    /** The settings changed since the plan shown was made. */
    outdated: current !== null && current.settings !== settings,
    planning,
    error,
    /** Estimates still on their way, of `priced`. */
    pricing,
    priced: priced.length,
    candidates: candidates.length,
    run,
    priceOf,
  }
}
