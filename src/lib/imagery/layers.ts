/**
 * Several delivered images on one map, the pure part: how many pixels across each needs for the view it is
 * drawn in, the band combination they share, and which of them lies under the pointer.
 */
import { pixelAt, presetsFor, type Preset, type Raster } from './render'

/** No overview smaller than this is asked for: below it, an item is a few dozen pixels on the screen. */
export const MIN_READ_PX = 128

/**
 * How many pixels across an image needs when a map `mapPx` device pixels wide shows `view` (both boxes
 * [west, south, east, north], degrees): its share of the view's width, never under MIN_READ_PX nor over the
 * map's width. Rounded up to a multiple of 64 so that small changes of the frame reuse the same read.
 */
export function readWidthFor(image: readonly number[], view: readonly number[], mapPx: number): number {
  const viewWidth = view[2] - view[0]
  const share = viewWidth > 0 ? Math.min(1, (image[2] - image[0]) / viewWidth) : 1
  const px = Math.ceil((mapPx * share) / 64) * 64
  return Math.max(MIN_READ_PX, Math.min(Math.ceil(mapPx), px))
}

/**
 * The band combinations every image offers, in their usual order (true colour first); when the images are
 * of different kinds (optical and radar), each offers only its own, and there is none in common: the first
 * image's kind wins, the others draw in their own first combination.
 */
export function sharedPresets(bandCounts: readonly number[]): Preset[] {
  if (bandCounts.length === 0) return []
  const lists = bandCounts.map(presetsFor)
  const common = lists[0].filter((p) => lists.every((l) => l.includes(p)))
  return common.length > 0 ? common : lists[0]
}

/** The combination an image is drawn in: the chosen one where it has it, else its first. */
export function presetForImage(bands: number, chosen: Preset | null): Preset {
  const own = presetsFor(bands)
  return chosen && own.includes(chosen) ? chosen : own[0]
}

/**
 * The values of the pixel under a point from the topmost image (the last drawn) that has data there, with
 * which image that is; null when no image has.
 */
export function pixelUnder(
  rasters: readonly Raster[],
  lon: number,
  lat: number,
): { index: number; values: number[] } | null {
  for (let i = rasters.length - 1; i >= 0; i--) {
    const values = pixelAt(rasters[i], lon, lat)
    if (values) return { index: i, values }
  }
  return null
}
