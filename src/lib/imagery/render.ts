/**
 * Delivered imagery in the browser, the pure part: which overview of a Cloud-Optimized GeoTIFF a view needs,
 * the band maths of each preset (true colour, false colour, NDVI, radar dB) into RGBA pixels, the NDVI
 * colour ramp its legend shows, and the values of the pixel under a point.
 */

/** Pixel-interleaved samples of one overview, with the box they cover. */
export interface Raster {
  width: number
  height: number
  bands: number
  data: ArrayLike<number>
  /** [west, south, east, north], degrees. */
  bbox: [number, number, number, number]
  nodata: number
}

export type Preset = 'true-colour' | 'false-colour' | 'ndvi' | 'radar-db'

export const PRESET_LABELS: Record<Preset, string> = {
  'true-colour': 'True colour',
  'false-colour': 'False colour (NIR, red, green)',
  ndvi: 'NDVI',
  'radar-db': 'Backscatter (dB)',
}

/** The presets an image offers: four bands (red, green, blue, near infrared) or one radar band. */
export const presetsFor = (bands: number): Preset[] =>
  bands >= 4 ? ['true-colour', 'false-colour', 'ndvi'] : ['radar-db']

/**
 * The overview to read: the smallest level at least `targetPx` across (so the view is not blurred), else the
 * largest there is. `widths` lists the levels' widths in any order; returns an index into it.
 */
export function chooseOverview(widths: readonly number[], targetPx: number): number {
  let best = -1
  for (let i = 0; i < widths.length; i++) {
    if (widths[i] >= targetPx && (best < 0 || widths[i] < widths[best])) best = i
  }
  if (best >= 0) return best
  return widths.reduce((b, w, i) => (w > widths[b] ? i : b), 0)
}

/** Reflectance stretch: 0 to 30 % (× 10,000 in the file) onto 0–255, with a light gamma. */
const REFLECTANCE_TOP = 3000
const GAMMA = 1 / 1.3
/** Radar amplitude scale (the file holds amplitude × 10,000) and the dB window shown. */
const RADAR_SCALE = 10_000
export const DB_RANGE: [number, number] = [-25, 5]

const byte = (v: number) => (v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255))
export const stretch = (v: number, lo: number, hi: number) => byte((v - lo) / (hi - lo))
const reflectanceByte = (v: number) => byte(Math.pow(Math.max(0, v) / REFLECTANCE_TOP, GAMMA))

/** Sigma nought in dB from a radar sample (amplitude × 10,000). */
export const dbOf = (sample: number) => 20 * Math.log10(sample / RADAR_SCALE)

/** NDVI from red and near infrared; 0 where both are 0. */
export const ndviOf = (red: number, nir: number) => (red + nir === 0 ? 0 : (nir - red) / (nir + red))

/** The NDVI ramp: water and cloud brown-grey, bare ground tan, vegetation light to deep green. */
export const NDVI_STOPS: readonly { at: number; color: [number, number, number] }[] = [
  { at: -0.5, color: [80, 80, 110] },
  { at: 0, color: [166, 130, 95] },
  { at: 0.2, color: [222, 206, 140] },
  { at: 0.4, color: [145, 191, 82] },
  { at: 0.6, color: [60, 150, 50] },
  { at: 0.9, color: [0, 80, 30] },
]

export function ndviColour(v: number): [number, number, number] {
  const stops = NDVI_STOPS
  if (v <= stops[0].at) return stops[0].color
  for (let i = 1; i < stops.length; i++) {
    if (v <= stops[i].at) {
      const a = stops[i - 1]
      const b = stops[i]
      const t = (v - a.at) / (b.at - a.at)
      return [0, 1, 2].map((k) => Math.round(a.color[k] + (b.color[k] - a.color[k]) * t)) as [
        number,
        number,
        number,
      ]
    }
  }
  return stops[stops.length - 1].color
}

/** The CSS gradient of the NDVI legend, from the ramp's first stop to its last. */
export function ndviGradient(): string {
  const [lo, hi] = [NDVI_STOPS[0].at, NDVI_STOPS[NDVI_STOPS.length - 1].at]
  const parts = NDVI_STOPS.map(
    (s) => `rgb(${s.color.join(' ')}) ${Math.round(((s.at - lo) / (hi - lo)) * 100)}%`,
  )
  return `linear-gradient(to right, ${parts.join(', ')})`
}

/** The raster as RGBA pixels in a preset; nodata pixels transparent. */
export function renderPreset(r: Raster, preset: Preset): Uint8ClampedArray<ArrayBuffer> {
  const n = r.width * r.height
  const out = new Uint8ClampedArray(n * 4)
  const d = r.data
  const b = r.bands
  for (let i = 0; i < n; i++) {
    const s = i * b
    if (d[s] === r.nodata) continue
    const o = i * 4
    if (preset === 'radar-db' || b < 4) {
      const g = stretch(dbOf(d[s]), DB_RANGE[0], DB_RANGE[1])
      out[o] = g
      out[o + 1] = g
      out[o + 2] = g
    } else if (preset === 'true-colour') {
      out[o] = reflectanceByte(d[s])
      out[o + 1] = reflectanceByte(d[s + 1])
      out[o + 2] = reflectanceByte(d[s + 2])
    } else if (preset === 'false-colour') {
      // Near infrared as red, red as green, green as blue: vegetation shows red.
      out[o] = byte(Math.pow(Math.max(0, d[s + 3]) / (REFLECTANCE_TOP * 1.6), GAMMA))
      out[o + 1] = reflectanceByte(d[s])
      out[o + 2] = reflectanceByte(d[s + 1])
    } else {
      const [red, green, blue] = ndviColour(ndviOf(d[s], d[s + 3]))
      out[o] = red
      out[o + 1] = green
      out[o + 2] = blue
    }
    out[o + 3] = 255
  }
  return out
}

/** The samples of the pixel under a point, or null outside the raster or on nodata. */
export function pixelAt(r: Raster, lon: number, lat: number): number[] | null {
  const [w, s, e, n] = r.bbox
  const x = Math.floor(((lon - w) / (e - w)) * r.width)
  const y = Math.floor(((n - lat) / (n - s)) * r.height)
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return null
  const at = (y * r.width + x) * r.bands
  if (r.data[at] === r.nodata) return null
  return Array.from({ length: r.bands }, (_, k) => r.data[at + k])
}

/** What the pixel under the cursor says, in words, for the readout beside the map. */
export function describePixel(values: number[] | null): string {
  if (!values) return 'No image under the pointer'
  if (values.length === 2) {
    const [vv, vh] = values
    return `VV ${dbOf(vv).toFixed(1)} dB, VH ${dbOf(vh).toFixed(1)} dB (amplitude ${vv}, ${vh})`
  }
  if (values.length < 4) return `Backscatter ${dbOf(values[0]).toFixed(1)} dB (amplitude ${values[0]})`
  const [red, green, blue, nir, swir] = values
  const bands = `Red ${red}, green ${green}, blue ${blue}, NIR ${nir}${swir === undefined ? '' : `, SWIR ${swir}`}`
  return `${bands} · NDVI ${ndviOf(red, nir).toFixed(2)}`
}
