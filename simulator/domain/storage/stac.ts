import { zipSync } from 'fflate'
import {
  COG_MEDIA_TYPE,
  levelSizes,
  NODATA,
  OPTICAL_BANDS,
  RADAR_POLARIZATIONS,
  sceneFileSize,
  sceneImagery,
  scenePreview,
  scenePreviewSize,
} from '../imagery/cog'
import { drawPicture } from '../imagery/picture'
import type { SceneSpec } from '../imagery/scene'
import { RADAR_SCALE } from '../imagery/scene'
import { uuidFrom, type Rng } from '../world/random'
import type { AssetRecord, S, StacCollectionRecord, StacSource } from '../world/types'
import type { World } from '../world/world'

/**
 * Deliveries as STAC: fulfilled orders and successful jobs each leave a transformed collection (one item per
 * scene, with downloadable assets) and, for orders, the untransformed original delivery (`cnam=false`).
 * Links and asset hrefs are stored as paths ("/v2/…"); the STAC routes make them absolute per request.
 */

/** Where the storage STAC API lives: the links written here and the routes that answer them. */
export const STAC_PATH = '/v2/assets/stac'

export interface DeliveryInput {
  accountId: string
  workspaceId: string
  source: StacSource
  title: string
  description: string
  geometry: S['Polygon'] | S['MultiPolygon']
  /** Acquisition or processing time, ms. */
  datetime: number
  orderId?: string
  jobId?: string
  productId?: string
  collectionName?: string
  constellation?: string
  gsd?: number
  cloudCover?: number | null
  tags?: string[]
  /** Number of items (scenes) in the transformed collection; default 1. */
  items?: number
  /** Item `i`'s own footprint, within `geometry`; default: every item covers `geometry`. */
  itemGeometry?: (i: number) => S['Polygon']
  /** When the delivery landed, ms; default now. Seeds and catch-up events date deliveries in the past. */
  createdAt?: number
  /** Source of ids; default `world.rng`. Seeders pass their own so seeded ids do not shift with runtime use. */
  rng?: Rng
}

export function bboxOf(
  geometry: S['Polygon'] | S['MultiPolygon'] | S['Point'],
): [number, number, number, number] {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  const visit = (p: number[]) => {
    w = Math.min(w, p[0])
    e = Math.max(e, p[0])
    s = Math.min(s, p[1])
    n = Math.max(n, p[1])
  }
  if (geometry.type === 'Point') visit(geometry.coordinates)
  else if (geometry.type === 'Polygon') geometry.coordinates.forEach((r) => r.forEach(visit))
  else geometry.coordinates.forEach((p) => p.forEach((r) => r.forEach(visit)))
  return [w, s, e, n]
}

/**
 * Who made a delivery, as STAC names providers: the glossary collection's providers by their names in words
 * ("Airbus"), with STAC's lower-case roles; the constellation only when the collection is not in the glossary.
 */
function providersOf(world: World, input: DeliveryInput): S['StacProvider'][] {
  const known = input.collectionName
    ? world.collections.find((c) => c.name === input.collectionName)
    : undefined
  if (known && known.providers.length > 0)
    return known.providers.map((p) => ({ name: p.title, roles: p.roles.map((r) => r.toLowerCase()) }))
  return [{ name: input.constellation ?? 'Swath', roles: ['producer'] }]
}

/** Whether a delivery is radar imagery: its glossary collection says SAR, or, unknown there, its constellation. */
function isRadar(world: World, input: DeliveryInput): boolean {
  const known = input.collectionName
    ? world.collections.find((c) => c.name === input.collectionName)
    : undefined
  if (known) return known.metadata?.productType === 'SAR'
  return /capella|iceye|umbra/i.test(input.constellation ?? '')
}

