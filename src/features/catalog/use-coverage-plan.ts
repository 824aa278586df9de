import type { MultiPolygon, Polygon } from 'geojson'
import { useMemo, useRef, useState } from 'react'
import { basketKey, type BasketScene } from '../../components/basket/basket-store'
import { polygonsOf } from '../../lib/geo/rings'
import type { CoveragePlan, PlanGoal } from './coverage-plan'
import { DEFAULT_TARGET } from './plan-defaults'
import { runPlan } from './run-plan'
import { asBasketScene } from './use-scene-actions'
import { footprintOf, sceneTime, type SceneRow } from './words'

/** What a plan is priced with (`usePlanPrices`, in the panel): each scene's price and how it follows the area. */
export interface PlanPrices {
  priceOf: (r: SceneRow) => number | null
  pricingOf: (r: SceneRow) => { priceUnit?: 'scene' | 'area'; billedKm2?: number | null }
}

const NO_SCENES: BasketScene[] = []

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
  /** The plan's scenes for the basket, each with the part of the AOI it is ordered over. */
  scenes: BasketScene[]
}

/**
 * "Plan coverage" for the results of an AOI search: the settings and the plan, made off the main thread when
 * the analyst asks, with the prices the panel shows then (`usePlanPrices`, called by the panel: pricing a
 * scene needs the order forms' model and the AOI clipping, which the page's first load does without). The
 * plan is the page's, not the panel's: it stays on the map and comes back with the panel until another search.
 */
export function useCoveragePlan(rows: readonly SceneRow[], aoi: readonly Polygon[]) {
  const [settings, setSettings] = useState<PlanSettings>(DEFAULT_PLAN_SETTINGS)
  const [made, setMade] = useState<Made | null>(null)
  const [planning, setPlanning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const asked = useRef(0)

  const candidates = useMemo(() => rows.filter((r) => (r.coverage ?? 0) > 0), [rows])

  // The plan uses the prices shown when it is asked for.
  const run = async ({ priceOf, pricingOf }: PlanPrices) => {
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
  return {
    settings,
    setSettings,
    plan: current?.plan ?? null,
    chosen: current?.chosen ?? [],
    /** The plan's scenes for the basket, each with its part. */
    scenes: current?.scenes ?? NO_SCENES,
    /** The settings changed since the plan shown was made. */
    outdated: current !== null && current.settings !== settings,
    planning,
    error,
    /** The results that cover some of the area: what a plan chooses among. */
    candidates,
    run,
  }
}
