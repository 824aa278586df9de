import {
  addDecoder,
  BaseClient,
  BaseDecoder,
  BaseResponse,
  fromCustomClient,
  type GeoTIFFImage,
} from 'geotiff'
import { Unzlib } from 'fflate'
import { browserLinkFetch, type LinkFetch } from '../../../api/links'
import { presetForImage } from '../../../lib/imagery/layers'
import { chooseOverview, renderPreset, type Preset, type Raster } from '../../../lib/imagery/render'
import { renderView, type ImageView, type Limits } from '../../../lib/imagery/view'

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
  /**
   * Its RGBA pixels in the combination asked for, rendered where it was read (off the main thread); for a
   * view, its key and the limits its stretch gave each channel.
   */
  rendered?: { preset: Preset; rgba: Uint8ClampedArray<ArrayBuffer>; view?: string; limits?: Limits[] }
}

/**
 * What one read of an image may spend, whatever the file declares (issue 41: a file whose directory points
 * to itself made 71,010 requests and never ended; a 20,000² one without overviews drew at 2 GB).
 */
export interface ReadBudget {
  /** Image directories (levels, masks) followed. Real COGs have a dozen at most. */
  directories: number
  /** Range requests for one picture. */
  requests: number
  /** Bytes fetched for one picture. */
  bytes: number
  /** Pixels of the level read (width × height). */
  pixels: number
  /** Tiles of the level read. */
  tiles: number
  /** Milliseconds before the read is given up. */
  ms: number
}

export const READ_BUDGET: Readonly<ReadBudget> = {
  directories: 32,
  requests: 512,
  bytes: 128 * 2 ** 20,
  pixels: 4096 * 4096,
  tiles: 16_384,
  ms: 60_000,
}

/** A file that breaks a limit of the reader, said in words for the page to show as it is. */
export class ImageryLimitError extends Error {
  override name = 'ImageryLimitError'
}

