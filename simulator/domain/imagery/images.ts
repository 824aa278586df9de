/**
 * Deterministic synthetic satellite imagery: thumbnails, quicklooks and asset files of the simulated catalog.
 *
 * Every picture is a pure function of its arguments. The scene is laid out in coordinates normalised to the
 * image size, so a 128 px thumbnail and a 512 px quicklook of one seed show the same landscape. Only web
 * standards are used here (typed arrays, DataView), plus fflate for zlib and jpeg-js for JPEG.
 */
import { zlibSync } from 'fflate'
import { encode as encodeJpegPixels } from 'jpeg-js'
import { hashString, mulberry32 } from '../world/random'

// One implementation of the seeded PRNG for the whole simulator (FNV-1a string hash + mulberry32).
export { hashString, mulberry32 }

export type ImageFormat = 'png' | 'jpeg'

export interface SceneOptions {
  /** Percentage of the scene under cloud, 0..100 (clamped). Ignored for SAR: radar sees through cloud. */
  cloudCover?: number
  /** Grey-scale, speckled radar look instead of an optical one. */
  sar?: boolean
}

const MAX_DIMENSION = 4096

// ---------------------------------------------------------------------------------------------------------
// Noise

const LAT = 128 // lattice side; a power of two so wrapping is a mask
const LAT_MASK = LAT - 1

/** Value noise on a periodic lattice of random values, smoothstep-interpolated. Result in [0, 1). */
function valueNoise(lat: Float32Array, x: number, y: number): number {
  const xf = Math.floor(x)
  const yf = Math.floor(y)
  const tx = x - xf
  const ty = y - yf
  const sx = tx * tx * (3 - 2 * tx)
  const sy = ty * ty * (3 - 2 * ty)
  const x0 = xf & LAT_MASK
  const x1 = (xf + 1) & LAT_MASK
  const y0 = (yf & LAT_MASK) * LAT
  const y1 = ((yf + 1) & LAT_MASK) * LAT
  const a = lat[y0 + x0]
  const b = lat[y0 + x1]
  const c = lat[y1 + x0]
  const d = lat[y1 + x1]
  const top = a + (b - a) * sx
  const bottom = c + (d - c) * sx
  return top + (bottom - top) * sy
}

/** A fractal noise layer: where it reads the lattice, its base frequency (cells across the image), octaves. */
interface NoiseField {
  x: number
  y: number
  freq: number
  octaves: number
  gain: number
}

/**
 * Octaves [from, to) of a fractal sum of value noise at (u, v), in coordinates where the image's longer side
 * is 1; weighted but not normalised. Each octave doubles the frequency and turns the domain by the 3-4-5
 * angle (exact, so no trigonometry and no cross-engine rounding differences), which hides the lattice axes.
 */
function fbmPartial(
  lat: Float32Array,
  f: NoiseField,
  u: number,
  v: number,
  from: number,
  to: number,
): number {
  let px = f.x + u * f.freq
  let py = f.y + v * f.freq
  let amp = 1
  let sum = 0
  for (let o = 0; o < to; o++) {
    if (o >= from) sum += amp * valueNoise(lat, px, py)
    amp *= f.gain
    const nx = 1.6 * px - 1.2 * py + 19.31
    py = 1.2 * px + 1.6 * py + 7.77
    px = nx
  }
  return sum
}

function fbmNorm(f: NoiseField): number {
  let norm = 0
  for (let o = 0, amp = 1; o < f.octaves; o++, amp *= f.gain) norm += amp
  return norm
}

/** The fractal noise of a field at one point, normalised to [0, 1). */
function fbm(lat: Float32Array, f: NoiseField, u: number, v: number): number {
  return fbmPartial(lat, f, u, v, 0, f.octaves) / fbmNorm(f)
}

// Octaves whose lattice cells span at least COARSE_MIN_CELL px vary so smoothly that sampling them every
// COARSE_STEP px and interpolating is indistinguishable, and several times cheaper.
const COARSE_STEP = 4
const COARSE_MIN_CELL = 16

