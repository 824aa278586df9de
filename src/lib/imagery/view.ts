/**
 * How one image is looked at, beyond its band combination: a stretch per channel (2–98 % percentiles by
 * default, the image's min and max, or limits the analyst dragged on its histogram) and a band maths formula
 * drawn through a colour ramp. Pure: the values of each channel, their histograms and limits, the RGBA
 * pixels, and the view's form in a URL.
 */
import { bandNamesFor, evaluate, tryParse, type Node } from './formula'
import { presetForImage } from './layers'
import { dbOf, renderPreset, type Preset, type Raster } from './render'

export type Stretch = { kind: 'percentile' } | { kind: 'minmax' } | { kind: 'custom'; limits: Limits[] }
export type Limits = [number, number]

export interface ImageView {
  preset: Preset
  /** The formula typed (null: the band combination is shown). */
  formula: string | null
  stretch: Stretch
}

export const DEFAULT_VIEW: ImageView = {
  preset: 'true-colour',
  formula: null,
  stretch: { kind: 'percentile' },
}

/**
 * Band maths presets: the formula each fills in, and the bands it needs. The radar ratio is VV over VH in dB:
 * the samples are amplitudes, so 20·log10 of their ratio is σ⁰VV − σ⁰VH in dB (about 13 dB on calm water,
 * 5–9 dB over vegetation, where volume scattering depolarises most).
 */
export const FORMULA_PRESETS: { name: string; formula: string; needs: string[]; says: string }[] = [
  { name: 'NDVI', formula: '(nir - red) / (nir + red)', needs: ['nir', 'red'], says: 'vegetation' },
  { name: 'NDWI', formula: '(green - nir) / (green + nir)', needs: ['green', 'nir'], says: 'open water' },
  { name: 'NDBI', formula: '(swir - nir) / (swir + nir)', needs: ['swir', 'nir'], says: 'built-up land' },
  {
    name: 'Radar ratio',
    formula: '20 * log10(vv / vh)',
    needs: ['vv', 'vh'],
    says: 'co- to cross-polarised, σ⁰VV − σ⁰VH in dB',
  },
]

/** The presets whose bands an image has (its band names from `bandNamesFor`). */
export const formulaPresetsFor = (names: readonly string[]) =>
  FORMULA_PRESETS.filter((p) => p.needs.every((b) => names.includes(b)))

/** The channels a view draws, with their names: three for a colour composite, one for radar or a formula. */
export function channelNames(bands: number, view: ImageView): string[] {
  if (view.formula !== null) return ['Formula']
  if (bands < 4 || view.preset === 'radar-db') return ['Backscatter (dB)']
  if (view.preset === 'false-colour') return ['NIR', 'Red', 'Green']
  if (view.preset === 'ndvi') return ['NDVI']
  return ['Red', 'Green', 'Blue']
}

/** Each channel's value per pixel (NaN on nodata or where a formula is undefined). */
export function channelValues(r: Raster, view: ImageView, formula: Node | null): Float32Array[] {
  const n = r.width * r.height
  const b = r.bands
  const d = r.data
  const nodata = r.nodata
  const names = channelNames(b, view)
  const out = names.map(() => new Float32Array(n))
  const optical = b >= 4
  if (!formula && optical && (view.preset === 'true-colour' || view.preset === 'false-colour')) {
    // The composites, the default view: one typed loop per pixel, no lookups (the first frame's path).
    const [c0, c1, c2] = out
    const [k0, k1, k2] = view.preset === 'false-colour' ? [3, 0, 1] : [0, 1, 2]
    for (let i = 0, s = 0; i < n; i++, s += b) {
      if (d[s] === nodata) {
        c0[i] = c1[i] = c2[i] = NaN
        continue
      }
      c0[i] = d[s + k0]
      c1[i] = d[s + k1]
      c2[i] = d[s + k2]
    }
    return out
  }
  const px = new Float64Array(b)
  const first = out[0]
  for (let i = 0; i < n; i++) {
    const s = i * b
    if (d[s] === nodata) {
      for (const c of out) c[i] = NaN
      continue
    }
    if (formula) {
      for (let k = 0; k < b; k++) px[k] = d[s + k]
      first[i] = evaluate(formula, px)
    } else if (!optical || view.preset === 'radar-db') first[i] = dbOf(d[s])
    else {
      // NDVI (the composites took the loop above).
      const red = d[s]
      const nir = d[s + 3]
      first[i] = red + nir === 0 ? NaN : (nir - red) / (nir + red)
    }
  }
  return out
}

