/**
 * The pixels of a synthetic scene, the simulator's one renderer (deliveries, their previews, the catalog's
 * thumbnails and quicklooks): land and water where Natural Earth has them (the coast roughened below the
 * data's resolution), fields and woods that are bright in the near infrared and dark in red and the
 * short-wave infrared, towns, and clouds over the item's cloud-cover share; or, for radar, VV and VH
 * backscatter with speckle (water dark, towns bright, vegetation depolarising most). Pure and deterministic: the same spec and land give the same samples.
 */
import { hashString } from '../world/random'
import { fillPolygons, touches, type Grid } from './rasterise'

export interface SceneSpec {
  seed: string
  /** [west, south, east, north] of the item, degrees. */
  bbox: [number, number, number, number]
  /** The footprint's polygons (rings of [lon, lat]); outside them the file holds nodata. */
  footprint: number[][][][]
  /** 0–100; null or 0 for none. */
  cloudCover: number | null
  radar: boolean
}

export interface SceneLand {
  land: number[][][][]
  lakes: number[][][][]
}

/** Full-resolution size: the longer side `longSide` pixels, the other in proportion on the ground. */
export function sceneSize(
  bbox: [number, number, number, number],
  longSide = 1024,
): { width: number; height: number } {
  const [w, s, e, n] = bbox
  const ground = ((e - w) * Math.cos((((s + n) / 2) * Math.PI) / 180)) / Math.max(n - s, 1e-9)
  if (ground >= 1) return { width: longSide, height: Math.max(16, Math.round(longSide / ground)) }
  return { width: Math.max(16, Math.round(longSide * ground)), height: longSide }
}

// ------------------------------------------------------------------------------------------ noise

/** A hash of integer lattice coordinates and a salt, in [0, 1). */
function hash2(x: number, y: number, salt: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ salt
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

function valueNoise(x: number, y: number, salt: number): number {
  const xi = Math.floor(x)
  const yi = Math.floor(y)
  const tx = x - xi
  const ty = y - yi
  const sx = tx * tx * (3 - 2 * tx)
  const sy = ty * ty * (3 - 2 * ty)
  const a = hash2(xi, yi, salt)
  const b = hash2(xi + 1, yi, salt)
  const c = hash2(xi, yi + 1, salt)
  const d = hash2(xi + 1, yi + 1, salt)
  const top = a + (b - a) * sx
  return top + (c + (d - c) * sx - top) * sy
}

/**
 * Fractal noise on a coarse grid of `gw` × `gh` points spanning the scene, `freq` cells across at the
 * first octave; sampled bilinearly per pixel afterwards (smooth fields need no per-pixel octaves).
 */
function fbmGrid(gw: number, gh: number, freq: number, octaves: number, salt: number): Float32Array {
  const out = new Float32Array(gw * gh)
  let norm = 0
  for (let o = 0, amp = 1; o < octaves; o++, amp *= 0.5) norm += amp
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let v = 0
      let amp = 1
      let f = freq
      for (let o = 0; o < octaves; o++) {
        v += amp * valueNoise((x / gw) * f, (y / gh) * f, salt + o * 7919)
        amp *= 0.5
        f *= 2.03
      }
      out[y * gw + x] = v / norm
    }
  }
  return out
}

/** Bilinear sample of a coarse grid at pixel (px, py) of a width × height image. */
function sample(
  grid: Float32Array,
  gw: number,
  gh: number,
  px: number,
  py: number,
  width: number,
  height: number,
): number {
  const gx = (px / width) * (gw - 1)
  const gy = (py / height) * (gh - 1)
  const x0 = Math.floor(gx)
  const y0 = Math.floor(gy)
  const x1 = Math.min(x0 + 1, gw - 1)
  const y1 = Math.min(y0 + 1, gh - 1)
  const tx = gx - x0
  const ty = gy - y0
  const a = grid[y0 * gw + x0]
  const b = grid[y0 * gw + x1]
  const c = grid[y1 * gw + x0]
  const d = grid[y1 * gw + x1]
  const top = a + (b - a) * tx
  return top + (c + (d - c) * tx - top) * ty
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)))
  return t * t * (3 - 2 * t)
}

// ------------------------------------------------------------------------------------------ surfaces