/** The fractal noise of a field at every pixel centre of a width x height image, normalised to [0, 1). */
function fbmImage(lat: Float32Array, f: NoiseField, width: number, height: number): Float32Array {
  const inv = 1 / Math.max(width, height)
  const out = new Float32Array(width * height)
  let coarse = 0
  while (coarse < f.octaves && 1 / (inv * f.freq * 2 ** coarse) >= COARSE_MIN_CELL) coarse++

  if (coarse > 0) {
    const gw = Math.ceil((width - 1) / COARSE_STEP) + 1
    const gh = Math.ceil((height - 1) / COARSE_STEP) + 1
    const grid = new Float32Array(gw * gh)
    for (let j = 0; j < gh; j++) {
      const v = (j * COARSE_STEP + 0.5) * inv
      for (let i = 0; i < gw; i++) {
        grid[j * gw + i] = fbmPartial(lat, f, (i * COARSE_STEP + 0.5) * inv, v, 0, coarse)
      }
    }
    const x0 = new Int32Array(width)
    const x1 = new Int32Array(width)
    const wx = new Float32Array(width)
    for (let x = 0; x < width; x++) {
      x0[x] = Math.floor(x / COARSE_STEP)
      x1[x] = Math.min(x0[x] + 1, gw - 1)
      wx[x] = (x - x0[x] * COARSE_STEP) / COARSE_STEP
    }
    for (let y = 0; y < height; y++) {
      const j0 = Math.floor(y / COARSE_STEP)
      const r0 = j0 * gw
      const r1 = Math.min(j0 + 1, gh - 1) * gw
      const wy = (y - j0 * COARSE_STEP) / COARSE_STEP
      for (let x = 0; x < width; x++) {
        const a = grid[r0 + x0[x]]
        const b = grid[r0 + x1[x]]
        const c = grid[r1 + x0[x]]
        const d = grid[r1 + x1[x]]
        const top = a + (b - a) * wx[x]
        out[y * width + x] = top + (c + (d - c) * wx[x] - top) * wy
      }
    }
  }
  const norm = 1 / fbmNorm(f)
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) * inv
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const fine = coarse < f.octaves ? fbmPartial(lat, f, (x + 0.5) * inv, v, coarse, f.octaves) : 0
      out[i] = (out[i] + fine) * norm
    }
  }
  return out
}

/** A well-mixed 32-bit hash of two integers and a salt (per-pixel grain, speckle, per-field choices). */
function hash3(a: number, b: number, salt: number): number {
  let h = Math.imul(a, 0x27d4eb2f) ^ Math.imul(b, 0x165667b1) ^ salt
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return h >>> 0
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = x <= edge0 ? 0 : x >= edge1 ? 1 : (x - edge0) / (edge1 - edge0)
  return t * t * (3 - 2 * t)
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x
}

// ---------------------------------------------------------------------------------------------------------
// Scene parameters (a pure function of the seed; memoised because a catalog page renders each seed twice)

interface SceneParams {
  salt: number
  lattice: Float32Array
  terrain: NoiseField
  moisture: NoiseField
  farm: NoiseField
  clouds: NoiseField
  /** Elevation below which there is water, and the elevation treated as the highest ground. */
  waterLevel: number
  peak: number
  /** Farm mask threshold: fields where the mask noise exceeds it. */
  farmLevel: number
  /** Field grid: unit direction of the furrows, cells across the image along and across them. */
  fieldDir: { c: number; s: number }
  fieldFreqP: number
  fieldFreqQ: number
  /** 0 = late-summer dry, 1 = spring green. */
  season: number
  /** Sorted cloud-noise samples: a quantile of these turns a cloud cover percentage into a threshold. */
  cloudSamples: Float32Array
}

const SAMPLE_GRID = 48

/** The field's values on a grid over the unit square, sorted, for quantiles. */
function sampleField(lat: Float32Array, f: NoiseField): Float32Array {
  const out = new Float32Array(SAMPLE_GRID * SAMPLE_GRID)
  for (let j = 0; j < SAMPLE_GRID; j++) {
    for (let i = 0; i < SAMPLE_GRID; i++) {
      out[j * SAMPLE_GRID + i] = fbm(lat, f, (i + 0.5) / SAMPLE_GRID, (j + 0.5) / SAMPLE_GRID)
    }
  }
  return out.sort()
}