/** The finite values, sorted (at most `cap` of them, evenly taken, so a large overview stays quick). */
function sortedSample(values: Float32Array, cap = 65_536): Float32Array {
  const step = Math.max(1, Math.floor(values.length / cap))
  const kept = new Float32Array(Math.ceil(values.length / step))
  let k = 0
  for (let i = 0; i < values.length; i += step) if (Number.isFinite(values[i])) kept[k++] = values[i]
  return kept.subarray(0, k).sort()
}

/** The value below which `share` (0..1) of the finite values lie; NaN when there are none. */
export function percentile(sorted: Float32Array, share: number): number {
  if (sorted.length === 0) return NaN
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round(share * (sorted.length - 1))))
  return sorted[at]
}

/** A channel's limits under a stretch: 2–98 % percentiles, or its min and max. */
export function autoLimits(values: Float32Array, kind: 'percentile' | 'minmax'): Limits {
  const sorted = sortedSample(values)
  if (sorted.length === 0) return [0, 1]
  const lo = kind === 'percentile' ? percentile(sorted, 0.02) : sorted[0]
  const hi = kind === 'percentile' ? percentile(sorted, 0.98) : sorted[sorted.length - 1]
  return hi > lo ? [lo, hi] : [lo, lo + 1]
}

/** The limits a view's stretch gives each channel (custom limits where given, else the 2–98 % ones). */
export function limitsOf(channels: Float32Array[], stretch: Stretch): Limits[] {
  return channels.map((c, i) =>
    stretch.kind === 'custom' && stretch.limits[i]
      ? stretch.limits[i]
      : autoLimits(c, stretch.kind === 'minmax' ? 'minmax' : 'percentile'),
  )
}

/** A channel's histogram: `bins` counts between its min and max (finite values only). */
export function histogram(values: Float32Array, bins = 64): { range: Limits; counts: number[] } {
  const range = autoLimits(values, 'minmax')
  const counts = new Array<number>(bins).fill(0)
  const width = (range[1] - range[0]) / bins
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isFinite(v)) continue
    counts[Math.min(bins - 1, Math.max(0, Math.floor((v - range[0]) / width)))]++
  }
  return { range, counts }
}

/** The formula's colour ramp: deep blue through teal and green to yellow (low to high). */
export const RAMP: readonly [number, number, number][] = [
  [48, 18, 59],
  [40, 98, 200],
  [30, 170, 170],
  [120, 200, 80],
  [250, 230, 40],
]

export function rampColour(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1)
  const i = Math.min(RAMP.length - 2, Math.floor(x))
  const f = x - i
  const a = RAMP[i]
  const b = RAMP[i + 1]
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f)) as [number, number, number]
}

export const rampGradient = () =>
  `linear-gradient(to right, ${RAMP.map((c, i) => `rgb(${c.join(' ')}) ${Math.round((i / (RAMP.length - 1)) * 100)}%`).join(', ')})`

/** The channels as RGBA under their limits: three as red, green, blue; one as grey, or the ramp for a formula. */
export function renderChannels(
  width: number,
  height: number,
  channels: Float32Array[],
  limits: Limits[],
  ramp: boolean,
): Uint8ClampedArray<ArrayBuffer> {
  const n = width * height
  const out = new Uint8ClampedArray(n * 4)
  if (channels.length >= 3) {
    // Three channels (the default view): typed loops with each channel's offset and scale at hand.
    const [c0, c1, c2] = channels
    const [lo0, lo1, lo2] = [limits[0][0], limits[1][0], limits[2][0]]
    const [d0, d1, d2] = [0, 1, 2].map((c) => limits[c][1] - limits[c][0])
    for (let i = 0, o = 0; i < n; i++, o += 4) {
      const r = c0[i]
      if (Number.isNaN(r)) continue
      // The same sums as ((v - lo) / (hi - lo)) * 255 rounded, so the pixels are those of before.
      out[o] = Math.round(((r - lo0) / d0) * 255)
      out[o + 1] = Math.round(((c1[i] - lo1) / d1) * 255)
      out[o + 2] = Math.round(((c2[i] - lo2) / d2) * 255)
      out[o + 3] = 255
    }
    return out
  }
  const [lo, hi] = limits[0]
  const values = channels[0]
  for (let i = 0; i < n; i++) {
    const o = i * 4
    const v = values[i]
    if (!Number.isFinite(v)) continue
    const t = (v - lo) / (hi - lo)
    if (ramp) {
      const [r, g, b] = rampColour(t)
      out[o] = r
      out[o + 1] = g
      out[o + 2] = b
    } else {
      out[o] = out[o + 1] = out[o + 2] = Math.round(Math.min(1, Math.max(0, t)) * 255)
    }
    out[o + 3] = 255
  }
  return out
}

