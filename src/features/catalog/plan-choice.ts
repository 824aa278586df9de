import { boxOf, cellsOf, overlaps, partsOf, shapeOf, type Area, type Grid } from './plan-grid'
import { finite, lineCost, pricingOf, type Pricing } from './plan-pricing'
import type { PlanCandidate, PlanGoal } from './plan-types'

/**
 * The coverage plan's choice on the sample (./coverage-plan.ts): the candidates as sets of cells with a cost
 * under each goal, greedy weighted set cover with pruning, and the order the chosen scenes take their parts in.
 */

const DAY_MS = 86_400_000

/** The candidates as the choice sees them: their cells, the inverse index, each one's cost and its prices. */
export interface Model {
  grid: Grid
  pool: PlanCandidate[]
  /** Each candidate's footprint as read (positions that are not numbers left out) and its bounds. */
  shapes: Area[]
  boxes: [number, number, number, number][]
  cells: Int32Array[]
  /** Candidates covering cell i: byCell[cellStart[i] … cellStart[i + 1] − 1]. */
  cellStart: Int32Array
  byCell: Int32Array
  /** Area (cell weights) of the AOI each candidate covers. */
  inside: Float64Array
  /** Each candidate's cost under the goal being planned (see `costsOf`). */
  cost: Float64Array
  pricing: Pricing
  /** km² of the AOI per unit of cell weight. */
  km2PerWeight: number
}

/**
 * What one scene costs under a goal. Price is the scene's price for its whole share of the AOI (the choice of
 * "least price" then weighs each scene by what it adds: `choose`'s `gainCost`). Cloud and age are per area,
 * (1 + cloud %) or (1 + days) times the AOI area the scene covers: a mosaic's cloud or age is what each part
 * of it has, and the 1 keeps a clear or fresh scene from being free, so overlap still costs. A scene without
 * a cloud figure counts as 100 %; one without a date as the oldest dated one.
 */
export function costsOf(goal: PlanGoal, model: Omit<Model, 'cost'>, now: number) {
  const { pool, inside, grid } = model
  const total = grid.total
  const cost = new Float64Array(pool.length)
  if (goal === 'count') return cost.fill(1)
  if (goal === 'price') {
    pool.forEach((_, k) => (cost[k] = lineCost(model.pricing, k, inside[k] * model.km2PerWeight)))
    return cost
  }
  if (goal === 'cloud') {
    pool.forEach(
      (c, i) => (cost[i] = (1 + (finite(c.cloud) ? Math.max(0, c.cloud) : 100)) * (inside[i] / total)),
    )
    return cost
  }
  const days = pool.map((c) => {
    const t = c.acquired ? Date.parse(c.acquired) : NaN
    return Number.isFinite(t) ? Math.max(0, (now - t) / DAY_MS) : null
  })
  const oldest = Math.max(0, ...days.filter(finite))
  pool.forEach((_, i) => (cost[i] = (1 + (days[i] ?? oldest)) * (inside[i] / total)))
  return cost
}

export function buildModel(grid: Grid, candidates: readonly PlanCandidate[], aoiKm2: number) {
  const aoiBox = [grid.west, grid.south, grid.west + grid.columns * grid.dx, grid.south + grid.rows * grid.dy]
  const stamp = new Int32Array(grid.column.length)
  const buffer = new Int32Array(grid.column.length)
  const pool: PlanCandidate[] = []
  const shapes: Area[] = []
  const boxes: [number, number, number, number][] = []
  const cells: Int32Array[] = []
  let noOverlap = 0
  for (const c of candidates) {
    const parts = partsOf(c.footprint)
    const box = boxOf(parts)
    const own =
      parts.length > 0 && overlaps(box, aoiBox) ? cellsOf(grid, parts, stamp, cells.length + 1, buffer) : null
    if (!own || own.length === 0) {
      noOverlap++
      continue
    }
    pool.push(c)
    shapes.push(shapeOf(parts))
    boxes.push(box)
    cells.push(own)
  }
  const n = grid.column.length
  const cellStart = new Int32Array(n + 1)
  for (const own of cells) for (const i of own) cellStart[i + 1]++
  for (let i = 0; i < n; i++) cellStart[i + 1] += cellStart[i]
  const byCell = new Int32Array(cellStart[n])
  const fill = cellStart.slice(0, n)
  const inside = new Float64Array(pool.length)
  cells.forEach((own, k) => {
    for (const i of own) {
      byCell[fill[i]++] = k
      inside[k] += grid.weight[i]
    }
  })
  const km2PerWeight = aoiKm2 > 0 ? aoiKm2 / grid.total : 0
  const pricing = pricingOf(pool, (k) => inside[k] * km2PerWeight)
  const base = { grid, pool, shapes, boxes, cells, cellStart, byCell, inside, pricing, km2PerWeight }
  return { base, noOverlap }
}