// Surface reflectance × 10,000 in red, green, blue, near infrared and short-wave infrared (1.6 µm): leaves
// reflect the near infrared more than the short-wave one, bare ground and built-up land the other way round
// (NDBI above 0), and water absorbs both.
const VEGETATION = [320, 640, 360, 4300, 1900]
const SOIL = [2300, 1900, 1450, 2900, 3400]
const TOWN = [1750, 1700, 1650, 2050, 2700]
const WATER = [330, 560, 720, 140, 60]
const CLOUD = [7900, 8000, 8300, 7400, 5600]
const OPTICAL = VEGETATION.length
/** Radar samples are backscatter amplitude × RADAR_SCALE. */
export const RADAR_SCALE = 10_000

/**
 * Bands per pixel of a scene's samples: red, green, blue, near infrared and short-wave infrared for optical
 * scenes; VV and VH amplitude for radar (dual polarisation).
 */
export const bandsOf = (radar: boolean): number => (radar ? 2 : OPTICAL)

/** Land (1) and water (0) for each pixel, the coast displaced by noise so it is not a chain of straight lines. */
function landMask(grid: Grid, land: SceneLand, salt: number): Uint8Array {
  const { width, height } = grid
  const raw = new Uint8Array(width * height)
  const bbox = grid.bbox
  fillPolygons(
    raw,
    grid,
    land.land.filter((p) => touches(p, bbox)),
  )
  fillPolygons(
    raw,
    grid,
    land.lakes.filter((p) => touches(p, bbox)),
    0,
  )
  if (raw.every((v) => v === raw[0])) return raw // all land or all water: no coast to roughen
  const gw = 49
  const gh = 49
  const dx = fbmGrid(gw, gh, 6, 3, salt + 11)
  const dy = fbmGrid(gw, gh, 6, 3, salt + 23)
  const amp = Math.max(width, height) / 48
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wx = Math.round(x + (sample(dx, gw, gh, x, y, width, height) - 0.5) * 2 * amp)
      const wy = Math.round(y + (sample(dy, gw, gh, x, y, width, height) - 0.5) * 2 * amp)
      const cx = wx < 0 ? 0 : wx >= width ? width - 1 : wx
      const cy = wy < 0 ? 0 : wy >= height ? height - 1 : wy
      out[y * width + x] = raw[cy * width + cx]
    }
  }
  return out
}

/** The cloud threshold that leaves `cover` % of the footprint's samples of `field` above it. */
function cloudThreshold(
  field: Float32Array,
  gw: number,
  gh: number,
  inside: (x: number, y: number) => boolean,
  cover: number,
): number {
  if (cover <= 0) return Infinity
  const values: number[] = []
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) if (inside(x, y)) values.push(field[y * gw + x])
  if (values.length === 0) return Infinity
  values.sort((a, b) => a - b)
  const q = values[Math.min(values.length - 1, Math.floor(values.length * (1 - Math.min(100, cover) / 100)))]
  return cover >= 100 ? -Infinity : q
}

/**
 * The full-resolution samples, pixel-interleaved: 5 uint16 bands (red, green, blue, near infrared, short-wave
 * infrared; reflectance × 10,000) for optical scenes, 2 uint16 bands (backscatter amplitude × 10,000, VV then
 * VH) for radar. Nodata is 0 outside the footprint; inside, no sample is 0.
 */