function quantile(sorted: Float32Array, q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))
  return sorted[i]
}

const paramsCache = new Map<string, SceneParams>()
const PARAMS_CACHE_MAX = 64

function sceneParams(seed: string): SceneParams {
  const cached = paramsCache.get(seed)
  if (cached) return cached

  const salt = hashString(seed)
  const rand = mulberry32(salt)
  const lattice = new Float32Array(LAT * LAT)
  for (let i = 0; i < lattice.length; i++) lattice[i] = rand()
  // Each field reads its own far-apart region of the lattice.
  const field = (freq: number, octaves: number, gain: number): NoiseField => {
    return { x: rand() * LAT, y: rand() * LAT, freq, octaves, gain }
  }
  const terrain = field(2.2 + rand() * 1.6, 6, 0.5)
  const moisture = field(2 + rand() * 2, 3, 0.5)
  const farm = field(1.5 + rand() * 1.5, 2, 0.5)
  const clouds = field(2.5 + rand() * 2, 5, 0.55)

  const elevations = sampleField(lattice, terrain)
  const waterLevel = quantile(elevations, 0.04 + rand() * 0.12)
  const peak = Math.max(quantile(elevations, 0.995), waterLevel + 0.05)
  const farmLevel = quantile(sampleField(lattice, farm), 0.75 - rand() * 0.45)

  // A random direction without trigonometry: normalise a random vector (sqrt is exactly rounded everywhere).
  let dx = rand() - 0.5
  let dy = rand() - 0.5
  const len = Math.sqrt(dx * dx + dy * dy) || 1
  dx /= len
  dy /= len
  const fieldFreqP = 9 + rand() * 8
  const fieldFreqQ = fieldFreqP * (1.1 + rand() * 1.2)
  const season = rand()

  const params: SceneParams = {
    salt,
    lattice,
    terrain,
    moisture,
    farm,
    clouds,
    waterLevel,
    peak,
    farmLevel,
    fieldDir: { c: dx, s: dy },
    fieldFreqP,
    fieldFreqQ,
    season,
    cloudSamples: sampleField(lattice, clouds),
  }
  paramsCache.set(seed, params)
  if (paramsCache.size > PARAMS_CACHE_MAX) {
    const oldest = paramsCache.keys().next()
    if (!oldest.done) paramsCache.delete(oldest.value)
  }
  return params
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

// Crop colours of the field patches (RGB), and the radar backscatter of each crop (linear intensity).
const CROPS: readonly (readonly [number, number, number, number])[] = [
  [64, 112, 42, 0.3],
  [96, 132, 52, 0.24],
  [150, 142, 82, 0.18],
  [122, 98, 70, 0.12],
  [168, 154, 112, 0.15],
  [48, 88, 38, 0.36],
  [132, 150, 70, 0.22],
]

// Speckle is built from two sums of two random bytes, s in 0..510: E[s1^2 + s2^2] = 510^2 * 7 / 12.
const SPECKLE_NORM = 12 / (7 * 510 * 510)

function checkDimensions(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_DIMENSION) {
      throw new RangeError(`${name} must be an integer in 1..${MAX_DIMENSION}, got ${value}`)
    }
  }
}

function normaliseCloudCover(cover: number | undefined): number {
  if (cover === undefined || !Number.isFinite(cover)) return 0
  return Math.min(100, Math.max(0, cover))
}

/**
 * RGBA pixels (row-major, `width * height * 4` bytes, alpha always 255) of a top-down scene: fbm terrain
 * with hill shading, lakes, a patchwork of fields, and optional cloud with shadows; or, with `sar`, a
 * grey-scale speckled radar view of the same ground.
 */