/** STAC extensions the items' imagery fields come from. */
const IMAGERY_EXTENSIONS = [
  'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
  'https://stac-extensions.github.io/raster/v1.1.0/schema.json',
  'https://stac-extensions.github.io/file/v2.1.0/schema.json',
]
const EO_EXTENSION = 'https://stac-extensions.github.io/eo/v1.1.0/schema.json'
const SAR_EXTENSION = 'https://stac-extensions.github.io/sar/v1.0.0/schema.json'
/** Every item's extensions: one array per kind, shared (items are cloned on every answer). */
const EO_EXTENSIONS = [...IMAGERY_EXTENSIONS, EO_EXTENSION]
const SAR_EXTENSIONS = [...IMAGERY_EXTENSIONS, SAR_EXTENSION]

/** A stored item's links: none, shared and frozen; answers carry `itemLinks`. */
const NO_LINKS = Object.freeze([]) as unknown as S['StacLink'][]

/** An item's links (paths; answers make them absolute), made from its ids. */
export function itemLinks(collectionId: string, itemId: string): S['StacLink'][] {
  const collection = `${STAC_PATH}/collections/${collectionId}`
  return [
    { rel: 'self', href: `${collection}/items/${itemId}`, type: 'application/geo+json' },
    { rel: 'parent', href: collection, type: 'application/json' },
    { rel: 'collection', href: collection, type: 'application/json' },
    { rel: 'root', href: STAC_PATH, type: 'application/json' },
  ]
}

/** Ground size of a pixel at full resolution, metres (the mean of both axes, rounded). */
function pixelMetres(bbox: [number, number, number, number], width: number, height: number): number {
  const [w, s, e, n] = bbox
  const m = 111_320
  const x = ((e - w) * m * Math.cos((((s + n) / 2) * Math.PI) / 180)) / width
  const y = ((n - s) * m) / height
  return Math.round(((x + y) / 2) * 100) / 100
}

/**
 * The band descriptions of an image asset, one object for every asset of that kind and resolution: the large
 * seed's 50,000 items would otherwise hold 400,000 copies of the same few. Items are cloned on every answer
 * (routes/stac.ts), so nothing edits them in place.
 */
function bandsOf(radar: boolean, resolution: number): Record<string, unknown> {
  const key = `${radar}:${resolution}`
  let bands = BANDS.get(key)
  if (!bands) {
    const band = {
      data_type: 'uint16',
      nodata: NODATA,
      spatial_resolution: resolution,
      scale: 1 / RADAR_SCALE,
    }
    bands = radar
      ? {
          'raster:bands': RADAR_POLARIZATIONS.map(() => ({ ...band, unit: 'amplitude' })),
          'sar:polarizations': [...RADAR_POLARIZATIONS],
        }
      : {
          'eo:bands': OPTICAL_BANDS.map((b) => ({ ...b })),
          'raster:bands': OPTICAL_BANDS.map(() => ({ ...band })),
        }
    BANDS.set(key, bands)
  }
  return bands
}
const BANDS = new Map<string, Record<string, unknown>>()

/**
 * The data asset of an item's imagery: a Cloud-Optimized GeoTIFF in EPSG:4326 with what a client needs to
 * read it (projection, bands; `file:size` is added by the single item's answer).
 */
function imageryAsset(href: string, bbox: [number, number, number, number], radar: boolean): S['StacAsset'] {
  const [{ width, height }] = levelSizes(bbox)
  const [w, s, e, n] = bbox
  const resolution = pixelMetres(bbox, width, height)
  const asset = {
    href,
    title: 'Image',
    description: radar
      ? 'Backscatter amplitude × 10,000, VV then VH; sigma nought in dB is 20·log10(value / 10,000). Cloud-Optimized GeoTIFF.'
      : 'Surface reflectance × 10,000 in red, green, blue, near infrared and short-wave infrared (1.6 µm). Cloud-Optimized GeoTIFF.',
    type: COG_MEDIA_TYPE,
    roles: ['data'],
    'proj:epsg': 4326,
    'proj:shape': [height, width],
    'proj:bbox': [w, s, e, n],
    'proj:transform': [(e - w) / width, 0, w, 0, -(n - s) / height, n, 0, 0, 1],
    ...bandsOf(radar, resolution),
  }
  // Extension fields beyond the contract's asset schema, which leaves asset members open.
  return asset
}

