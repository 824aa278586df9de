import type { MultiPolygon, Polygon } from 'geojson'
import { polygonsOf } from '../../lib/geo/rings'
import { prepareCoverage } from './coverage'
import { DEFAULT_TARGET } from './plan-defaults'
import { buildModel, choose, costsOf, takingOrder, type Model } from './plan-choice'
import { partsOf, sampleAoi, type Area } from './plan-grid'
import {
  draft,
  final,
  km2Of,
  mergedAoi,
  measureCells,
  sizeLines,
  TOLERANCE,
  type Made,
  type Share,
} from './plan-lines'
import { finite, lineCost } from './plan-pricing'
import type { CoveragePlan, PlanCandidate, PlanGoal, PlanOptions } from './plan-types'

/**
 * "Plan coverage" (issue 28 §3, cover the area for less): a set of scenes from a search's results that together
 * cover at least a share of the AOI, chosen for the least price, cloud, age or number of scenes.
 *
 * Choosing works on a sample: the AOI is cut into a few thousand cells of equal size on the ground (a grid in
 * longitude scaled by the cosine of the latitude, each cell weighted by the cosine at its row, so wide AOIs
 * stay fair), and each candidate becomes the set of cells whose centre it covers. Greedy weighted set cover
 * then picks, again and again, the scene with the lowest cost per newly covered area, and a pruning pass
 * drops scenes the others make unnecessary. What the plan then reports (coverage, each scene's share, the
 * covered and uncovered shapes) is measured exactly, by polygon clipping, on the chosen scenes, so the cells
 * only steer the choice; should the exact figure fall short of a target the cells said was met, scenes are
 * added for what is still uncovered.
 *
 * Each chosen scene is ordered over its own part of the AOI only: the AOI clipped to the scene, less what the
 * scenes before it in the plan deliver (decision 35). The service bills archive scenes by the area ordered,
 * so an overlap is paid once; the plan lists the scenes in the order that gives each place to the scene that
 * sells it cheapest (least cloudy, newest for those goals), and prices each part from the scene's estimate.
 * "Least price" also weighs every other goal's plan on the same candidates and keeps the cheapest, so it is
 * never beaten by one of them.
 *
 * Pure and synchronous, plain GeoJSON in and out, so it can move to a worker. It loads turf's clipper
 * (16 KiB gzip), so the catalog should import it only when the analyst asks for a plan. Longitudes are taken as
 * given: an AOI or footprint crossing the antimeridian must be split first.
 */

export type { CoveragePlan, PlanCandidate, PlanGoal, PlannedScene, PlanOptions } from './plan-types'

const DEFAULT_CELLS = 4096