export function renderScene(
  seed: string,
  width: number,
  height: number,
  opts: SceneOptions = {},
): Uint8Array {
  checkDimensions(width, height)
  const sar = opts.sar === true
  const cover = sar ? 0 : normaliseCloudCover(opts.cloudCover)
  const p = sceneParams(seed)
  const lat = p.lattice
  const n = width * height
  const scale = Math.max(width, height)
  const inv = 1 / scale

  const elev = fbmImage(lat, p.terrain, width, height)
  const moist = fbmImage(lat, p.moisture, width, height)
  const farmMask = fbmImage(lat, p.farm, width, height)

  // Ground colour (or radar backscatter) per pixel; clouds go on top afterwards.
  const out = new Uint8ClampedArray(n * 4)
  const { waterLevel, peak, farmLevel, season, salt } = p
  const landSpan = 1 / (peak - waterLevel)
  const { c: fc, s: fs } = p.fieldDir
  const fieldPx = scale / p.fieldFreqP // pixels per field, along and across the furrows
  const fieldPxQ = scale / p.fieldFreqQ
  const slopeScale = scale * 0.5
  // Season shifts the grass between dry olive and fresh green.
  const dryR = 128 - season * 20
  const dryG = 118 - season * 4
  const dryB = 74 - season * 10
  const wetR = 58 - season * 12
  const wetG = 94 + season * 14
  const wetB = 44 - season * 6

  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) * inv
    const yUp = y > 0 ? y - 1 : y
    const yDown = y < height - 1 ? y + 1 : y
    const ySpan = yDown - yUp || 1
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) * inv
      const i = y * width + x
      const e = elev[i]
      const xl = x > 0 ? x - 1 : x
      const xr = x < width - 1 ? x + 1 : x
      const gx = ((elev[y * width + xr] - elev[y * width + xl]) / (xr - xl || 1)) * slopeScale
      const gy = ((elev[yDown * width + x] - elev[yUp * width + x]) / ySpan) * slopeScale
      const grain = hash3(x, y, salt)

      let r: number
      let g: number
      let b: number
      let backscatter: number
      if (e < waterLevel) {
        // Water: shallow teal at the shore to deep blue; radar sees it as almost black.
        const depth = smoothstep(0, 0.06, waterLevel - e)
        r = 38 - depth * 26
        g = 72 - depth * 44
        b = 88 - depth * 34
        backscatter = 0.012 + 0.01 * (1 - depth)
      } else {
        const h = (e - waterLevel) * landSpan
        const m = clamp01((moist[i] - 0.5) * 2.4 + 0.5)
        // Grass from dry to wet, darker forest where it is wettest, rock on the heights, sand at the shore.
        r = dryR + (wetR - dryR) * m
        g = dryG + (wetG - dryG) * m
        b = dryB + (wetB - dryB) * m
        const forest = smoothstep(0.72, 0.9, m)
        r += (30 - r) * forest
        g += (62 - g) * forest
        b += (34 - b) * forest
        const rock = smoothstep(0.6, 0.92, h)
        r += (132 - r) * rock
        g += (122 - g) * rock
        b += (108 - b) * rock
        const sand = 1 - smoothstep(0, 0.035, h)
        r += (186 - r) * sand * 0.8
        g += (172 - g) * sand * 0.8
        b += (132 - b) * sand * 0.8
        backscatter = 0.1 + 0.14 * m + 0.1 * forest + 0.08 * rock

        // Fields on gentle lowland where the farm mask says so.
        const farmWeight =
          smoothstep(farmLevel - 0.02, farmLevel + 0.02, farmMask[i]) *
          (1 - smoothstep(0.35, 0.5, h)) *
          smoothstep(0.03, 0.06, h)
        if (farmWeight > 0) {
          const fp = (u * fc + v * fs) * p.fieldFreqP
          const fq = (v * fc - u * fs) * p.fieldFreqQ
          const row = Math.floor(fq)
          // Each row of fields is shifted, so the patchwork looks like plots, not a checkerboard.
          const shifted = fp + (hash3(row, 0x51ed, salt) & 1023) / 1024
          const col = Math.floor(shifted)
          const cell = hash3(col, row, salt ^ 0x9e3779b9)
          const crop = CROPS[cell % CROPS.length]
          const tone = 0.9 + 0.2 * valueNoise(lat, fp * 5 + 11.3, fq * 5 + 3.1)
          // Dark hedges/tracks along the plot edges, about a pixel wide whatever the image size.
          const ep = Math.min(shifted - col, col + 1 - shifted) * fieldPx
          const eq = Math.min(fq - row, row + 1 - fq) * fieldPxQ
          const edge = (1 - smoothstep(0, 1.3, Math.min(ep, eq))) * 0.55
          const cr = crop[0] * tone * (1 - edge) + 52 * edge
          const cg = crop[1] * tone * (1 - edge) + 64 * edge
          const cb = crop[2] * tone * (1 - edge) + 40 * edge
          r += (cr - r) * farmWeight
          g += (cg - g) * farmWeight
          b += (cb - b) * farmWeight
          backscatter += (crop[3] * tone - backscatter) * farmWeight
        }
        if (sar) {
          // Slopes facing the sensor (looking from the west) return more; the far slopes less.
          backscatter *= 1 + clamp01(0.5 + gx * 0.25) - 0.5
        } else {
          // Hill shading, lit from the north-west.
          const shade = 1 + Math.max(-0.35, Math.min(0.35, (gx + gy) * 0.09))
          r *= shade
          g *= shade
          b *= shade
        }
      }

      const o = i * 4
      if (sar) {
        // Multiplicative speckle: skewed, mean ~1, like a few-look intensity image; shown as amplitude.
        const s1 = (grain & 0xff) + ((grain >>> 8) & 0xff)
        const s2 = ((grain >>> 16) & 0xff) + (grain >>> 24)
        const speckle = (s1 * s1 + s2 * s2) * SPECKLE_NORM
        const grey = Math.sqrt(backscatter * speckle) * 330
        out[o] = grey
        out[o + 1] = grey
        out[o + 2] = grey
      } else {
        const noise = ((grain & 0xff) - 127.5) * 0.03
        out[o] = r + noise
        out[o + 1] = g + noise
        out[o + 2] = b + noise
      }
      out[o + 3] = 255
    }
  }

  if (cover > 0) addClouds(out, width, height, p, cover)
  return new Uint8Array(out.buffer)
}

