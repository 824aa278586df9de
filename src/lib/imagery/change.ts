/**
 * Change between two deliveries of the same place, the pure part: both images sampled on one grid over the
 * box they share, the difference of a band (or of a formula) after minus before, its diverging colour ramp,
 * the pixels that changed beyond a threshold (specks too small to matter left out), their outline as rings
 * and their area in km².
 */
import type { Polygon } from 'geojson'
import { areaKm2 } from '../geo/measure'
import { evaluate, type Node } from './formula'
import { dbOf, type Raster } from './render'
import { percentile } from './view'

export type Box = [number, number, number, number]

/** The grid both images are sampled on: the box they share, at the finer image's pixel size. */
export interface Grid {
  bbox: Box
  width: number
  height: number
}

/** No grid wider or taller than this: the difference is drawn from overviews, never from full resolution. */
export const MAX_GRID_PX = 1024

/** The box two images share, and the grid over it at the finer one's pixel size; null when they do not meet. */
export function commonGrid(a: Raster, b: Raster): Grid | null {
  const w = Math.max(a.bbox[0], b.bbox[0])
  const s = Math.max(a.bbox[1], b.bbox[1])
  const e = Math.min(a.bbox[2], b.bbox[2])
  const n = Math.min(a.bbox[3], b.bbox[3])
  if (!(e > w && n > s)) return null
  const px = Math.min(pixelSize(a, 0), pixelSize(b, 0))
  const py = Math.min(pixelSize(a, 1), pixelSize(b, 1))
  const width = Math.min(MAX_GRID_PX, Math.max(1, Math.round((e - w) / px)))
  const height = Math.min(MAX_GRID_PX, Math.max(1, Math.round((n - s) / py)))
  return { bbox: [w, s, e, n], width, height }
}

const pixelSize = (r: Raster, axis: 0 | 1) =>
  axis === 0 ? (r.bbox[2] - r.bbox[0]) / r.width : (r.bbox[3] - r.bbox[1]) / r.height

/** What is compared: one band of the file (0-based), or a formula over the bands. */
export type ChangeOf = { kind: 'band'; band: number } | { kind: 'formula'; node: Node }

/**
 * A band's value in the unit the legend states: reflectance (the optical files hold it × 10,000), or
 * backscatter in dB for a one-band radar image.
 */
function bandValue(r: Raster, at: number, band: number): number {
  return r.bands < 4 ? dbOf(r.data[at]) : r.data[at + band] / 10_000
}

/**
 * After minus before on the grid, per pixel (nearest sample of each image at the pixel's centre); NaN where
 * either image has no data or the formula is undefined.
 */
export function differenceOf(before: Raster, after: Raster, grid: Grid, what: ChangeOf): Float32Array {
  const out = new Float32Array(grid.width * grid.height)
  const [w, , e, n] = grid.bbox
  const dx = (e - w) / grid.width
  const dy = (n - grid.bbox[1]) / grid.height
  const pxA = new Float64Array(before.bands)
  const pxB = new Float64Array(after.bands)
  for (let y = 0; y < grid.height; y++) {
    const lat = n - (y + 0.5) * dy
    for (let x = 0; x < grid.width; x++) {
      const lon = w + (x + 0.5) * dx
      const i = y * grid.width + x
      const a = sampleIndex(before, lon, lat)
      const b = sampleIndex(after, lon, lat)
      if (a < 0 || b < 0) {
        out[i] = NaN
        continue
      }
      if (what.kind === 'band') {
        out[i] = bandValue(after, b, what.band) - bandValue(before, a, what.band)
      } else {
        for (let k = 0; k < before.bands; k++) pxA[k] = before.data[a + k]
        for (let k = 0; k < after.bands; k++) pxB[k] = after.data[b + k]
        out[i] = evaluate(what.node, pxB) - evaluate(what.node, pxA)
      }
    }
  }
  return out
}

