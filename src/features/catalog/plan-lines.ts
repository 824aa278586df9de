import { difference, intersection, unionOf, unite } from '../../lib/geo/combine'
import { totalAreaKm2 } from '../../lib/geo/measure'
import { polygonsOf, type Ring } from '../../lib/geo/rings'
import { prepareCoverage } from './coverage'
import { takingOrder, type Model } from './plan-choice'
import { boxOf, overlaps, partsOf, shapeOf, type Area } from './plan-grid'
import { finite, lineCost } from './plan-pricing'
import type { PlanGoal } from './plan-types'

/**
 * The coverage plan's lines (./coverage-plan.ts): the chosen scenes measured exactly by polygon clipping,
 * topped up when the shapes fall short of what the cells promised, sized from areas to rank plans, and cut
 * into the parts each scene is ordered over, priced from them; on the cells' figures when clipping fails.
 */

/** Exact coverage this close under the target still meets it (0.5 m² a km²): clipping rounds a little. */
export const TOLERANCE = 1e-6
/** Scenes added at most when the exact coverage falls short of what the cells promised. */
const TOP_UP = 8

export const km2Of = (g: Area) => totalAreaKm2(polygonsOf(g))

/** The AOI as one geometry whose polygons do not overlap, so no part counts twice. */
export function mergedAoi(parts: Ring[][]): Area {
  if (parts.length === 1) return shapeOf(parts)
  return shapeOf(
    unionOf(parts.map((coordinates) => ({ type: 'Polygon', coordinates }))).map((p) => p.coordinates),
  )
}

/** A part this small is ordered as the scene's whole share of the AOI: services refuse tiny areas. */
const SLIVER_KM2 = 1
/** Pieces of a part under this are the clipper's crumbs along shared edges, not area to order. */
const CRUMB_KM2 = 1e-3

/** A geometry without its crumbs; null when nothing else is left. */
function withoutCrumbs(g: Area): Area | null {
  const kept = polygonsOf(g).filter((p) => km2Of(p) >= CRUMB_KM2)
  if (kept.length === 0) return null
  return kept.length === 1 ? kept[0] : { type: 'MultiPolygon', coordinates: kept.map((p) => p.coordinates) }
}

/** What the chosen scenes order, in the plan's order: the parts, their shares of the AOI and their prices. */
interface Lines {
  /** The chosen candidates that deliver something, in the order they take their parts. */
  picks: number[]
  /** Each part's km² as cut, its share of the AOI once `withShares` has measured them. */
  shares: number[]
  parts: (Area | null)[]
  /** Each part's price; null when the scene's price is not known. */
  prices: (number | null)[]
  /** The sum of the prices, unknown ones at the dearest known rate: what "least price" compares. */
  cost: number
  /** The union of the footprints before each line's, as `sizeLines` grew it (null before the first). */
  before: (Area | null)[]
}

const noLines = (): Lines => ({ picks: [], shares: [], parts: [], prices: [], cost: 0, before: [] })

/** Records one chosen scene's line; its price counts in `cost` whether or not the service's price is known. */
function addLine(
  lines: Lines,
  line: {
    k: number
    km2: number
    part: Area | null
    cost: number
    known: boolean
    before: Area | null
  },
) {
  lines.picks.push(line.k)
  lines.shares.push(line.km2)
  lines.parts.push(line.part)
  lines.prices.push(line.known ? line.cost : null)
  lines.cost += line.cost
  lines.before.push(line.before)
}

/**
 * Cuts the AOI between the chosen scenes, in `order`: each scene's part is the AOI clipped to it, less what
 * the scenes before it take. A scene left with nothing is not ordered. A part's price is the scene's own
 * estimate when the part is all the scene covers of the AOI, else its rate times the part's area (at least
 * the minimum billed), rounded up to whole credits as the service rounds.
 */
