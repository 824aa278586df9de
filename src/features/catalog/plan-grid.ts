import type { MultiPolygon, Polygon, Position } from 'geojson'
import { closeRing, dedupe, polygonsOf, readRings, ringArea, type Ring } from '../../lib/geo/rings'

/**
 * The coverage plan's sample (./coverage-plan.ts): the AOI as cells of equal size on the ground, and each
 * footprint as the cells whose centre it covers, found row by row with a scanline.
 */

export type Area = Polygon | MultiPolygon

/** A grid of cell centres inside the AOI, row by row, each row's cells in ascending columns. */
export interface Grid {
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
export function partsOf(g: Area): Ring[][] {
  return polygonsOf(g)
    .map((p) => (readRings(p) ?? []).map((r) => dedupe(closeRing(r))).filter((r) => r.length >= 4))
    .filter((rings) => rings.length > 0)
}

export const shapeOf = (parts: Position[][][]): Area =>
  parts.length === 1
    ? { type: 'Polygon', coordinates: parts[0] }
    : { type: 'MultiPolygon', coordinates: parts }

export function boxOf(parts: readonly Ring[][]): [number, number, number, number] {
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
export function sampleAoi(parts: readonly Ring[][], wanted: number): Grid | null {
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
export function cellsOf(
  grid: Grid,
  parts: readonly Ring[][],
  stamp: Int32Array,
  mark: number,
  buffer: Int32Array,
) {
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

export const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