/** The difference at a point, or null outside the grid or where it is unknown. */
export function valueAt(grid: Grid, values: Float32Array, lon: number, lat: number): number | null {
  const [w, s, e, n] = grid.bbox
  const x = Math.floor(((lon - w) / (e - w)) * grid.width)
  const y = Math.floor(((n - lat) / (n - s)) * grid.height)
  if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return null
  const v = values[y * grid.width + x]
  return Number.isFinite(v) ? v : null
}

/** The index of a point's first sample in a raster, or -1 outside it or on nodata. */
function sampleIndex(r: Raster, lon: number, lat: number): number {
  const [w, s, e, n] = r.bbox
  const x = Math.floor(((lon - w) / (e - w)) * r.width)
  const y = Math.floor(((n - lat) / (n - s)) * r.height)
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return -1
  const at = (y * r.width + x) * r.bands
  return r.data[at] === r.nodata ? -1 : at
}

/**
 * The ramp's half-width: the 98th percentile of the absolute change (so a few extreme pixels do not wash the
 * rest out), the same on both sides so that white is no change. 1 when nothing changed or nothing is known.
 */
export function divergingLimit(values: Float32Array): number {
  const step = Math.max(1, Math.floor(values.length / 65_536))
  const kept: number[] = []
  for (let i = 0; i < values.length; i += step) if (Number.isFinite(values[i])) kept.push(Math.abs(values[i]))
  const limit = percentile(Float32Array.from(kept).sort(), 0.98)
  return limit > 0 ? limit : 1
}

/** Blue (lower after) through a light neutral (no change) to red (higher after). */
export const DIVERGING: readonly [number, number, number][] = [
  [33, 102, 172],
  [103, 169, 207],
  [247, 247, 247],
  [239, 138, 98],
  [178, 24, 43],
]

/** The ramp's colour at `t` from −1 (lowest) to 1 (highest). */
export function divergingColour(t: number): [number, number, number] {
  const x = ((Math.min(1, Math.max(-1, t)) + 1) / 2) * (DIVERGING.length - 1)
  const i = Math.min(DIVERGING.length - 2, Math.floor(x))
  const f = x - i
  const a = DIVERGING[i]
  const b = DIVERGING[i + 1]
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f)) as [number, number, number]
}

/** The legend's CSS gradient, left (lower after) to right (higher after). */
export const divergingGradient = () =>
  `linear-gradient(to right, ${DIVERGING.map((c, i) => `rgb(${c.join(' ')}) ${Math.round((i / (DIVERGING.length - 1)) * 100)}%`).join(', ')})`

/** The difference as RGBA through the ramp, ±`limit` at its ends; unknown pixels transparent. */
export function renderDifference(values: Float32Array, limit: number): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(values.length * 4)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    const [r, g, b] = divergingColour(v / limit)
    out[i * 4] = r
    out[i * 4 + 1] = g
    out[i * 4 + 2] = b
    out[i * 4 + 3] = 255
  }
  return out
}

/** Changed areas smaller than this many grid pixels are specks (noise, a cloud's edge), not change. */
export const MIN_REGION_PX = 6

/**
 * The pixels whose change is at least `threshold` either way (1) or not (0), with connected regions
 * (four-neighbour) smaller than `minPixels` left out; `regions` counts those kept.
 */
export function changedMask(
  values: Float32Array,
  width: number,
  height: number,
  threshold: number,
  minPixels = MIN_REGION_PX,
): { mask: Uint8Array; regions: number; pixels: number } {
  const n = width * height
  const mask = new Uint8Array(n)
  for (let i = 0; i < n; i++) if (Math.abs(values[i]) >= threshold) mask[i] = 1
  // Flood each region once (2 marks it seen); too small ones are cleared again.
  const stack: number[] = []
  const members: number[] = []
  let regions = 0
  let pixels = 0
  for (let start = 0; start < n; start++) {
    if (mask[start] !== 1) continue
    members.length = 0
    stack.push(start)
    mask[start] = 2
    while (stack.length > 0) {
      const i = stack.pop() as number
      members.push(i)
      const x = i % width
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]
      for (const j of neighbours) {
        if (j >= 0 && j < n && mask[j] === 1) {
          mask[j] = 2
          stack.push(j)
        }
      }
    }
    if (members.length < minPixels) for (const i of members) mask[i] = 0
    else {
      regions++
      pixels += members.length
    }
  }
  for (let i = 0; i < n; i++) if (mask[i] === 2) mask[i] = 1
  return { mask, regions, pixels }
}