function splitAoi(aoi: Area, model: Model, order: readonly number[], grown: readonly (Area | null)[]): Lines {
  // Cut in footprint space (quadrilaterals, a few corners each), then clipped to the AOI once per scene: the
  // clipper's cost grows with corners, and the AOI has many.
  let taken: Area | null = null
  const lines = noLines()
  order.forEach((k, at) => {
    const footprint = model.shapes[k]
    // The union before this scene as sizing grew it (a crumb it left out stays in: under 1,000 m²).
    const known = grown.length === order.length
    if (known) taken = grown[at]
    const fresh: Area | null = taken ? difference(footprint, taken) : footprint
    const alone = taken === null || (fresh !== null && km2Of(fresh) >= km2Of(footprint) * (1 - 1e-9))
    const was = taken
    if (!known) taken = taken ? unite(taken, footprint) : footprint
    const own = fresh ? intersection(aoi, fresh) : null
    const part = own ? withoutCrumbs(own) : null
    if (!part) return
    const partKm2 = km2Of(part)
    // A part too small to order alone is ordered as the scene's whole share of the AOI.
    const clip = alone ? own : partKm2 < SLIVER_KM2 ? intersection(aoi, footprint) : null
    const ordered = clip ?? part
    const whole = clip !== null
    const c = model.pool[k]
    const estimate = whole && finite(c.price) ? c.price : null
    const cost = estimate ?? Math.ceil(lineCost(model.pricing, k, km2Of(ordered)) - 1e-9)
    addLine(lines, { k, km2: partKm2, part: ordered, cost, known: model.pricing.known[k] !== 0, before: was })
  })
  return lines
}

/**
 * When the cells promised the target but the shapes fall short of it (a sample misses slivers thinner than a
 * cell between footprints, or an edge falls between cell centres), scenes are added, the cheapest per area
 * of what is still uncovered first, as measured by clipping against that uncovered part, a few at most.
 * Returns the picks with the ones added.
 */
function topUp(
  aoi: Area,
  model: Model,
  first: readonly number[],
  from: { united: Area | null; coverage: number },
  target: number,
  share: Share,
) {
  let united = from.united
  const add = (k: number) => {
    united = united ? unite(united, model.shapes[k]) : model.shapes[k]
  }
  const measure = () => (united ? Math.min(1, share(united) / 100) : 0)
  const picks = [...first]
  let coverage = from.coverage
  const chosen = new Set(picks)
  for (let more = 0; more < TOP_UP && coverage < target - TOLERANCE; more++) {
    const uncovered: Area | null = united ? difference(aoi, united) : aoi
    const left = uncovered ? prepareCoverage(polygonsOf(uncovered)) : null
    if (!uncovered || !left) break
    const box = boxOf(partsOf(uncovered))
    let best = -1
    let bestRatio = Infinity
    for (let k = 0; k < model.pool.length; k++) {
      if (chosen.has(k) || !overlaps(model.boxes[k], box)) continue
      const adds = left(model.shapes[k])
      if (!(adds > 1e-7)) continue
      const ratio = model.cost[k] / adds
      if (ratio < bestRatio) {
        best = k
        bestRatio = ratio
      }
    }
    if (best < 0) break
    chosen.add(best)
    picks.push(best)
    add(best)
    coverage = Math.max(coverage, measure())
  }
  return picks
}

export type Share = (footprint: Area) => number

/** The AOI's part a union of footprints covers, and the part it leaves. */
function shapesOf(aoi: Area, united: Area | null) {
  if (!united) return { covered: null, uncovered: aoi }
  return { covered: intersection(aoi, united), uncovered: difference(aoi, united) }
}

/**
 * What the lines of `order` cost, from areas alone: each scene's part is what it adds to the union of the
 * ones before it, measured in the plane as the coverage is. Within about a percent of `splitAoi`'s figures
 * (geodesic areas of the cut shapes), at a fraction of its cost: enough to rank plans, and `splitAoi` then
 * prices the ones that could be the cheapest.
 */
export function sizeLines(model: Model, order: readonly number[], share: Share, aoiKm2: number) {
  let united: Area | null = null
  let before = 0
  const lines = noLines()
  for (const k of order) {
    const footprint = model.shapes[k]
    const grown = united
    united = united ? unite(united, footprint) : footprint
    const now = united ? share(united) / 100 : before
    const partKm2 = Math.max(0, now - before) * aoiKm2
    before = Math.max(before, now)
    if (partKm2 < CRUMB_KM2) continue
    const clipKm2 = (share(model.shapes[k]) / 100) * aoiKm2
    const whole = partKm2 >= clipKm2 * (1 - 1e-6) || partKm2 < SLIVER_KM2
    const c = model.pool[k]
    const cost =
      whole && finite(c.price)
        ? c.price
        : Math.ceil(lineCost(model.pricing, k, whole ? clipKm2 : partKm2) - 1e-9)
    addLine(lines, { k, km2: partKm2, part: null, cost, known: model.pricing.known[k] !== 0, before: grown })
  }
  return { ...lines, united, coverage: Math.min(1, before) }
}