const whole = (n: number) => Math.round(n).toLocaleString('en-GB')
const millions = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toLocaleString('en-GB', { maximumFractionDigits: 1 })} million` : whole(n)
const megabytes = (n: number) =>
  n >= 2 ** 20 ? `${whole(n / 2 ** 20)} MB` : `${whole(Math.max(1, n / 1024))} KB`

/** What one read has spent so far. */
class Spending {
  requests = 0
  bytes = 0
  constructor(readonly budget: ReadBudget) {}

  request(): void {
    if (++this.requests > this.budget.requests)
      throw new ImageryLimitError(
        `This file needs more than ${whole(this.budget.requests)} range requests for one picture; the console makes at most ${whole(this.budget.requests)}. It is not laid out as a Cloud-Optimized GeoTIFF, or it is damaged.`,
      )
  }

  /** Refuses `n` more bytes when they would break the budget. */
  ahead(n: number): void {
    if (this.bytes + n > this.budget.bytes)
      throw new ImageryLimitError(
        `This file needs more than ${megabytes(this.budget.bytes)} for one picture; the console reads at most ${megabytes(this.budget.bytes)}.`,
      )
  }

  bytesOf(n: number): void {
    this.ahead(n)
    this.bytes += n
  }
}

class LinkResponse extends BaseResponse {
  constructor(
    private readonly response: Response,
    private readonly spending: Spending,
  ) {
    super()
  }
  override get status() {
    return this.response.status
  }
  override getHeader(name: string) {
    return this.response.headers.get(name) ?? undefined
  }
  override async getData() {
    // Counted before the body is read when the server says its length, so a huge answer is never taken in.
    const declared = Number(this.response.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared)) this.spending.bytesOf(declared)
    const data = await this.response.arrayBuffer()
    if (!Number.isFinite(declared)) this.spending.bytesOf(data.byteLength)
    return data
  }
}

/**
 * geotiff's ranges fetched as every signed link is: without the bearer, through the given fetch, each one
 * counted against the read's budget and stopped with the read (geotiff does not pass its signal to every
 * request it makes, the directories' among them).
 */
class LinkClient extends BaseClient {
  constructor(
    url: string,
    private readonly fetchLink: LinkFetch,
    private readonly spending: Spending,
    private readonly signal: AbortSignal,
  ) {
    super(url)
  }
  override async request(init: RequestInit = {}) {
    this.signal.throwIfAborted()
    this.spending.request()
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    // A range larger than what is left is refused before it is asked for.
    const range = /bytes=(\d+)-(\d+)/.exec(headers.range ?? '')
    if (range) this.spending.ahead(Number(range[2]) - Number(range[1]) + 1)
    const response = await this.fetchLink(this.url, { headers, signal: this.signal })
    return new LinkResponse(response, this.spending)
  }
}

/** Compressions the reader decodes; others are named, not attempted (LERC's decoder loads WebAssembly). */
const READABLE_COMPRESSIONS = new Map<number, string>([
  [1, 'none'],
  [5, 'LZW'],
  [7, 'JPEG'],
  [8, 'Deflate'],
  [32946, 'Deflate'],
  [32773, 'PackBits'],
])
const KNOWN_COMPRESSIONS = new Map<number, string>([
  [2, 'CCITT Group 3'],
  [3, 'CCITT T.4'],
  [4, 'CCITT T.6'],
  [6, 'old-style JPEG'],
  [34712, 'JPEG 2000'],
  [34887, 'LERC'],
  [34925, 'LZMA'],
  [50000, 'Zstandard'],
  [50001, 'WebP'],
  [50002, 'JPEG XL'],
])

function checkCompression(image: GeoTIFFImage): void {
  const method = image.fileDirectory.getValue<'Compression'>('Compression') ?? 1
  if (READABLE_COMPRESSIONS.has(method)) return
  const name = KNOWN_COMPRESSIONS.get(method)
  throw new ImageryLimitError(
    `This file is compressed with ${name ? `${name} (method ${method})` : `an unknown method (number ${method})`}, which the console cannot read; it reads GeoTIFFs uncompressed or compressed with Deflate, LZW, PackBits or JPEG.`,
  )
}

/**
 * Deflate that stops at the tile's declared size: geotiff's own inflates whatever the stream holds, and a
 * 40 KB tile of zeros unpacks to 40 MB (a "deflate bomb"). Fed in small pieces, so that no piece can unpack
 * to much more than a megabyte before the size is checked.
 */
class BoundedDeflate extends BaseDecoder {
  override decodeBlock(buffer: ArrayBuffer): ArrayBuffer {
    const { tileWidth, tileHeight, bitsPerSample } = this.parameters
    const bits =
      typeof bitsPerSample === 'number' ? bitsPerSample : Array.from(bitsPerSample).reduce((a, b) => a + b, 0)
    const limit = Math.ceil((tileWidth * tileHeight * bits) / 8)
    const out = new Uint8Array(limit)
    let size = 0
    const inflater = new Unzlib((chunk) => {
      if (size + chunk.length > limit)
        throw new ImageryLimitError(
          `A tile of this file unpacks to more than the ${whole(limit)} bytes it declares (a compression bomb); the console stops reading it.`,
        )
      out.set(chunk, size)
      size += chunk.length
    })
    const input = new Uint8Array(buffer)
    const PIECE = 1024
    for (let at = 0; at < input.length; at += PIECE)
      inflater.push(input.subarray(at, Math.min(input.length, at + PIECE)), at + PIECE >= input.length)
    return out.buffer
  }
}
addDecoder([8, 32946], () => Promise.resolve(BoundedDeflate))

/** Every level of the file, following its directories within the budget, and refusing a loop. */
async function levelsOf(tiff: Awaited<ReturnType<typeof fromCustomClient>>, budget: ReadBudget) {
  const images: GeoTIFFImage[] = []
  const seen = new Set<number>([tiff.firstIFDOffset])
  for (let i = 0; ; i++) {
    if (i >= budget.directories)
      throw new ImageryLimitError(
        `This file has more than ${whole(budget.directories)} image directories; the console reads at most ${whole(budget.directories)}.`,
      )
    const directory = await tiff.requestIFD(i)
    images.push(await tiff.getImage(i))
    const next = directory.nextIFDByteOffset
    if (!next) return images
    if (seen.has(next))
      throw new ImageryLimitError(
        `This file’s image directories point back to one another in a loop (directory ${i + 1} leads to an earlier one), so reading it would never end; the console stops there.`,
      )
    seen.add(next)
  }
}

/** The level to read: the one the view needs, else the largest within the budget, else a plain refusal. */
function levelWithin(images: GeoTIFFImage[], wanted: number, budget: ReadBudget): number {
  const fits = (i: number) => {
    const image = images[i]
    const tiles =
      Math.ceil(image.getWidth() / image.getTileWidth()) *
      Math.ceil(image.getHeight() / image.getTileHeight())
    return image.getWidth() * image.getHeight() <= budget.pixels && tiles <= budget.tiles
  }
  if (fits(wanted)) return wanted
  let best = -1
  for (let i = 0; i < images.length; i++)
    if (fits(i) && (best < 0 || images[i].getWidth() > images[best].getWidth())) best = i
  if (best >= 0) return best
  const image = images[wanted]
  const pixels = image.getWidth() * image.getHeight()
  if (pixels > budget.pixels)
    throw new ImageryLimitError(
      `This file declares ${millions(pixels)} pixels (${whole(image.getWidth())} × ${whole(image.getHeight())})${images.length > 1 ? ' in its smallest picture' : ' and no smaller overview'}; the console reads at most ${millions(budget.pixels)} in one picture.`,
    )
  throw new ImageryLimitError(
    `This file cuts its picture into tiles too small (${whole(image.getTileWidth())} × ${whole(image.getTileHeight())} pixels); the console reads at most ${whole(budget.tiles)} tiles for one picture.`,
  )
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
  budget: ReadBudget = READ_BUDGET,
): Promise<ReadResult> {
  // One signal for the whole read: the caller's (its page went) or the time budget's.
  const stop = new AbortController()
  const timer = setTimeout(
    () =>
      stop.abort(
        new ImageryLimitError(
          `This file took longer than ${whole(budget.ms / 1000)} seconds to read; the console stops a read then.`,
        ),
      ),
    budget.ms,
  )
  const onAbort = () => stop.abort(signal?.reason)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  const stopped = new Promise<never>((_, reject) => {
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason as Error), { once: true })
  })
  // Decoding does not look at the signal between tiles; the read's promise ends with it all the same.
  stopped.catch(() => undefined)
  try {
    return await Promise.race([
      stopped,
      read({ url, targetPx, preset, view }, stop.signal, fetchLink, budget, onDecoded),
    ])
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    stop.abort()
  }
}

async function read(
  { url, targetPx, preset, view }: ReadRequest,
  signal: AbortSignal,
  fetchLink: LinkFetch,
  budget: ReadBudget,
  onDecoded?: () => void,
): Promise<ReadResult> {
  const spending = new Spending(budget)
  const tiff = await fromCustomClient(
    new LinkClient(url, fetchLink, spending, signal),
    { allowFullFile: false },
    signal,
  )
  const images = await levelsOf(tiff, budget)
  const levels = images.map((i) => i.getWidth())
  const level = levelWithin(images, chooseOverview(levels, targetPx), budget)
  const image = images[level]
  checkCompression(image)
  const full = images[0]
  const [w, s, e, n] = full.getBoundingBox()
  const data = (await image.readRasters({ interleave: true, signal })) as unknown as Uint16Array
  signal.throwIfAborted()
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
    const rendered = {
      preset: presetForImage(raster.bands, view.preset),
      rgba: shown.rgba,
      view: shown.key,
      limits: shown.limits,
    }
    return { raster, levels, level, rendered }
  }
  if (preset === undefined) return { raster, levels, level }
  const first = presetForImage(raster.bands, preset)
  return { raster, levels, level, rendered: { preset: first, rgba: renderPreset(raster, first) } }
}
