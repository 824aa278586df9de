import type { MultiPolygon, Polygon, Position } from 'geojson'
import { difference, intersection, unionOf, unite } from '../../lib/geo/combine'
import { totalAreaKm2 } from '../../lib/geo/measure'
import { closeRing, dedupe, polygonsOf, readRings, ringArea, type Ring } from '../../lib/geo/rings'
import { prepareCoverage } from './coverage'
import { DEFAULT_TARGET } from './plan-defaults'

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

export type PlanGoal = 'price' | 'cloud' | 'age' | 'count'

export interface PlanCandidate {
  id: string
  footprint: Polygon | MultiPolygon
  /** Cloud cover in percent; null when the scene has none (radar) or does not say. */
  cloud: number | null
  /** Acquisition time, ISO 8601. */
  acquired: string | null
  /**
   * Estimated price in credits of the scene ordered over all of the AOI it covers (the basket's estimate);
   * null when not known.
   */
  price: number | null
  /**
   * How that price follows the area ordered: 'area' (the default) bills credits per km² of the area ordered,
   * 'scene' the same whatever the area.
   */
  priceUnit?: 'area' | 'scene'
  /**
   * The km² the price was billed for (the estimate's size), when known: more than the scene's part of the
   * AOI when the service bills a minimum area. Without it the rate is the price over that part as the
   * sample measures it (a percent or so off).
   */
  billedKm2?: number | null
}

export interface PlanOptions {
  /** Share of the AOI to cover, 0–1 (default 0.95). */
  target?: number
  goal: PlanGoal
  /** Scenes with more cloud (percent) are left out; scenes without a cloud figure stay, as in the search. */
  maxCloud?: number | null
  /** Now, in ms since the epoch: the age goal counts days before it. */
  now: number
  /** About how many sample cells steer the choice (default 4,096). */
  cells?: number
}

export interface PlannedScene {
  id: string
  /** Share of the AOI this scene delivers: its part, which the ones before it in the list do not (0–1). */
  share: number
  /**
   * What to order from this scene: the AOI clipped to the scene, less what the scenes before it deliver.
   * Null when the plan could not clip (order the AOI, as without a plan). A part too small to order on its
   * own (under 1 km²: services refuse tiny areas or bill a minimum) is the scene's whole share of the AOI.
   */
  part: Polygon | MultiPolygon | null
  /** Estimated price of ordering `part` (credits), from the scene's estimate; null when not known. */
  price: number | null
}

export interface CoveragePlan {
  /** The chosen scenes in the order they were picked, the most worthwhile first. */
  scenes: PlannedScene[]
  /**
   * Share of the AOI the chosen scenes cover together (0–1), as the catalog's coverage column measures one
   * scene's (./coverage.ts: exact clipping, areas in the longitude/latitude plane).
   */
  coverage: number
  /** Whether the coverage meets the target. When it cannot, the plan is the best coverage found. */
  reached: boolean
  /** Sum of the chosen scenes' prices (each for its part); null when any of them is not known. */
  totalPrice: number | null
  /** Chosen scenes whose price is not known (priced as the dearest known one while choosing). */
  pricesUnknown: number
  /** The AOI's part the chosen footprints cover; null when none does (or clipping failed: see `exact`). */
  covered: Polygon | MultiPolygon | null
  /** The AOI's part left uncovered; null when nothing is (or clipping failed). */
  uncovered: Polygon | MultiPolygon | null
  /** The AOI's geodesic area, km². */
  aoiKm2: number
  /** Candidates that took part in the choice: within the cloud limit and over some of the AOI. */
  considered: number
  excluded: {
    /** Over the cloud limit. */
    cloud: number
    /** Over none of the AOI's sample cells: outside it, in a hole, or a sliver thinner than a cell. */
    noOverlap: number
  }
  /**
   * Whether coverage, shares and shapes were measured with polygon clipping. Turf's clipper can throw on
   * degenerate input; the plan then carries the sample's figures and no shapes rather than failing.
   */
  exact: boolean
  /** The sample that steered the choice: its cell count and its estimate of the chosen scenes' coverage. */
  sample: { cells: number; coverage: number }
}

const DEFAULT_CELLS = 4096
/** Exact coverage this close under the target still meets it (0.5 m² a km²): clipping rounds a little. */
const TOLERANCE = 1e-6
/** Scenes added at most when the exact coverage falls short of what the cells promised. */
const TOP_UP = 8
const DAY_MS = 86_400_000

type Area = Polygon | MultiPolygon

/** A grid of cell centres inside the AOI, row by row, each row's cells in ascending columns. */
interface Grid {
  west: number
  south: number
  dx: number
  dy: number
  rows: number
  columns: number
  /** Cells of row r are rowStart[r] … rowStart[r + 1] − 1. */
  rowStart: Int32Array
  column: Int32Array
  weight: Float64Array
  total: number
}