/** Shares from the cells, in the given order: the fallback when clipping fails. */
export function measureCells(model: Pick<Model, 'grid' | 'cells'>, picks: readonly number[]) {
  const seen = new Uint8Array(model.grid.weight.length)
  let total = 0
  const shares = picks.map((k) => {
    let added = 0
    for (const i of model.cells[k]) {
      if (seen[i]) continue
      seen[i] = 1
      added += model.grid.weight[i]
    }
    total += added
    return added / model.grid.total
  })
  return { shares, coverage: total / model.grid.total }
}

/**
 * A plan as made: its lines in order, and what they cover. A draft's lines are sized from areas (no parts
 * yet); `final` cuts them.
 */
export interface Made extends Lines {
  coverage: number
  covered: Area | null
  uncovered: Area | null
  /** The union of the chosen footprints, for the shapes; null on the cells' figures. */
  united: Area | null
  exact: boolean
  final: boolean
}

/**
 * The parts' km² as shares of the coverage. The parts' areas are geodesic; the coverage is measured as the
 * catalog's column measures it, in the plane (./coverage.ts): the shares follow the parts' sizes and add up
 * to the coverage.
 */
function withShares(made: Made): Made {
  const km2 = made.shares.reduce((a, b) => a + b, 0)
  return { ...made, shares: made.shares.map((s) => (km2 > 0 ? (made.coverage * s) / km2 : 0)) }
}

/**
 * The plan of one goal for chosen `picks`, drafted: measured exactly, topped up if the shapes fall short,
 * its lines sized; on the cells' figures, each scene ordered over all of the AOI it covers, if clipping fails.
 */
export function draft(
  model: Model,
  aoi: Area | null,
  goal: PlanGoal,
  target: number,
  { picks, promised }: { picks: number[]; promised: boolean },
  share: Share | null,
  aoiKm2: number,
): Made {
  try {
    if (!aoi || !share) throw new Error('The AOI could not be merged')
    let lines = sizeLines(model, takingOrder(goal, model, picks), share, aoiKm2)
    if (promised && lines.coverage < target - TOLERANCE) {
      const more = topUp(aoi, model, picks, lines, target, share)
      if (more.length > picks.length) lines = sizeLines(model, takingOrder(goal, model, more), share, aoiKm2)
    }
    return { ...lines, covered: null, uncovered: null, exact: true, final: false }
  } catch {
    const order = takingOrder(goal, model, picks)
    const { shares, coverage } = measureCells(model, order)
    const wholeCost = (k: number) => lineCost(model.pricing, k, model.inside[k] * model.km2PerWeight)
    return {
      picks: order,
      shares,
      parts: order.map(() => null),
      before: order.map(() => null),
      prices: order.map((k) => model.pool[k].price ?? null),
      cost: order.reduce((sum, k) => sum + (model.pool[k].price ?? wholeCost(k)), 0),
      coverage,
      covered: null,
      uncovered: null,
      united: null,
      exact: false,
      final: true,
    }
  }
}

/** A drafted plan cut into its parts, priced from them, with its covered and uncovered shapes. */
export function final(made: Made, model: Model, aoi: Area | null): Made {
  if (made.final || !aoi) return made
  try {
    const lines = splitAoi(aoi, model, made.picks, made.before)
    return withShares({ ...made, ...lines, ...shapesOf(aoi, made.united), final: true })
  } catch {
    // Clipping that measured the plan fails on cutting it only on degenerate shapes: the sizes stand, and
    // each scene is ordered over all of the AOI it covers.
    return {
      ...made,
      shares: made.shares.map((km2) => km2 / Math.max(1e-12, model.km2PerWeight * model.grid.total)),
      prices: made.picks.map((k) => model.pool[k].price ?? null),
      exact: false,
      final: true,
    }
  }
}