/**
 * Greedy weighted set cover on the cells towards `need` (cell weight), then pruning. Each pick updates the
 * still-uncovered area of every candidate sharing a newly covered cell (the inverse index), so a round costs
 * one pass over the candidates. A scene's cost is fixed, or, with `gainCost`, what it costs to order the
 * area it would add (least price: a scene is ordered over its new part only). Ties go to the larger gain,
 * then to the candidate first in id order.
 */
export function choose(
  model: Model,
  target: number,
  gainCost?: (k: number, gain: number) => number,
): { picks: number[]; covered: number } {
  const { grid, cells, cellStart, byCell, cost } = model
  const weight = grid.weight
  const need = target * grid.total * (1 - 1e-9)
  const left = Int32Array.from(cells, (own) => own.length)
  const gain = Float64Array.from(model.inside)
  const isCovered = new Uint8Array(weight.length)
  const picks: number[] = []
  let covered = 0
  while (covered < need) {
    let best = -1
    let bestRatio = Infinity
    for (let k = 0; k < left.length; k++) {
      if (left[k] === 0) continue
      const ratio = (gainCost ? gainCost(k, gain[k]) : cost[k]) / gain[k]
      if (best < 0 || ratio < bestRatio || (ratio === bestRatio && gain[k] > gain[best])) {
        best = k
        bestRatio = ratio
      }
    }
    if (best < 0) break
    picks.push(best)
    for (const i of cells[best]) {
      if (isCovered[i]) continue
      isCovered[i] = 1
      covered += weight[i]
      for (let j = cellStart[i]; j < cellStart[i + 1]; j++) {
        left[byCell[j]]--
        gain[byCell[j]] -= weight[i]
      }
    }
  }
  return prune(model, picks, covered, Math.min(need, covered - 1e-9 * grid.total))
}

/**
 * Greedy picks early scenes before knowing which later ones will overlap them; any scene the rest make
 * unnecessary (the target still met without it, or, short of the target, no coverage lost) is dropped, the
 * costliest first and among equals the latest picked, which added least.
 */
function prune(model: Model, picks: number[], covered: number, need: number) {
  const { grid, cells, cost } = model
  const count = new Int32Array(grid.weight.length)
  for (const k of picks) for (const i of cells[k]) count[i]++
  const order = picks.map((k, at) => ({ k, at })).sort((a, b) => cost[b.k] - cost[a.k] || b.at - a.at)
  const dropped = new Set<number>()
  for (const { k } of order) {
    let loss = 0
    for (const i of cells[k]) if (count[i] === 1) loss += grid.weight[i]
    if (covered - loss < need) continue
    for (const i of cells[k]) count[i]--
    covered -= loss
    dropped.add(k)
  }
  return { picks: picks.filter((k) => !dropped.has(k)), covered }
}

/**
 * The order in which chosen scenes take their parts of the AOI: where scenes overlap, the first one delivers.
 * For price (and for the fewest scenes, which have no preference of their own) the cheapest per km² first —
 * a scene sold whole first of all, as more area costs it nothing —, so an overlap is bought where it costs
 * least; for cloud and age the clearest or newest first, so each place comes from the best scene over it.
 */
export function takingOrder(goal: PlanGoal, model: Model, picks: readonly number[]): number[] {
  const { pricing } = model
  const rate = (k: number) => (Number.isFinite(pricing.fixed[k]) ? 0 : pricing.perKm2[k])
  const preference = (k: number) =>
    goal === 'cloud' || goal === 'age' ? model.cost[k] / model.inside[k] : rate(k)
  return [...picks].sort((a, b) => preference(a) - preference(b) || rate(a) - rate(b) || a - b)
}