/** Rings of each polygon of a geometry: closed, without repeats or positions that are not finite numbers. */
function partsOf(g: Area): Ring[][] {
  return polygonsOf(g)
    .map((p) => (readRings(p) ?? []).map((r) => dedupe(closeRing(r))).filter((r) => r.length >= 4))
    .filter((rings) => rings.length > 0)
}

const shapeOf = (parts: Position[][][]): Area =>
  parts.length === 1
    ? { type: 'Polygon', coordinates: parts[0] }
    : { type: 'MultiPolygon', coordinates: parts }

function boxOf(parts: readonly Ring[][]): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const rings of parts)
    for (const [x, y] of rings[0] ?? []) {
      if (x < w) w = x
      if (x > e) e = x
      if (y < s) s = y
      if (y > n) n = y
    }
  return [w, s, e, n]
}

/**
 * Where the horizontal line at `y` crosses a polygon's rings, sorted: between the 1st and 2nd, the 3rd and
 * 4th… the line is inside (even–odd, so holes fall out). An edge counts when one end is at or below the line
 * and the other above, so a point on a shared edge belongs to exactly one of two neighbours.
 */
function crossings(rings: readonly Ring[], y: number, out: number[]): number[] {
  out.length = 0
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j]
      const [bx, by] = ring[i]
      if (ay <= y === by <= y) continue
      // Insertion in order: a line crosses a footprint two or four times, where sort() costs more.
      const x = ax + ((y - ay) / (by - ay)) * (bx - ax)
      let at = out.length
      out.push(x)
      while (at > 0 && out[at - 1] > x) out[at] = out[--at]
      out[at] = x
    }
  }
  return out
}

/** Columns whose centres lie in [xa, xb): half-open, like the rows, so neighbours share no cell. */
function columnRange(grid: Grid, xa: number, xb: number): [number, number] {
  const first = Math.max(0, Math.ceil((xa - grid.west) / grid.dx - 0.5))
  const end = Math.min(grid.columns, Math.ceil((xb - grid.west) / grid.dx - 0.5))
  return [first, end]
}

function rowRange(grid: Grid, s: number, n: number): [number, number] {
  const first = Math.max(0, Math.ceil((s - grid.south) / grid.dy - 0.5))
  const end = Math.min(grid.rows, Math.ceil((n - grid.south) / grid.dy - 0.5))
  return [first, end]
}

function lowerBound(a: Int32Array, from: number, to: number, value: number): number {
  let lo = from
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (a[mid] < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The AOI's cells, with a spacing that gives about `wanted` of them. Overlapping AOI polygons share cells
 * (ranges of a row are merged). A shape thinner than the spacing can catch few centres: the spacing then
 * halves, a few times at most.
 */
function sampleAoi(parts: readonly Ring[][], wanted: number): Grid | null {
  const [w, s, e, n] = boxOf(parts)
  if (!(e > w && n > s)) return null
  const scale = Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180))
  const planar =
    scale *
    parts.reduce(
      (sum, rings) => sum + ringArea(rings[0]) - rings.slice(1).reduce((h, r) => h + ringArea(r), 0),
      0,
    )
  if (!(planar > 0)) return null
  let spacing = Math.sqrt(planar / wanted)
  let grid: Grid | null = null
  for (let attempt = 0; attempt < 4; attempt++, spacing /= 2) {
    grid = gridOf(parts, [w, s, e, n], spacing, spacing / scale)
    if (grid.column.length >= wanted / 2) break
  }
  return grid && grid.column.length > 0 ? grid : null
}

function gridOf(parts: readonly Ring[][], box: readonly number[], dy: number, dx: number): Grid {
  const [w, s, e, n] = box
  const rows = Math.max(1, Math.ceil((n - s) / dy))
  const columns = Math.max(1, Math.ceil((e - w) / dx))
  const grid: Grid = {
    west: w,
    south: s,
    dx,
    dy,
    rows,
    columns,
    rowStart: new Int32Array(rows + 1),
    column: new Int32Array(0),
    weight: new Float64Array(0),
    total: 0,
  }
  const column: number[] = []
  const weight: number[] = []
  const xs: number[] = []
  for (let r = 0; r < rows; r++) {
    grid.rowStart[r] = column.length
    const y = s + (r + 0.5) * dy
    const ranges: [number, number][] = []
    for (const rings of parts) {
      crossings(rings, y, xs)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const range = columnRange(grid, xs[k], xs[k + 1])
        if (range[1] > range[0]) ranges.push(range)
      }
    }
    ranges.sort((a, b) => a[0] - b[0])
    const cos = Math.cos((y * Math.PI) / 180)
    let next = 0
    for (const [first, end] of ranges) {
      for (let c = Math.max(first, next); c < end; c++) {
        column.push(c)
        weight.push(cos)
      }
      next = Math.max(next, end)
    }
  }
  grid.rowStart[rows] = column.length
  grid.column = Int32Array.from(column)
  grid.weight = Float64Array.from(weight)
  grid.total = weight.reduce((a, b) => a + b, 0)
  return grid
}