export function createDelivery(world: World, input: DeliveryInput): StacCollectionRecord[] {
  const out = [makeCollection(world, input, true)]
  if (input.source !== 'PROCESSING') out.push(makeCollection(world, input, false))
  return out
}

function makeCollection(world: World, input: DeliveryInput, transformed: boolean): StacCollectionRecord {
  const rng = input.rng ?? world.rng
  const createdAt = input.createdAt ?? world.now()
  const id = rng.uuid()
  const created = new Date(createdAt).toISOString()
  const when = new Date(input.datetime).toISOString()
  const bbox = bboxOf(input.geometry)
  const record: StacCollectionRecord = {
    accountId: input.accountId,
    workspaceId: input.workspaceId,
    source: input.source,
    transformed,
    orderId: input.orderId,
    jobId: input.jobId,
    productId: input.productId,
    tags: [...(input.tags ?? [])],
    itemIds: [],
    assetIds: [],
    createdAt,
    collection: {
      type: 'Collection',
      id,
      stac_version: '1.0.0',
      stac_extensions: [],
      title: transformed ? input.title : `${input.title} (original delivery)`,
      description: input.description,
      keywords: [input.source.toLowerCase(), ...(input.collectionName ? [input.collectionName] : [])],
      license: 'proprietary',
      providers: providersOf(world, input),
      extent: { spatial: { bbox: [bbox] }, temporal: { interval: [[when, when]] } },
      links: [
        { rel: 'self', href: `${STAC_PATH}/collections/${id}`, type: 'application/json' },
        { rel: 'root', href: STAC_PATH, type: 'application/json' },
        { rel: 'parent', href: STAC_PATH, type: 'application/json' },
        { rel: 'items', href: `${STAC_PATH}/collections/${id}/items`, type: 'application/geo+json' },
      ],
      'up42-system:account_id': input.accountId,
      'up42-system:workspace_id': input.workspaceId,
      'up42-system:source': input.source,
      'up42-order:id': input.orderId ?? null,
      'up42-system:job_id': input.jobId ?? null,
      'up42-product:product_id': input.productId ?? null,
      'up42-user:title': null,
      'up42-user:tags': [...(input.tags ?? [])],
      created,
    },
  }
  world.stacCollections.set(id, record)

  if (!transformed) {
    const assetId = addAsset(world, rng, record, undefined, `${slug(input.title)}.zip`, 'application/zip')
    record.collection.assets = {
      [`${slug(input.title)}.zip`]: {
        href: `/v2/assets/${assetId}`,
        title: 'Original Delivery',
        type: 'application/zip',
        roles: ['data', 'original'],
      },
    }
    return record
  }

  const count = Math.max(1, input.items ?? 1)
  const radar = isRadar(world, input)
  for (let i = 0; i < count; i++) {
    const itemId = rng.uuid()
    record.itemIds.push(itemId)
    const imageAsset = addAsset(world, rng, record, itemId, `scene-${i + 1}.tif`, COG_MEDIA_TYPE)
    const metaAsset = addAsset(world, rng, record, itemId, `scene-${i + 1}.json`, 'application/json')
    // The preview's id is derived, not drawn: the seeded world's later ids stay what they were.
    const previewAsset = uuidFrom(`preview:${imageAsset}`)
    world.assets.set(previewAsset, {
      id: previewAsset,
      accountId: record.accountId,
      collectionId: id,
      itemId,
      filename: `scene-${i + 1}-preview.png`,
      mediaType: 'image/png',
      seed: previewAsset,
      imagery: { radar, role: 'preview', seed: imageAsset },
    })
    record.assetIds.push(previewAsset)
    const imageRecord = world.assets.get(imageAsset)
    if (imageRecord) imageRecord.imagery = { radar, role: 'data', seed: imageAsset }
    const geometry = input.itemGeometry?.(i) ?? input.geometry
    const itemBbox = input.itemGeometry ? bboxOf(geometry) : bbox
    const item: S['StacItem'] = {
      type: 'Feature',
      stac_version: '1.0.0',
      stac_extensions: radar ? SAR_EXTENSIONS : EO_EXTENSIONS,
      id: itemId,
      collection: id,
      geometry,
      bbox: itemBbox,
      properties: {
        datetime: when,
        start_datetime: when,
        end_datetime: when,
        created,
        updated: created,
        title: count > 1 ? `${input.title} ${i + 1}` : input.title,
        constellation: input.constellation ?? null,
        gsd: input.gsd ?? null,
        'eo:cloud_cover': radar ? null : (input.cloudCover ?? null),
        'proj:epsg': 4326,
        ...(radar
          ? {
              'sar:instrument_mode': 'SP',
              'sar:frequency_band': 'X',
              'sar:center_frequency': 9.65,
              'sar:polarizations': [...RADAR_POLARIZATIONS],
              'sar:product_type': 'GEC',
            }
          : {}),
        'up42-system:asset_id': imageAsset,
        'up42-system:account_id': input.accountId,
        'up42-system:workspace_id': input.workspaceId,
        'up42-system:job_id': input.jobId ?? null,
        'up42-system:source': input.source,
        'up42-order:id': input.orderId ?? null,
        'up42-product:product_id': input.productId ?? null,
        'up42-product:collection_name': input.collectionName ?? null,
        'up42-product:data_type': 'raster',
        'up42-user:title': null,
        'up42-user:tags': [],
      },
      // Made on every answer from the ids (`itemLinks`): 50,000 items of the large seed held 23 MB of them.
      links: NO_LINKS,
      assets: {
        image: imageryAsset(`/v2/assets/${imageAsset}`, itemBbox, radar),
        preview: {
          href: `/v2/assets/${previewAsset}`,
          title: 'Preview',
          description: radar ? 'The image in grey (VV), −25 to +5 dB.' : 'The image in true colour.',
          type: 'image/png',
          roles: ['overview'],
        },
        metadata: {
          href: `/v2/assets/${metaAsset}`,
          title: 'Metadata',
          description: null,
          type: 'application/json',
          roles: ['metadata'],
        },
      },
    }
    world.stacItems.set(itemId, { item, collectionId: id })
  }
  return record
}

