import { scenePicture } from '../imagery/picture'
import type { SceneSpec } from '../imagery/scene'
import type { World } from '../world/world'
import { findHost, searchable } from './archive'
import { findScene } from './publishing'

/** Scene previews (`GET /catalog/{host}/image/{id}/{kind}`): which kinds each host serves, and how. */

export type PreviewKind = 'thumbnail' | 'quicklook'

interface PreviewSpec {
  format: 'png' | 'jpeg'
  size: number
}

/** What each host serves. Hosts not listed serve PNGs when their collections say they have previews. */
const HOST_PREVIEWS: Record<string, Partial<Record<PreviewKind, PreviewSpec>>> = {
  oneatlas: { thumbnail: { format: 'png', size: 128 }, quicklook: { format: 'png', size: 512 } },
  blacksky: { thumbnail: { format: 'jpeg', size: 128 }, quicklook: { format: 'jpeg', size: 512 } },
  capellaspace: { quicklook: { format: 'jpeg', size: 512 } },
  nearspace: {},
}
const DEFAULT_PREVIEWS: Record<PreviewKind, PreviewSpec> = {
  thumbnail: { format: 'png', size: 128 },
  quicklook: { format: 'png', size: 512 },
}

export type PreviewResult =
  | {
      ok: true
      seed: string
      format: 'png' | 'jpeg'
      size: number
      sar: boolean
      cloudCover: number
      /** The scene's box and footprint: the picture is of that place. */
      bbox: [number, number, number, number]
      footprint: number[][][][]
    }
  | { ok: false; message: string }

/** Which image (if any) answers `GET /catalog/{host}/image/{id}/{kind}`. */
export function previewFor(world: World, host: string, imageId: string, kind: PreviewKind): PreviewResult {
  if (!findHost(world, host))
    return { ok: false, message: `Host ${host} not found: no data host has this name` }
  const scene = findScene(world, imageId)
  if (!scene || scene.host !== host)
    return { ok: false, message: `Image ${imageId} not found at host ${host}` }
  const p = searchable(scene)
  const collection = world.collections.find((c) => c.name === p.collection)
  const flag = kind === 'thumbnail' ? 'THUMBNAIL_AVAILABLE' : 'QUICKLOOK_AVAILABLE'
  const spec = (Object.hasOwn(HOST_PREVIEWS, host) ? HOST_PREVIEWS[host] : DEFAULT_PREVIEWS)[kind]
  if (!collection?.integrations.includes(flag) || !spec) {
    return { ok: false, message: `Host ${host} provides no ${kind} for scenes of collection ${p.collection}` }
  }
  return {
    ok: true,
    seed: p.id,
    format: spec.format,
    size: spec.size,
    sar: collection.metadata?.productType === 'SAR',
    cloudCover: p.cloudCoverage ?? 0,
    bbox: scene.bbox,
    footprint: footprintOf(scene.feature.geometry),
  }
}

function footprintOf(g: { type: string; coordinates: unknown }): number[][][][] {
  if (g.type === 'Polygon') return [g.coordinates as number[][][]]
  if (g.type === 'MultiPolygon') return g.coordinates as number[][][][]
  return []
}

/**
 * The encoded image of a preview `previewFor` found: the scene drawn by the simulator's one renderer, so the
 * quicklook shows the land, fields and clouds of the delivery; radar in grey. Outside the footprint it is
 * transparent (a PNG) or black (a JPEG), as a provider's quicklook is.
 */
export function previewImage(found: Extract<PreviewResult, { ok: true }>): Promise<Uint8Array> {
  const spec: SceneSpec = {
    seed: found.seed,
    bbox: found.bbox,
    footprint: found.footprint,
    cloudCover: found.sar ? null : found.cloudCover,
    radar: found.sar,
  }
  return scenePicture(spec, found.format, found.size)
}