/** The formula parsed for an image's bands, or why it cannot be. */
export const formulaFor = (bands: number, formula: string) => tryParse(formula, bandNamesFor(bands))

const STRETCH_WORDS = { percentile: 'p2-98', minmax: 'minmax' } as const

/** The view as URL parameters (the defaults left out), so a link opens the same view. */
export function viewToParams(view: ImageView): Record<string, string> {
  const out: Record<string, string> = {}
  if (view.preset !== DEFAULT_VIEW.preset) out.bands = view.preset
  if (view.formula !== null) out.formula = view.formula
  if (view.stretch.kind === 'minmax') out.stretch = STRETCH_WORDS.minmax
  if (view.stretch.kind === 'custom')
    out.stretch = view.stretch.limits.map(([lo, hi]) => `${round(lo)},${round(hi)}`).join(';')
  return out
}

const round = (v: number) => String(Number(v.toPrecision(5)))

const PRESETS: readonly Preset[] = ['true-colour', 'false-colour', 'ndvi', 'radar-db']

/** The view a URL's parameters give; anything unreadable falls back to the default of that part. */
export function viewFromParams(params: URLSearchParams): ImageView {
  const bands = params.get('bands')
  const preset = PRESETS.find((p) => p === bands) ?? DEFAULT_VIEW.preset
  const formula = params.get('formula')
  const s = params.get('stretch')
  let stretch: Stretch = DEFAULT_VIEW.stretch
  if (s === STRETCH_WORDS.minmax) stretch = { kind: 'minmax' }
  else if (s) {
    const limits = s.split(';').map((pair) => pair.split(',').map(Number))
    if (limits.length > 0 && limits.every((l) => l.length === 2 && l.every(Number.isFinite) && l[1] > l[0]))
      stretch = { kind: 'custom', limits: limits as Limits[] }
  }
  return { preset, formula: formula === null ? null : formula, stretch }
}

/** A view's identity for caches: what changes its pixels. */
export const viewKey = (v: ImageView) => JSON.stringify([v.preset, v.formula, v.stretch])

/**
 * The view an overview is drawn in: the image's own first combination where it lacks the one asked (radar
 * among optical), and a formula that does not parse for its bands left out (the field says why). Its key is
 * what `renderView` names its pixels by, so a rendering made elsewhere (the reader's worker) can be matched.
 */
export function shownView(r: Pick<Raster, 'bands'>, view: ImageView) {
  const parsed = view.formula !== null ? formulaFor(r.bands, view.formula) : null
  const node = parsed && 'node' in parsed ? parsed.node : null
  const preset = presetForImage(r.bands, view.preset)
  const shown: ImageView = { ...view, preset, formula: node ? view.formula : null }
  return { node, shown, key: viewKey(shown) }
}

/**
 * An overview's values, limits and RGBA pixels in a view. A formula that does not parse for the image's
 * bands draws its band combination instead (the field says why).
 */
export function renderView(r: Raster, view: ImageView) {
  const { node, shown, key } = shownView(r, view)
  const channels = channelValues(r, shown, node)
  const limits = limitsOf(channels, view.stretch)
  // NDVI keeps its fixed ramp, which its legend reads; the stretch applies to composites, radar and formulas.
  const rgba =
    !node && shown.preset === 'ndvi'
      ? renderPreset(r, 'ndvi')
      : renderChannels(r.width, r.height, channels, limits, node !== null)
  return { node, channels, limits, rgba, key, shown }
}
