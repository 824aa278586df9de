/**
 * A time-lapse of one area, the pure part: which stored items become frames (in time order, the ones that
 * cover too little of the area or are too cloudy left out and counted), one stretch for every frame, the
 * area's mask on an overview's pixels, the mean of a formula inside it, and the series as CSV.
 */
import type { Polygon } from 'geojson'
import type { Raster } from './render'
import { channelValues, formulaFor, type Limits, type ImageView } from './view'

/** A stored item that could be a frame, reduced to what choosing frames reads. */
export interface FrameCandidate {
  /** Unique among candidates: `collectionId/itemId`. */
  key: string
  /** Acquisition time, ms since the epoch. */
  time: number
  /** Cloud cover in percent, null where the item has none (radar). */
  cloud: number | null
  /** Share (0–1) of the area the item's footprint covers. */
  coverage: number
  /**
   * The satellite or constellation: two deliveries of one acquisition share it and the time. Null for what
   * names none (a process's outputs), which are never taken for one another.
   */
  constellation: string | null
}

export interface FrameFilters {
  /** Least share (0–1) of the area a frame must cover. */
  minCoverage: number
  /** Most cloud cover (percent) a frame may have; items without a cloud figure pass. */
  maxCloud: number
}

export const DEFAULT_FILTERS: Readonly<FrameFilters> = { minCoverage: 0.5, maxCloud: 40 }

/** The most frames one time-lapse reads and plays: the newest ones when more qualify. */
export const MAX_FRAMES = 24

export interface LeftOut {
  /** Covering less of the area than the filter asks. */
  coverage: number
  /** Cloudier than the filter allows. */
  cloud: number
  /** The same acquisition delivered again (ordered twice): played once. */
  repeat: number
  /** Older than the newest MAX_FRAMES that qualify. */
  beyondCap: number
}

export interface FrameSelection<T extends FrameCandidate> {
  frames: T[]
  leftOut: LeftOut
}

/** The candidates that become frames, oldest first (ties by key), and how many were left out and why. */
export function selectFrames<T extends FrameCandidate>(
  candidates: readonly T[],
  filters: FrameFilters,
  cap = MAX_FRAMES,
): FrameSelection<T> {
  const leftOut: LeftOut = { coverage: 0, cloud: 0, repeat: 0, beyondCap: 0 }
  const kept: T[] = []
  for (const c of candidates) {
    if (!(c.coverage >= filters.minCoverage)) leftOut.coverage++
    else if (c.cloud !== null && c.cloud > filters.maxCloud) leftOut.cloud++
    else kept.push(c)
  }
  kept.sort((a, b) => a.time - b.time || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const once: T[] = []
  const seen = new Set<string>()
  for (const c of kept) {
    const acquisition = `${c.time}|${c.constellation}`
    if (c.constellation !== null && seen.has(acquisition)) leftOut.repeat++
    else {
      seen.add(acquisition)
      once.push(c)
    }
  }
  leftOut.beyondCap = Math.max(0, once.length - cap)
  return { frames: once.slice(once.length - Math.min(cap, once.length)), leftOut }
}

/**
 * Frames read at once. Each frame is its own file read by Range requests in the one reader worker: read all
 * together, the first frame shown waits behind every other (and a store that makes files on demand, as the
 * simulator does, remakes each file per request once more are open than it keeps). Two overlap one frame's
 * requests with the other's decoding.
 */
export const FRAMES_READ_AT_ONCE = 2

/**
 * How many frames, from the first, may be read now: frames are read in play order, at most `atOnce` of them
 * unsettled (neither read nor failed) at a time. The prefix only grows as frames settle. Until the first
 * frame is shown (`firstShown`), it is read alone: no other read shares the reader, the network or the
 * page's thread with the picture the analyst waits for.
 */
export function framesToRead(
  settled: readonly boolean[],
  atOnce = FRAMES_READ_AT_ONCE,
  firstShown = true,
): number {
  if (!firstShown) return Math.min(1, settled.length)
  let open = 0
  for (let i = 0; i < settled.length; i++) {
    if (settled[i]) continue
    if (open === atOnce) return i
    open++
  }
  return settled.length
}

export const leftOutTotal = (l: LeftOut) => l.coverage + l.cloud + l.repeat + l.beyondCap

/**
 * The view every frame is drawn in: the page's, with its stretch fixed to the limits the reference frame
 * gave (unless the analyst set limits), so a frame is brighter than another only where its ground is.
 */
export function frameView(view: ImageView, referenceLimits: Limits[] | null): ImageView {
  if (view.stretch.kind === 'custom' || !referenceLimits) return view
  return { ...view, stretch: { kind: 'custom', limits: referenceLimits } }
}

/**
 * Which pixels of an overview have their centre inside the area (1) or not (0): row by row, each ring's
 * crossings with the row's centre line, filled between pairs (even–odd within a polygon, so holes stay
 * out; the polygons joined). `bbox` is the overview's [west, south, east, north].
 */
export function aoiMask(
  width: number,
  height: number,
  bbox: readonly [number, number, number, number],
  polygons: readonly Polygon[],
): Uint8Array {
  const [w, s, e, n] = bbox
  const dx = (e - w) / width
  const dy = (n - s) / height
  const mask = new Uint8Array(width * height)
  const xs: number[] = []
  for (let y = 0; y < height; y++) {
    const lat = n - (y + 0.5) * dy
    for (const p of polygons) {
      xs.length = 0
      for (const ring of p.coordinates) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [x1, y1] = ring[j]
          const [x2, y2] = ring[i]
          // Half-open on the lower end, so a vertex on the line counts once.
          if (y1 <= lat !== y2 <= lat) xs.push(x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1))
        }
      }
      xs.sort((a, b) => a - b)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil((xs[k] - w) / dx - 0.5))
        const to = Math.min(width - 1, Math.floor((xs[k + 1] - w) / dx - 0.5))
        for (let x = from; x <= to; x++) mask[y * width + x] = 1
      }
    }
  }
  return mask
}

