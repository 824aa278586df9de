import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { difference, feature, featureCollection, intersect, union } from '@turf/turf'
import { unionOf } from '../../lib/geo/combine'
import { totalAreaKm2 } from '../../lib/geo/measure'
import { closeRing, dedupe, polygonsOf, readRings, type Ring } from '../../lib/geo/rings'
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
  /** Estimated price in credits; null when not known. */
  price: number | null
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
  /** Share of the AOI this scene adds to the ones before it in the list (0–1). */
  share: number
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
  /** Sum of the chosen scenes' prices; null when any of them is not known. */
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

function ringArea(ring: Ring): number {
  let s = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1])
  return Math.abs(s) / 2
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

/** The candidates as the choice sees them: their cells, the inverse index, and each one's cost. */
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
  cost: Float64Array
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x)

/**
 * What one scene costs under a goal. Price is per scene: a scene with no known price counts as the dearest
 * known one, so the plan does not lean on it. Cloud and age are per area, (1 + cloud %) or (1 + days) times
 * the AOI area the scene covers: a mosaic's cloud or age is what each part of it has, and the 1 keeps a clear
 * or fresh scene from being free, so overlap still costs. A scene without a cloud figure counts as 100 %; one
 * without a date as the oldest dated one.
 */
function costsOf(
  goal: PlanGoal,
  pool: readonly PlanCandidate[],
  inside: Float64Array,
  total: number,
  now: number,
) {
  const cost = new Float64Array(pool.length)
  if (goal === 'count') return cost.fill(1)
  if (goal === 'price') {
    const known = pool.map((c) => c.price).filter(finite)
    const dearest = known.length > 0 ? Math.max(...known) : 1
    pool.forEach((c, i) => (cost[i] = Math.max(0, finite(c.price) ? c.price : dearest)))
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

function buildModel(grid: Grid, candidates: readonly PlanCandidate[], options: PlanOptions) {
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
  const cost = costsOf(options.goal, pool, inside, grid.total, options.now)
  const model: Model = { grid, pool, shapes, boxes, cells, cellStart, byCell, inside, cost }
  return { model, noOverlap }
}

/**
 * Greedy weighted set cover on the cells towards `need` (cell weight), then pruning. Each pick updates the
 * still-uncovered area of every candidate sharing a newly covered cell (the inverse index), so a round costs
 * one pass over the candidates. Ties go to the larger gain, then to the candidate first in id order.
 */
function choose(model: Model, target: number): { picks: number[]; covered: number } {
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
      const ratio = cost[k] / gain[k]
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

const km2Of = (g: Area) => totalAreaKm2(polygonsOf(g))

/** The AOI as one geometry whose polygons do not overlap, so no part counts twice. */
function mergedAoi(parts: Ring[][]): Area {
  if (parts.length === 1) return shapeOf(parts)
  return shapeOf(
    unionOf(parts.map((coordinates) => ({ type: 'Polygon', coordinates }))).map((p) => p.coordinates),
  )
}

interface Exact {
  /** Each pick's share of the AOI, in pick order, as measured when it was added. */
  shares: number[]
  coverage: number
  covered: Area | null
  uncovered: Area | null
}

/**
 * Coverage, shares and shapes of the chosen footprints, exactly. The footprints are unioned one by one (turf's
 * clipper on a handful of corners each, cheap), and each union's share of the AOI is measured by
 * ./coverage.ts's clipping, as the catalog's coverage column is, in the longitude/latitude plane: a scene's
 * share is what the union's grew by. Only the last union is cut against the AOI (covered, uncovered).
 *
 * Cutting each footprint to the AOI first and measuring the unions geodesically took 2–5 times as long on the
 * benchmark's plans (bench/coverage-plan.ts), every step a clip against the AOI's many corners, for ratios
 * that differ by about 1e-5 over a 500 km² AOI.
 *
 * When the cells promised the target but the shapes fall short of it (a sample misses slivers thinner than a
 * cell between footprints, or an edge falls between cell centres), scenes are added, the cheapest per area
 * of what is still uncovered first, as measured by clipping against that uncovered part, a few at most.
 */
function measureExact(
  aoi: Area,
  model: Model,
  first: readonly number[],
  target: number,
): Exact & { picks: number[] } {
  const aoiFeature = feature(aoi)
  const share = prepareCoverage(polygonsOf(aoi))
  if (!share) throw new Error('The AOI has no area to measure')
  let united: Feature<Area> | null = null
  let coverage = 0
  const shares: number[] = []
  const add = (k: number) => {
    const footprint = feature(model.shapes[k])
    united = united ? union(featureCollection([united, footprint])) : footprint
    const next = united ? Math.min(1, share(united.geometry) / 100) : coverage
    shares.push(Math.max(0, next - coverage))
    coverage = Math.max(coverage, next)
  }
  const picks = [...first]
  picks.forEach(add)
  const shapes = () => {
    if (!united) return { covered: null, uncovered: aoi }
    const pair = featureCollection([aoiFeature, united])
    return { covered: intersect(pair)?.geometry ?? null, uncovered: difference(pair)?.geometry ?? null }
  }
  let { covered, uncovered } = shapes()
  const chosen = new Set(picks)
  for (let more = 0; more < TOP_UP && coverage < target - TOLERANCE && uncovered; more++) {
    const left = prepareCoverage(polygonsOf(uncovered))
    if (!left) break
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
    ;({ covered, uncovered } = shapes())
  }
  return { shares, coverage, covered, uncovered, picks }
}

/** Shares from the cells, in pick order: the fallback when clipping fails. */
function measureCells(model: Model, picks: readonly number[]): Exact {
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
  return { shares, coverage: total / model.grid.total, covered: null, uncovered: null }
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
  const { model, noOverlap } = buildModel(grid, allowed, options)

  let merged: Area | null = null
  let aoiKm2: number
  try {
    merged = mergedAoi(aoiParts)
    aoiKm2 = km2Of(merged)
  } catch {
    aoiKm2 = km2Of(aoi)
  }
  const choice = choose(model, target)
  let measured: (Exact & { picks: number[] }) | null
  try {
    measured = merged ? measureExact(merged, model, choice.picks, target) : null
  } catch {
    measured = null
  }
  const picks = measured?.picks ?? choice.picks
  const sampled = measureCells(model, picks)
  const result = measured ?? sampled

  const scenes = picks.map((k, at) => ({
    id: model.pool[k].id,
    share: result.shares[at],
    price: finite(model.pool[k].price) ? model.pool[k].price : null,
  }))
  const pricesUnknown = scenes.filter((s) => s.price === null).length
  return {
    scenes,
    coverage: result.coverage,
    reached: result.coverage >= target - TOLERANCE,
    totalPrice: pricesUnknown > 0 ? null : scenes.reduce((sum, s) => sum + (s.price ?? 0), 0),
    pricesUnknown,
    covered: result.covered,
    uncovered: result.uncovered,
    aoiKm2,
    considered: model.pool.length,
    excluded: { cloud: excludedCloud, noOverlap },
    exact: measured !== null,
    sample: { cells: grid.column.length, coverage: sampled.coverage },
  }
}
