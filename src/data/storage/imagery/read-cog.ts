import { BaseClient, BaseResponse, fromCustomClient } from 'geotiff'
import { browserLinkFetch, type LinkFetch } from '../../../api/links'
import { presetForImage } from '../../../lib/imagery/layers'
import { chooseOverview, renderPreset, type Preset, type Raster } from '../../../lib/imagery/render'
import { renderView, type ImageView } from '../../../lib/imagery/view'

/**
 * What reading an overview asks: the signed link to the file, how many pixels across the view needs, and the
 * band combination to render it in at once (the image's own first where it lacks that one), if any.
 */
export interface ReadRequest {
  url: string
  targetPx: number
  preset?: Preset | null
  /** A whole view (stretch, formula) to render in instead of the preset's fixed one (the item page). */
  view?: ImageView | null
}

/** An overview as read, and what was fetched for it. */
export interface ReadResult {
  raster: Raster
  /** Widths of every level of the file, full resolution first. */
  levels: number[]
  level: number
  /** Its RGBA pixels in the combination asked for, rendered where it was read (off the main thread). */
  rendered?: { preset: Preset; rgba: Uint8ClampedArray<ArrayBuffer>; view?: string }
}

class LinkResponse extends BaseResponse {
  constructor(private readonly response: Response) {
    super()
  }
  override get status() {
    return this.response.status
  }
  override getHeader(name: string) {
    return this.response.headers.get(name) ?? undefined
  }
  override getData() {
    return this.response.arrayBuffer()
  }
}

/** geotiff's ranges fetched as every signed link is: without the bearer, through the given fetch. */
class LinkClient extends BaseClient {
  constructor(
    url: string,
    private readonly fetchLink: LinkFetch,
  ) {
    super(url)
  }
  override async request(init: RequestInit = {}) {
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    return new LinkResponse(await this.fetchLink(this.url, { headers, signal: init.signal ?? undefined }))
  }
}

/**
 * Reads one overview of a Cloud-Optimized GeoTIFF by HTTP Range requests (geotiff's remote source: the
 * directories first, then only that level's tiles), pixel-interleaved. Decoding (and, when asked, the first
 * rendering) runs here (in our own worker, see run-read.ts), without geotiff's pool, whose workers are a
 * blob of its prebuilt decoders. `onDecoded` is told when the pixels are in hand, before any rendering.
 */
export async function readOverview(
  { url, targetPx, preset, view }: ReadRequest,
  signal?: AbortSignal,
  fetchLink: LinkFetch = browserLinkFetch,
  onDecoded?: () => void,
): Promise<ReadResult> {
  const tiff = await fromCustomClient(new LinkClient(url, fetchLink), { allowFullFile: false }, signal)
  const count = await tiff.getImageCount()
  const images = await Promise.all(Array.from({ length: count }, (_, i) => tiff.getImage(i)))
  const levels = images.map((i) => i.getWidth())
  const level = chooseOverview(levels, targetPx)
  const image = images[level]
  const full = images[0]
  const [w, s, e, n] = full.getBoundingBox()
  const data = (await image.readRasters({ interleave: true, signal })) as unknown as Uint16Array
  onDecoded?.()
  const nodata = full.getGDALNoData()
  const raster: Raster = {
    width: image.getWidth(),
    height: image.getHeight(),
    bands: image.getSamplesPerPixel(),
    data,
    bbox: [w, s, e, n],
    nodata: nodata ?? 0,
  }
  if (view) {
    const shown = renderView(raster, view)
    const rendered = { preset: presetForImage(raster.bands, view.preset), rgba: shown.rgba, view: shown.key }
    return { raster, levels, level, rendered }
  }
  if (preset === undefined) return { raster, levels, level }
  const first = presetForImage(raster.bands, preset)
  return { raster, levels, level, rendered: { preset: first, rgba: renderPreset(raster, first) } }
}
