/**
 * Pictures of the synthetic scenes: the samples of scene.ts (the one renderer) drawn as RGBA — true colour
 * for optical scenes, a grey dB stretch for radar — and encoded as PNG or JPEG. The catalog's thumbnails and
 * quicklooks, a delivery's preview and the picture inside an original delivery's zip are all made here, so
 * a quicklook shows the same land, fields and clouds as the file the scene is delivered as.
 */
import { checkDimensions, encodeJpeg, encodePng } from './encode'
import { landAround } from './land'
import { bandsOf, RADAR_SCALE, synthesise, type SceneSpec } from './scene'

export type ImageFormat = 'png' | 'jpeg'

/** Sample value of "no data" in the scenes' samples (outside the footprint). */
const NODATA = 0
/** True colour: 0–30 % reflectance (× 10,000 in the samples) onto 0–255 with a light gamma. */
const REFLECTANCE_TOP = 3000
const GAMMA = 1 / 1.3
/** Radar: sigma nought from −25 to +5 dB onto 0–255. */
const DB_LOW = -25
const DB_SPAN = 30

const byte = (v: number) => Math.round(255 * Math.min(1, Math.max(0, v)))

/**
 * RGBA pixels of a scene's samples (`bands` per pixel, interleaved): red, green and blue of an optical scene,
 * or the first (co-polarised) band of a radar one in grey; nodata transparent, or black with `opaque` (a
 * JPEG has no alpha).
 */
export function pictureOf(
  data: Uint16Array,
  width: number,
  height: number,
  bands: number,
  radar: boolean,
  opaque = false,
): Uint8Array {
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    const s = i * bands
    const o = i * 4
    if (data[s] === NODATA) {
      if (opaque) rgba[o + 3] = 255
      continue
    }
    if (radar) {
      const g = byte((20 * Math.log10(data[s] / RADAR_SCALE) - DB_LOW) / DB_SPAN)
      rgba[o] = rgba[o + 1] = rgba[o + 2] = g
    } else {
      for (let b = 0; b < 3; b++) rgba[o + b] = byte(Math.pow(data[s + b] / REFLECTANCE_TOP, GAMMA))
    }
    rgba[o + 3] = 255
  }
  return rgba
}

/** A `width` × `height` picture of a scene (its box stretched over the image), encoded; no cache. */
export async function drawPicture(
  spec: SceneSpec,
  format: ImageFormat,
  width: number,
  height: number,
  stored = false,
): Promise<Uint8Array> {
  checkDimensions(width, height)
  const land = await landAround(spec.bbox)
  const data = synthesise(spec, land, width, height)
  const rgba = pictureOf(data, width, height, bandsOf(spec.radar), spec.radar, format === 'jpeg')
  return format === 'png' ? encodePng(rgba, width, height, stored) : encodeJpeg(rgba, width, height)
}

const CACHE_MAX_ENTRIES = 256
// A byte budget too: 256 noisy 512 px PNG quicklooks would otherwise hold a couple of hundred MB.
const CACHE_MAX_BYTES = 64 * 1024 * 1024
const cache = new Map<string, Promise<Uint8Array>>()
const sizes = new Map<string, number>()
let cachedBytes = 0

function forget(key: string): void {
  cache.delete(key)
  cachedBytes -= sizes.get(key) ?? 0
  sizes.delete(key)
}

/**
 * A square picture of a scene, `size` pixels a side, from a small LRU cache (a catalog page fetches the same
 * thumbnails again and again). Resolves to a fresh copy each time, so callers may keep or change it.
 */
export async function scenePicture(spec: SceneSpec, format: ImageFormat, size: number): Promise<Uint8Array> {
  const key = JSON.stringify([
    spec.seed,
    spec.bbox,
    spec.footprint,
    spec.cloudCover,
    spec.radar,
    format,
    size,
  ])
  let hit = cache.get(key)
  if (hit) cache.delete(key)
  else {
    hit = drawPicture(spec, format, size, size)
    hit.then(
      (bytes) => {
        if (cache.get(key) !== hit) return
        sizes.set(key, bytes.byteLength)
        cachedBytes += bytes.byteLength
        while (cache.size > CACHE_MAX_ENTRIES || (cachedBytes > CACHE_MAX_BYTES && cache.size > 1))
          forget(cache.keys().next().value as string)
      },
      // A failure is not kept: the next request tries again.
      () => forget(key),
    )
  }
  cache.set(key, hit)
  return (await hit).slice()
}