export function synthesise(spec: SceneSpec, land: SceneLand, width: number, height: number): Uint16Array {
  const grid: Grid = { width, height, bbox: spec.bbox }
  const salt = hashString(spec.seed)
  const footprint = new Uint8Array(width * height)
  fillPolygons(footprint, grid, spec.footprint)
  const isLand = landMask(grid, land, salt)

  // Coarse grids, sampled bilinearly: their finest octave spans a few grid points, so nothing aliases.
  const gw = 97
  const gh = 97
  const cover = fbmGrid(gw, gh, 5, 4, salt + 101) // woods and fields against bare ground
  const towns = fbmGrid(gw, gh, 3, 4, salt + 211)
  const parcelSize = Math.max(8, Math.round(Math.max(width, height) / 40))

  if (spec.radar) {
    const out = new Uint16Array(width * height * 2)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x
        if (!footprint[i]) continue
        // Four looks of exponential speckle: the mean of four unit exponentials.
        let speckle = 0
        for (let k = 0; k < 4; k++) speckle -= Math.log(1 - hash2(x, y, salt + 31 * k + 1) * 0.999999)
        speckle /= 4
        // The cross-polarised look has speckle of its own.
        let speckleVh = 0
        for (let k = 0; k < 4; k++) speckleVh -= Math.log(1 - hash2(x, y, salt + 31 * k + 17) * 0.999999)
        speckleVh /= 4
        // sigma: VV (co-polarised) power; cross: the VH share of it. Calm water hardly depolarises (about
        // −13 dB), towns' double bounce little (about −9 dB), fields and woods most (volume scattering,
        // −8 to −5 dB as the vegetation thickens).
        let sigma: number
        let cross: number
        if (!isLand[i]) {
          sigma = 0.0025 * (0.6 + 0.8 * sample(cover, gw, gh, x, y, width, height))
          cross = 0.05
        } else {
          const v = sample(cover, gw, gh, x, y, width, height)
          const t = smoothstep(0.62, 0.7, sample(towns, gw, gh, x, y, width, height))
          const parcel = hash2(Math.floor(x / parcelSize), Math.floor(y / parcelSize), salt + 5)
          const field = 0.02 + 0.09 * v + 0.05 * parcel
          const town = t * (0.6 + 1.5 * hash2(x >> 2, y >> 2, salt + 9))
          sigma = field + town
          cross = (field * (0.16 + 0.16 * v) + town * 0.12) / sigma
        }
        // Amplitude × 10,000: sigma nought (linear power) is (DN / 10,000)².
        const amplitude = (power: number) =>
          Math.min(65535, Math.max(1, Math.round(Math.sqrt(power) * RADAR_SCALE)))
        out[i * 2] = amplitude(sigma * speckle)
        out[i * 2 + 1] = amplitude(sigma * cross * speckleVh)
      }
    }
    return out
  }

  const clouds = fbmGrid(gw, gh, 4, 4, salt + 307)
  const threshold = cloudThreshold(
    clouds,
    gw,
    gh,
    (gx, gy) => {
      const px = Math.min(width - 1, Math.round((gx / (gw - 1)) * (width - 1)))
      const py = Math.min(height - 1, Math.round((gy / (gh - 1)) * (height - 1)))
      return footprint[py * width + px] === 1
    },
    spec.cloudCover ?? 0,
  )
  const out = new Uint16Array(width * height * OPTICAL)
  const surface = [0, 0, 0, 0, 0]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      if (!footprint[i]) continue
      const grain =
        1 + 0.06 * (valueNoise(x / 2.5, y / 2.5, salt + 3) - 0.5) + 0.02 * (hash2(x, y, salt + 4) - 0.5)
      if (isLand[i]) {
        const parcel = hash2(Math.floor(x / parcelSize), Math.floor(y / parcelSize), salt + 5)
        // Vegetation: the broad pattern, then each field greener or barer than its neighbours.
        const veg = Math.min(
          1,
          Math.max(
            0,
            0.55 + 1.6 * (sample(cover, gw, gh, x, y, width, height) - 0.5) + 0.55 * (parcel - 0.5),
          ),
        )
        const town = smoothstep(0.64, 0.72, sample(towns, gw, gh, x, y, width, height))
        for (let b = 0; b < OPTICAL; b++) {
          const ground = SOIL[b] + (VEGETATION[b] - SOIL[b]) * veg
          surface[b] = (ground + (TOWN[b] - ground) * town) * grain
        }
      } else {
        for (let b = 0; b < OPTICAL; b++) surface[b] = WATER[b] * grain
      }
      const c =
        threshold === Infinity
          ? 0
          : smoothstep(threshold - 0.04, threshold + 0.04, sample(clouds, gw, gh, x, y, width, height))
      for (let b = 0; b < OPTICAL; b++) {
        const v = surface[b] + (CLOUD[b] - surface[b]) * c
        out[i * OPTICAL + b] = v < 1 ? 1 : v > 65535 ? 65535 : Math.round(v)
      }
    }
  }
  return out
}