/** The mean of the finite values where the mask is set, and how many there were (mean null when none). */
export function meanInMask(
  values: ArrayLike<number>,
  mask: Uint8Array,
): { mean: number | null; pixels: number } {
  let sum = 0
  let pixels = 0
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue
    const v = values[i]
    if (!Number.isFinite(v)) continue
    sum += v
    pixels++
  }
  return { mean: pixels > 0 ? sum / pixels : null, pixels }
}

/**
 * The mean of a formula over the area on one overview (the raw values, not the stretched colours), or why
 * the formula cannot be read for its bands.
 */
export function formulaMean(
  raster: Raster,
  formula: string,
  polygons: readonly Polygon[],
): { mean: number | null; pixels: number } | { error: string } {
  const parsed = formulaFor(raster.bands, formula)
  if ('error' in parsed) return { error: parsed.error.message }
  const [values] = channelValues(
    raster,
    { preset: 'true-colour', formula, stretch: { kind: 'percentile' } },
    parsed.node,
  )
  return meanInMask(values, aoiMask(raster.width, raster.height, raster.bbox, polygons))
}

/** One frame's point of the series. */
export interface SeriesPoint {
  time: number
  itemId: string
  mean: number | null
  pixels: number
}

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/** The series as CSV, one row per date (ISO day, the acquisition time, the item, the formula, the mean). */
export function seriesCsv(points: readonly SeriesPoint[], formula: string): string {
  const rows = [['date', 'acquired', 'item_id', 'formula', 'mean', 'pixels_in_aoi'].join(',')]
  for (const p of [...points].sort((a, b) => a.time - b.time)) {
    const iso = new Date(p.time).toISOString()
    rows.push(
      [
        iso.slice(0, 10),
        iso,
        csvField(p.itemId),
        csvField(formula),
        p.mean === null ? '' : String(Number(p.mean.toPrecision(6))),
        String(p.pixels),
      ].join(','),
    )
  }
  return `${rows.join('\n')}\n`
}