function addAsset(
  world: World,
  rng: Rng,
  record: StacCollectionRecord,
  itemId: string | undefined,
  filename: string,
  mediaType: string,
): string {
  const id = rng.uuid()
  world.assets.set(id, {
    id,
    accountId: record.accountId,
    collectionId: record.collection.id,
    itemId,
    filename,
    mediaType,
    seed: id,
  })
  record.assetIds.push(id)
  return id
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'delivery'

/** Removes a collection with its items, assets and any signed links to those assets. */
export function deleteCollection(world: World, id: string): boolean {
  const record = world.stacCollections.get(id)
  if (!record) return false
  for (const itemId of record.itemIds) world.stacItems.delete(itemId)
  const assetIds = new Set(record.assetIds)
  for (const assetId of assetIds) world.assets.delete(assetId)
  for (const [token, link] of world.downloads) if (assetIds.has(link.assetId)) world.downloads.delete(token)
  world.stacCollections.delete(id)
  return true
}

/** Path of an item, the form process inputs reference items by (absolute on the wire). */
export const itemPath = (collectionId: string, itemId: string): string =>
  `${STAC_PATH}/collections/${collectionId}/items/${itemId}`
export const collectionPath = (collectionId: string): string => `${STAC_PATH}/collections/${collectionId}`

/** What the imagery of an item's asset is made from: its item's box, footprint and cloud cover. */
function sceneOf(world: World, asset: AssetRecord): SceneSpec | undefined {
  const item = asset.itemId ? world.stacItems.get(asset.itemId)?.item : undefined
  if (!asset.imagery || !item?.bbox || !item.geometry) return undefined
  const g = item.geometry
  const footprint =
    g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : undefined
  if (!footprint) return undefined
  const cover = item.properties['eo:cloud_cover']
  return {
    seed: asset.imagery.seed,
    bbox: item.bbox as [number, number, number, number],
    footprint,
    cloudCover: typeof cover === 'number' ? cover : null,
    radar: asset.imagery.radar,
  }
}

/**
 * The size in bytes of an asset's file (STAC `file:size`), measured once and kept with the asset. An item's
 * GeoTIFF and preview have sizes that follow from the item's box (their pixels are stored as they are), so
 * they are known without making them.
 */
export async function assetSize(world: World, asset: AssetRecord): Promise<number> {
  const scene = sceneOf(world, asset)
  if (scene)
    asset.size ??=
      asset.imagery?.role === 'data' ? sceneFileSize(scene.bbox, scene.radar) : scenePreviewSize(scene.bbox)
  asset.size ??= (await assetFile(world, asset)).byteLength
  return asset.size
}

/**
 * The file behind an asset: a Cloud-Optimized GeoTIFF and its PNG preview for an item's imagery (made on
 * first read, domain/imagery/), a JSON document for metadata, a stored zip for deliveries.
 */
export async function assetFile(world: World, asset: AssetRecord): Promise<Uint8Array> {
  const scene = sceneOf(world, asset)
  if (scene && asset.imagery?.role === 'data') return (await sceneImagery(scene)).bytes
  if (scene) return scenePreview(scene)
  const record = world.stacCollections.get(asset.collectionId)
  const item = asset.itemId ? world.stacItems.get(asset.itemId)?.item : undefined
  const box = item?.bbox ?? record?.collection.extent.spatial.bbox[0] ?? [0, 0, 0.1, 0.1]
  const picture = () => boxPicture(asset.seed, box)
  if (asset.mediaType === 'image/png') return picture()
  const metadata = {
    assetId: asset.id,
    filename: asset.filename,
    collectionId: asset.collectionId,
    itemId: asset.itemId ?? null,
    title: item?.properties.title ?? record?.collection.title ?? null,
    source: record?.source ?? null,
    orderId: record?.orderId ?? null,
    jobId: record?.jobId ?? null,
    geometry: item?.geometry ?? null,
    bbox: item?.bbox ?? record?.collection.extent.spatial.bbox[0] ?? null,
    properties: item?.properties ?? null,
  }
  const json = new TextEncoder().encode(JSON.stringify(metadata, null, 2))
  if (asset.mediaType !== 'application/zip') return json
  // A real archive of stored entries, dated by the delivery (fflate would otherwise stamp the wall clock).
  const mtime = new Date(Math.max(record?.createdAt ?? 0, Date.UTC(1980, 0, 2)))
  const base = asset.filename.replace(/\.zip$/i, '')
  return zipSync(
    {
      [`${base}/${base}.png`]: [await picture(), { level: 0 }],
      [`${base}/metadata.json`]: [json, { level: 0 }],
    },
    { mtime },
  )
}

/** A 256 px PNG of a box's synthetic scene, clear of cloud: the picture of a file that has no item's footprint. */
function boxPicture(seed: string, box: number[]): Promise<Uint8Array> {
  const [w, s, e, n] = box.length >= 6 ? [box[0], box[1], box[3], box[4]] : box
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ]
  return drawPicture(
    { seed, bbox: [w, s, e, n], footprint: [[ring]], cloudCover: null, radar: false },
    'png',
    256,
    256,
  )
}