/**
 * Indices of the AOI cells whose centres a footprint covers, each once: a polygon's spans on a row never
 * overlap, and a MultiPolygon's parts, which may, go through `stamp` (marked with this footprint's `mark`).
 * Written into `buffer`, one cell per slot at most, and copied out.
 */
function cellsOf(grid: Grid, parts: readonly Ring[][], stamp: Int32Array, mark: number, buffer: Int32Array) {
  let count = 0
  const xs: number[] = []
  const several = parts.length > 1
  for (const rings of parts) {
    const [, s, , n] = boxOf([rings])
    const [r0, r1] = rowRange(grid, s, n)
    for (let r = r0; r < r1; r++) {
      const from = grid.rowStart[r]
      const to = grid.rowStart[r + 1]
      if (from === to) continue
      crossings(rings, grid.south + (r + 0.5) * grid.dy, xs)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const [c0, c1] = columnRange(grid, xs[k], xs[k + 1])
        if (c1 <= c0) continue
        const end = lowerBound(grid.column, from, to, c1)
        for (let i = lowerBound(grid.column, from, to, c0); i < end; i++) {
          if (several) {
            if (stamp[i] === mark) continue
            stamp[i] = mark
          }
          buffer[count++] = i
        }
      }
    }
  }
  return buffer.slice(0, count)
}

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

/** The candidates as the choice sees them: their cells, the inverse index, each one's cost and its prices. */
interface Model {
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
 * What a part of a scene costs, learnt from the scene's estimate for its whole share of the AOI: a scene
 * billed by area costs `perKm2` for each km² ordered, at least `minKm2` billed (a minimum the service shows
 * by billing a small share for more than its area); a scene sold whole costs `fixed` whatever the area. A
 * scene whose price is not known costs the dearest known rate, so the plan does not lean on it.
 */
interface Pricing {
  perKm2: Float64Array
  /** Credits whatever the area, for scenes sold whole; NaN for scenes billed by area. */
  fixed: Float64Array
  minKm2: number
  known: Uint8Array
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x)

function pricingOf(pool: readonly PlanCandidate[], insideKm2: (k: number) => number): Pricing {
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
function lineCost(pricing: Pricing, k: number, km2: number): number {
  if (!(km2 > 0)) return 0
  return Number.isFinite(pricing.fixed[k])
    ? pricing.fixed[k]
    : pricing.perKm2[k] * Math.max(km2, pricing.minKm2)
}

/**
 * What one scene costs under a goal. Price is the scene's price for its whole share of the AOI (the choice of
 * "least price" then weighs each scene by what it adds: `choose`'s `gainCost`). Cloud and age are per area,
 * (1 + cloud %) or (1 + days) times the AOI area the scene covers: a mosaic's cloud or age is what each part
 * of it has, and the 1 keeps a clear or fresh scene from being free, so overlap still costs. A scene without
 * a cloud figure counts as 100 %; one without a date as the oldest dated one.
 */
function costsOf(goal: PlanGoal, model: Omit<Model, 'cost'>, now: number) {
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

function buildModel(grid: Grid, candidates: readonly PlanCandidate[], aoiKm2: number) {
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
function choose(
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
function takingOrder(goal: PlanGoal, model: Model, picks: readonly number[]): number[] {
  const { pricing } = model
  const rate = (k: number) => (Number.isFinite(pricing.fixed[k]) ? 0 : pricing.perKm2[k])
  const preference = (k: number) =>
    goal === 'cloud' || goal === 'age' ? model.cost[k] / model.inside[k] : rate(k)
  return [...picks].sort((a, b) => preference(a) - preference(b) || rate(a) - rate(b) || a - b)
}

const km2Of = (g: Area) => totalAreaKm2(polygonsOf(g))

/** The AOI as one geometry whose polygons do not overlap, so no part counts twice. */
function mergedAoi(parts: Ring[][]): Area {
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

type Share = (footprint: Area) => number

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
function sizeLines(model: Model, order: readonly number[], share: Share, aoiKm2: number) {
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
function measureCells(model: Pick<Model, 'grid' | 'cells'>, picks: readonly number[]) {
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
interface Made extends Lines {
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
function draft(
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
function final(made: Made, model: Model, aoi: Area | null): Made {
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