const byId = (a: PlanCandidate, b: PlanCandidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * Chooses scenes that together cover `options.target` of the AOI at the least cost under `options.goal`.
 * The result depends only on the inputs, not on the candidates' order (ties go by id).
 */
export function planCoverage(
  aoi: Polygon | MultiPolygon,
  candidates: readonly PlanCandidate[],
  options: PlanOptions,
): CoveragePlan {
  const target = finite(options.target) ? Math.min(1, Math.max(0, options.target)) : DEFAULT_TARGET
  const limit = options.maxCloud
  const overLimit = (c: PlanCandidate) => finite(limit) && finite(c.cloud) && c.cloud > limit
  const sorted = [...candidates].sort(byId)
  const allowed = sorted.filter((c) => !overLimit(c))
  const excludedCloud = sorted.length - allowed.length

  const aoiParts = partsOf(aoi)
  const grid = aoiParts.length > 0 ? sampleAoi(aoiParts, Math.max(16, options.cells ?? DEFAULT_CELLS)) : null
  if (!grid) {
    return {
      scenes: [],
      coverage: 0,
      reached: target === 0,
      totalPrice: 0,
      pricesUnknown: 0,
      covered: null,
      uncovered: null,
      aoiKm2: 0,
      considered: 0,
      excluded: { cloud: excludedCloud, noOverlap: allowed.length },
      exact: true,
      sample: { cells: 0, coverage: 0 },
    }
  }
  let merged: Area | null = null
  let aoiKm2: number
  try {
    merged = mergedAoi(aoiParts)
    aoiKm2 = km2Of(merged)
  } catch {
    aoiKm2 = km2Of(aoi)
  }
  const { base, noOverlap } = buildModel(grid, allowed, aoiKm2)
  let share: Share | null = null
  try {
    share = merged ? prepareCoverage(polygonsOf(merged)) : null
  } catch {
    share = null
  }

  const modelFor = (goal: PlanGoal): Model => ({ ...base, cost: costsOf(goal, base, options.now) })
  const planFor = (goal: PlanGoal): Made => {
    const model = modelFor(goal)
    const gainCost =
      goal === 'price'
        ? (k: number, gain: number) => lineCost(base.pricing, k, gain * base.km2PerWeight)
        : undefined
    const choice = choose(model, target, gainCost)
    const promised = choice.covered >= target * grid.total * (1 - 1e-9)
    return draft(model, merged, goal, target, { picks: choice.picks, promised }, share, aoiKm2)
  }
  const reached = (m: Made) => m.coverage >= target - TOLERANCE
  /** Whether `a` beats `b` for the least price: it reaches the target, costs less, or has fewer scenes. */
  const cheaper = (a: Made, b: Made) =>
    reached(a) !== reached(b)
      ? reached(a)
      : !reached(a) && Math.abs(a.coverage - b.coverage) > TOLERANCE
        ? a.coverage > b.coverage
        : a.cost < b.cost - 1e-9 || (a.cost <= b.cost + 1e-9 && a.picks.length < b.picks.length)

  const model = modelFor(options.goal)
  let made: Made
  if (options.goal !== 'price') made = final(planFor(options.goal), model, merged)
  else {
    // The greedy choice is no guarantee: every other goal's plan on the same candidates is weighed too, as
    // it would be made and with its overlaps given to the cheapest scenes, and the cheapest kept. Drafts rank
    // them; the ones whose sized cost comes near the cheapest cut plan are cut and priced too, so the plan
    // kept is never dearer than another goal's as that goal's plan shows it.
    const drafts = [planFor('price')]
    const seen = new Set([drafts[0].picks.join()])
    for (const goal of ['count', 'cloud', 'age'] as const) {
      const other = planFor(goal)
      if (seen.has(other.picks.join())) continue
      seen.add(other.picks.join())
      drafts.push(other)
      const order = takingOrder('price', model, other.picks)
      if (!other.exact || !share || seen.has(order.join())) continue
      seen.add(order.join())
      drafts.push({ ...other, ...sizeLines(model, order, share, aoiKm2) })
    }
    drafts.sort((a, b) => (cheaper(a, b) ? -1 : cheaper(b, a) ? 1 : 0))
    made = final(drafts[0], model, merged)
    for (const other of drafts.slice(1)) {
      if (reached(other) !== reached(made)) continue
      // Short of the target, the better coverage wins whatever it costs: the drafts are ranked so already.
      if (!reached(made) && Math.abs(other.coverage - made.coverage) > TOLERANCE) continue
      // Sizes in the plane stray from the cut parts' by about a percent at most, plus a credit a line.
      if (other.cost > made.cost * 1.02 + other.picks.length + made.picks.length + 1) continue
      const cut = final(other, model, merged)
      if (cheaper(cut, made)) made = cut
    }
  }

  const sampled = measureCells(base, made.picks)
  const scenes = made.picks.map((k, at) => ({
    id: base.pool[k].id,
    share: made.shares[at],
    part: made.parts[at],
    price: made.prices[at],
  }))
  const pricesUnknown = scenes.filter((s) => s.price === null).length
  return {
    scenes,
    coverage: made.coverage,
    reached: reached(made),
    totalPrice: pricesUnknown > 0 ? null : scenes.reduce((sum, s) => sum + (s.price ?? 0), 0),
    pricesUnknown,
    covered: made.covered,
    uncovered: made.uncovered,
    aoiKm2,
    considered: base.pool.length,
    excluded: { cloud: excludedCloud, noOverlap },
    exact: made.exact,
    sample: { cells: grid.column.length, coverage: sampled.coverage },
  }
}