/**
 * The outline of the mask's regions as closed rings of grid corners ([x, y], y downwards), holes included,
 * each straight run of edges one segment. Every edge between a set pixel and an unset one (or the grid's
 * border) is walked once.
 */
export function outlineRings(mask: Uint8Array, width: number, height: number): [number, number][][] {
  const set = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1
  const key = (x: number, y: number) => y * (width + 1) + x
  // Directed edges, clockwise around each set pixel on screen; from each corner, the edges leaving it.
  const out = new Map<number, number[]>()
  const ends: number[] = []
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    const from = key(x0, y0)
    ends.push(key(x1, y1))
    const list = out.get(from)
    if (list) list.push(ends.length - 1)
    else out.set(from, [ends.length - 1])
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!set(x, y)) continue
      if (!set(x, y - 1)) add(x, y, x + 1, y)
      if (!set(x + 1, y)) add(x + 1, y, x + 1, y + 1)
      if (!set(x, y + 1)) add(x + 1, y + 1, x, y + 1)
      if (!set(x - 1, y)) add(x, y + 1, x, y)
    }
  }
  const used = new Uint8Array(ends.length)
  const rings: [number, number][][] = []
  const corner = (k: number): [number, number] => [k % (width + 1), Math.floor(k / (width + 1))]
  for (const [from, list] of out) {
    for (const first of list) {
      if (used[first]) continue
      // Every corner has as many edges in as out, so a walk from `from` can only end there.
      const ring: [number, number][] = [corner(from)]
      let edge = first
      for (;;) {
        used[edge] = 1
        const at = ends[edge]
        ring.push(corner(at))
        if (at === from) break
        const next = (out.get(at) ?? []).find((e) => !used[e])
        if (next === undefined) break
        edge = next
      }
      rings.push(straighten(ring))
    }
  }
  return rings
}

/** A closed ring without its corners that lie on a straight line between their neighbours. */
function straighten(ring: [number, number][]): [number, number][] {
  const open = ring.slice(0, -1)
  const kept = open.filter((p, i) => {
    const a = open[(i - 1 + open.length) % open.length]
    const b = open[(i + 1) % open.length]
    return (p[0] - a[0]) * (b[1] - p[1]) !== (p[1] - a[1]) * (b[0] - p[0])
  })
  return [...kept, kept[0]]
}

/** Rings of grid corners placed on the map: longitude and latitude of each corner. */
export function ringsToLonLat(rings: [number, number][][], grid: Grid): [number, number][][] {
  const [w, s, e, n] = grid.bbox
  const dx = (e - w) / grid.width
  const dy = (n - s) / grid.height
  return rings.map((r) => r.map(([x, y]) => [w + x * dx, n - y * dy]))
}

/**
 * The mask's area in km²: each row's pixel measured as a small polygon on the ellipsoid (geodesic, through
 * lib/geo: pixels shrink towards the poles), times the row's set pixels.
 */
export function maskAreaKm2(mask: Uint8Array, grid: Grid): number {
  const [w, s, e, n] = grid.bbox
  const dx = (e - w) / grid.width
  const dy = (n - s) / grid.height
  let total = 0
  for (let y = 0; y < grid.height; y++) {
    let count = 0
    for (let x = 0; x < grid.width; x++) count += mask[y * grid.width + x]
    if (count === 0) continue
    const top = n - y * dy
    const cell: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [w, top - dy],
          [w + dx, top - dy],
          [w + dx, top],
          [w, top],
          [w, top - dy],
        ],
      ],
    }
    total += count * areaKm2(cell)
  }
  return total
}

/** The threshold a review starts at: half the ramp's half-width, to two significant figures. */
export const defaultThreshold = (limit: number) => Number((limit / 2).toPrecision(2))
