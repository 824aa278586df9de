/**
 * The delivered imagery of a STAC item: a Cloud-Optimized GeoTIFF of the synthetic scene (tiff.ts, scene.ts)
 * and a true-colour PNG preview of the same scene. Made on first read and kept in a small LRU cache, so the
 * simulator's start and its seed pay nothing and a viewer's many Range requests pay once.
 */
import { encodePng } from './encode'
import { landAround } from './land'
import { pictureOf } from './picture'
import { bandsOf, sceneSize, synthesise, type SceneSpec } from './scene'
import { cogByteLength, halve, writeCog, type CogShape, type RasterLevel, type WrittenCog } from './tiff'

export const COG_MEDIA_TYPE = 'image/tiff; application=geotiff; profile=cloud-optimized'
export const TILE_SIZE = 256
/** Full resolution: the longer side, in pixels. Overviews halve it down to OVERVIEW_MIN. */
export const FULL_SIDE = 1024
const OVERVIEW_MIN = 128
export const NODATA = 0

/** STAC's description of the bands (eo and raster extensions), per kind of scene. */
export const OPTICAL_BANDS = [
  { name: 'red', common_name: 'red', center_wavelength: 0.665, full_width_half_max: 0.038 },
  { name: 'green', common_name: 'green', center_wavelength: 0.56, full_width_half_max: 0.036 },
  { name: 'blue', common_name: 'blue', center_wavelength: 0.49, full_width_half_max: 0.066 },
  { name: 'nir', common_name: 'nir', center_wavelength: 0.842, full_width_half_max: 0.106 },
  { name: 'swir16', common_name: 'swir16', center_wavelength: 1.61, full_width_half_max: 0.09 },
] as const
/** The polarisations of a radar scene's bands, in order (STAC sar extension). */
export const RADAR_POLARIZATIONS = ['VV', 'VH'] as const

export interface SceneImagery extends WrittenCog {
  spec: SceneSpec
}

// An optical file of 1024 × 1024 pixels is about 13 MB: a few are kept, for the viewers of the last items read.
const CACHE_FILES = 4
const cache = new Map<string, Promise<SceneImagery>>()

const keyOf = (spec: SceneSpec) =>
  JSON.stringify([spec.seed, spec.bbox, spec.cloudCover, spec.radar, spec.footprint])

/** The levels of a scene: full resolution, then halves until the longer side is at most OVERVIEW_MIN. */
export function levelSizes(bbox: [number, number, number, number]): { width: number; height: number }[] {
  const sizes = [sceneSize(bbox, FULL_SIDE)]
  while (Math.max(sizes[sizes.length - 1].width, sizes[sizes.length - 1].height) > OVERVIEW_MIN) {
    const last = sizes[sizes.length - 1]
    sizes.push({ width: Math.ceil(last.width / 2), height: Math.ceil(last.height / 2) })
  }
  return sizes
}

function shapeOf(bbox: [number, number, number, number], radar: boolean): CogShape {
  return {
    levels: levelSizes(bbox),
    bands: bandsOf(radar),
    sampleType: 'uint16',
    bbox,
    nodata: NODATA,
    tileSize: TILE_SIZE,
  }
}

/** The byte length of a scene's file, known from its box alone (tiles are stored uncompressed). */
export const sceneFileSize = (bbox: [number, number, number, number], radar: boolean): number =>
  cogByteLength(shapeOf(bbox, radar))

/** Makes the scene's file now (no cache). */
export async function makeSceneImagery(spec: SceneSpec): Promise<SceneImagery> {
  const land = await landAround(spec.bbox)
  const [full] = levelSizes(spec.bbox)
  const levels: RasterLevel[] = [{ ...full, data: synthesise(spec, land, full.width, full.height) }]
  while (Math.max(levels[levels.length - 1].width, levels[levels.length - 1].height) > OVERVIEW_MIN)
    levels.push(halve(levels[levels.length - 1], bandsOf(spec.radar), NODATA))
  const written = writeCog({ ...shapeOf(spec.bbox, spec.radar), levels })
  return { ...written, spec }
}

/** The scene's imagery, from the cache when a recent read made it. */
export function sceneImagery(spec: SceneSpec): Promise<SceneImagery> {
  const key = keyOf(spec)
  let hit = cache.get(key)
  if (hit) cache.delete(key)
  else {
    hit = makeSceneImagery(spec)
    // A failure is not kept: the next read tries again.
    hit.catch(() => cache.delete(key))
  }
  cache.set(key, hit)
  while (cache.size > CACHE_FILES) cache.delete(cache.keys().next().value as string)
  return hit
}

/** The longer side of a preview, pixels. */
export const PREVIEW_SIDE = 256

/**
 * A PNG of the scene, its longer side PREVIEW_SIDE pixels: true colour for optical scenes (linear stretch of
 * 0–30 % reflectance with a light gamma), a −25…+5 dB grey stretch for radar; nodata transparent. It is
 * drawn at its own size from the same spec (the same land, fields and clouds; only the grain differs), and
 * its pixels are stored uncompressed, so the size an item's answer states for it needs no drawing at all:
 * a page of items in many places would otherwise draw every preview before it answers.
 */
export async function scenePreview(spec: SceneSpec): Promise<Uint8Array> {
  const land = await landAround(spec.bbox)
  const { width, height } = sceneSize(spec.bbox, PREVIEW_SIDE)
  const data = synthesise(spec, land, width, height)
  return encodePng(pictureOf(data, width, height, bandsOf(spec.radar), spec.radar), width, height, true)
}

/** The byte length of a scene's preview, from its box alone. */
export function scenePreviewSize(bbox: [number, number, number, number]): number {
  const { width, height } = sceneSize(bbox, PREVIEW_SIDE)
  return encodePng(new Uint8Array(width * height * 4), width, height, true).byteLength
}