/** Cloud blobs covering roughly `cover` percent of the image, with their shadows cast to the south-east. */
function addClouds(
  out: Uint8ClampedArray,
  width: number,
  height: number,
  p: SceneParams,
  cover: number,
): void {
  const scale = Math.max(width, height)
  const threshold = quantile(p.cloudSamples, 1 - cover / 100)
  const soft = 0.035
  const lo = threshold - soft
  const hi = threshold + soft
  // Cloud noise turned into opacity in place: thin at the edges, dense where thick, never quite opaque.
  const alpha = fbmImage(p.lattice, p.clouds, width, height)
  for (let i = 0; i < alpha.length; i++) {
    const c = alpha[i]
    alpha[i] = smoothstep(lo, hi, c) * (0.75 + 0.2 * smoothstep(hi, hi + 0.08, c))
  }
  const shadowDx = Math.round(scale * 0.02)
  const shadowDy = Math.round(scale * 0.03)
  for (let y = 0; y < height; y++) {
    const sy = y - shadowDy
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const sx = x - shadowDx
      const shadow = sx >= 0 && sy >= 0 ? alpha[sy * width + sx] * 0.4 : 0
      const a = alpha[i]
      if (a === 0 && shadow === 0) continue
      const keep = (1 - shadow) * (1 - a)
      const white = 246 * a
      const o = i * 4
      out[o] = out[o] * keep + white
      out[o + 1] = out[o + 1] * keep + white
      out[o + 2] = out[o + 2] * keep + white + 4 * a
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Encoders

function checkPixels(rgba: Uint8Array, width: number, height: number): void {
  checkDimensions(width, height)
  if (rgba.length !== width * height * 4) {
    throw new RangeError(
      `expected ${width * height * 4} RGBA bytes for ${width}x${height}, got ${rgba.length}`,
    )
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
// Noisy imagery with unfiltered rows barely compresses better at higher levels; this is the fastest setting.
const PNG_ZLIB = { level: 2, mem: 4 } as const

/**
 * A PNG file: 8-bit RGBA (colour type 6), filter type 0 on every row, one zlib IDAT chunk; with `stored`,
 * the zlib stream keeps the rows as they are, so the file's length follows from its size alone.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, stored = false): Uint8Array {
  checkPixels(rgba, width, height)
  const stride = width * 4
  const raw = new Uint8Array((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    // raw[y * (stride + 1)] stays 0: filter type None.
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  const idat = zlibSync(raw, stored ? { level: 0 } : PNG_ZLIB)

  const ihdr = new Uint8Array(13)
  const ihdrView = new DataView(ihdr.buffer)
  ihdrView.setUint32(0, width)
  ihdrView.setUint32(4, height)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type: truecolour with alpha
  // compression method, filter method and interlace method are all 0

  const png = new Uint8Array(PNG_SIGNATURE.length + 12 * 3 + ihdr.length + idat.length)
  const view = new DataView(png.buffer)
  png.set(PNG_SIGNATURE, 0)
  let pos = PNG_SIGNATURE.length
  const chunk = (type: string, data: Uint8Array) => {
    view.setUint32(pos, data.length)
    for (let k = 0; k < 4; k++) png[pos + 4 + k] = type.charCodeAt(k)
    png.set(data, pos + 8)
    view.setUint32(pos + 8 + data.length, crc32(png, pos + 4, pos + 8 + data.length))
    pos += 12 + data.length
  }
  chunk('IHDR', ihdr)
  chunk('IDAT', idat)
  chunk('IEND', new Uint8Array(0))
  return png
}

/** A baseline JPEG of RGBA pixels (alpha dropped), quality 1..100. */
export function encodeJpeg(rgba: Uint8Array, width: number, height: number, quality = 80): Uint8Array {
  checkPixels(rgba, width, height)
  const q = Math.min(100, Math.max(1, Math.round(quality)))
  const { data } = encodeJpegPixels({ data: rgba, width, height }, q)
  // Under Node jpeg-js returns a Buffer, and a small one is a slice of a shared pool: view it when it owns
  // its memory, copy it otherwise, so `.buffer` of the result never exposes unrelated bytes.
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength
    ? new Uint8Array(data.buffer, 0, data.byteLength)
    : new Uint8Array(data)
}

// ---------------------------------------------------------------------------------------------------------
// Cached entry points

const CACHE_MAX_ENTRIES = 256
// A byte budget too: 256 noisy 512 px PNG quicklooks would otherwise hold a couple of hundred MB.
const CACHE_MAX_BYTES = 64 * 1024 * 1024
const imageCache = new Map<string, Uint8Array>()
let imageCacheBytes = 0

/**
 * A `size` x `size` encoded image of the scene of `seed`, from a small LRU cache (a catalog page fetches the
 * same thumbnails again and again). Returns a fresh copy each time, so callers may keep or mutate it.
 */
export function renderImage(
  seed: string,
  format: ImageFormat,
  size: number,
  opts: SceneOptions = {},
): Uint8Array {
  const sar = opts.sar === true
  const cloudCover = sar ? 0 : normaliseCloudCover(opts.cloudCover)
  const key = JSON.stringify([seed, format, size, cloudCover, sar])
  const hit = imageCache.get(key)
  if (hit) {
    imageCache.delete(key)
    imageCache.set(key, hit)
    return hit.slice()
  }

  const rgba = renderScene(seed, size, size, { cloudCover, sar })
  const bytes = format === 'png' ? encodePng(rgba, size, size) : encodeJpeg(rgba, size, size)
  imageCache.set(key, bytes)
  imageCacheBytes += bytes.byteLength
  while (imageCache.size > CACHE_MAX_ENTRIES || (imageCacheBytes > CACHE_MAX_BYTES && imageCache.size > 1)) {
    const oldest = imageCache.entries().next()
    if (oldest.done) break
    imageCache.delete(oldest.value[0])
    imageCacheBytes -= oldest.value[1].byteLength
  }
  return bytes.slice()
}

/** The 256 x 256 PNG served as the downloadable file of an asset. */
export function renderAssetFile(seed: string): Uint8Array {
  return renderImage(seed, 'png', 256)
}
