/**
 * A Cloud-Optimized GeoTIFF writer for the simulator's deliveries: little-endian, pixel-interleaved, tiled,
 * uncompressed or deflated, with internal overviews and EPSG:4326 georeferencing (ModelPixelScale, ModelTiepoint,
 * GeoKeyDirectory). The byte layout is the COG one: the header, then every IFD (full resolution first, then
 * each overview), then the tiles from the smallest overview to the full resolution, so a reader gets all
 * the directories with its first Range request and each level's tiles lie together.
 */
import { zlibSync } from 'fflate'

export type SampleType = 'uint16' | 'float32'

/** One resolution level: pixel-interleaved samples, `bands` per pixel, row by row. */
export interface RasterLevel {
  width: number
  height: number
  data: Uint16Array | Float32Array
}

export interface CogInput {
  /** Full resolution first, then each overview, each about half the size of the one before. */
  levels: RasterLevel[]
  bands: number
  sampleType: SampleType
  /** [west, south, east, north] in degrees: the outer edges of the full-resolution pixels. */
  bbox: [number, number, number, number]
  nodata: number
  tileSize?: number
  /** Tiles as they are (the default) or deflated with a horizontal predictor, at this zlib level. */
  deflate?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
}

// TIFF field types
const SHORT = 3
const LONG = 4
const ASCII = 2
const DOUBLE = 12
const TYPE_SIZE: Record<number, number> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 }

interface Field {
  tag: number
  type: number
  values: number[] | string
}

/** The tile byte ranges of one level once written, for tests and Range checks. */
export interface WrittenLevel {
  width: number
  height: number
  tileOffsets: number[]
  tileByteCounts: number[]
}

export interface WrittenCog {
  bytes: Uint8Array
  levels: WrittenLevel[]
}

const count = (f: Field) => (typeof f.values === 'string' ? f.values.length + 1 : f.values.length)
const valueBytes = (f: Field) => count(f) * TYPE_SIZE[f.type]

/** Cuts a level into `tile` × `tile` tiles (edge tiles padded with nodata), each deflated. */
function tilesOf(
  level: RasterLevel,
  bands: number,
  sampleType: SampleType,
  tile: number,
  nodata: number,
  deflate: CogInput['deflate'],
): Uint8Array[] {
  const across = Math.ceil(level.width / tile)
  const down = Math.ceil(level.height / tile)
  const out: Uint8Array[] = []
  const rowSamples = tile * bands
  for (let ty = 0; ty < down; ty++) {
    for (let tx = 0; tx < across; tx++) {
      const samples =
        sampleType === 'uint16' ? new Uint16Array(tile * rowSamples) : new Float32Array(tile * rowSamples)
      if (nodata !== 0) samples.fill(nodata)
      const x0 = tx * tile
      const w = Math.min(tile, level.width - x0)
      for (let y = 0; y < tile; y++) {
        const sy = ty * tile + y
        if (sy >= level.height) break
        const from = (sy * level.width + x0) * bands
        samples.set(level.data.subarray(from, from + w * bands), y * rowSamples)
      }
      if (deflate === undefined) {
        out.push(new Uint8Array(samples.buffer))
        continue
      }
      if (sampleType === 'uint16') {
        // Horizontal differencing (TIFF predictor 2), per sample of a pixel, right to left within each row.
        const u = samples as Uint16Array
        for (let y = 0; y < tile; y++) {
          const row = y * rowSamples
          for (let i = rowSamples - 1; i >= bands; i--)
            u[row + i] = (u[row + i] - u[row + i - bands]) & 0xffff
        }
      }
      out.push(zlibSync(new Uint8Array(samples.buffer), { level: deflate }))
    }
  }
  return out
}

function fieldsOf(input: CogShape, index: number, tileCount: number, tile: number): Field[] {
  const { bands, sampleType, bbox, nodata } = input
  const level = input.levels[index]
  const bits = sampleType === 'uint16' ? 16 : 32
  const fields: Field[] = [
    { tag: 254, type: LONG, values: [index === 0 ? 0 : 1] }, // NewSubfileType: 1 = reduced resolution
    { tag: 256, type: LONG, values: [level.width] },
    { tag: 257, type: LONG, values: [level.height] },
    { tag: 258, type: SHORT, values: new Array<number>(bands).fill(bits) },
    { tag: 259, type: SHORT, values: [input.deflate === undefined ? 1 : 8] }, // Compression: none, or deflate (zlib)
    { tag: 262, type: SHORT, values: [1] }, // PhotometricInterpretation: BlackIsZero
    { tag: 277, type: SHORT, values: [bands] },
    { tag: 284, type: SHORT, values: [1] }, // PlanarConfiguration: pixel-interleaved
    // Predictor: horizontal differencing for deflated integers.
    { tag: 317, type: SHORT, values: [input.deflate !== undefined && sampleType === 'uint16' ? 2 : 1] },
    { tag: 322, type: SHORT, values: [tile] },
    { tag: 323, type: SHORT, values: [tile] },
    { tag: 324, type: LONG, values: new Array<number>(tileCount).fill(0) }, // TileOffsets, set once laid out
    { tag: 325, type: LONG, values: new Array<number>(tileCount).fill(0) }, // TileByteCounts
  ]
  if (bands > 1) fields.push({ tag: 338, type: SHORT, values: new Array<number>(bands - 1).fill(0) })
  fields.push({
    tag: 339,
    type: SHORT,
    values: new Array<number>(bands).fill(sampleType === 'uint16' ? 1 : 3),
  })
  if (index === 0) {
    const full = input.levels[0]
    const [w, , e, n] = bbox
    const s = bbox[1]
    fields.push(
      { tag: 33550, type: DOUBLE, values: [(e - w) / full.width, (n - s) / full.height, 0] },
      { tag: 33922, type: DOUBLE, values: [0, 0, 0, w, n, 0] },
      // GeoKeyDirectory: version 1.1.0, 3 keys: GTModelType geographic, GTRasterType PixelIsArea, EPSG:4326.
      { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326] },
    )
  }
  fields.push({ tag: 42113, type: ASCII, values: String(nodata) }) // GDAL_NODATA
  return fields
}

function writeValues(view: DataView, bytes: Uint8Array, at: number, f: Field): void {
  if (typeof f.values === 'string') {
    for (let i = 0; i < f.values.length; i++) bytes[at + i] = f.values.charCodeAt(i)
    bytes[at + f.values.length] = 0
    return
  }
  f.values.forEach((v, i) => {
    if (f.type === SHORT) view.setUint16(at + i * 2, v, true)
    else if (f.type === LONG) view.setUint32(at + i * 4, v, true)
    else view.setFloat64(at + i * 8, v, true)
  })
}

/** What the directories need to know of the levels: their sizes, not their samples. */
export type CogShape = Omit<CogInput, 'levels'> & { levels: { width: number; height: number }[] }

interface Layout {
  ifds: Field[][]
  ifdAt: number[]
  valueAt: Map<Field, number>[]
  levels: WrittenLevel[]
  total: number
}

/** Where everything goes, given each level's tile byte counts. */
function layout(shape: CogShape, tileBytes: number[][]): Layout {
  const tile = shape.tileSize ?? 256
  const ifds = shape.levels.map((_, i) => fieldsOf(shape, i, tileBytes[i].length, tile))
  // The directories: each IFD (2 + 12 n + 4 bytes) followed by its values longer than 4 bytes.
  let pos = 8
  const ifdAt: number[] = []
  const valueAt: Map<Field, number>[] = []
  for (const fields of ifds) {
    ifdAt.push(pos)
    pos += 2 + fields.length * 12 + 4
    const at = new Map<Field, number>()
    for (const f of fields) {
      if (valueBytes(f) <= 4) continue
      pos += pos & 1 // values start on a word boundary
      at.set(f, pos)
      pos += valueBytes(f)
    }
    valueAt.push(at)
  }
  // Tiles: smallest overview first, the full resolution last.
  const levels: WrittenLevel[] = shape.levels.map((l) => ({
    width: l.width,
    height: l.height,
    tileOffsets: [],
    tileByteCounts: [],
  }))
  for (let i = shape.levels.length - 1; i >= 0; i--) {
    for (const n of tileBytes[i]) {
      levels[i].tileOffsets.push(pos)
      levels[i].tileByteCounts.push(n)
      pos += n
    }
    ;(ifds[i].find((f) => f.tag === 324) as Field).values = levels[i].tileOffsets
    ;(ifds[i].find((f) => f.tag === 325) as Field).values = levels[i].tileByteCounts
  }
  return { ifds, ifdAt, valueAt, levels, total: pos }
}

const tilesAcross = (l: { width: number; height: number }, tile: number) =>
  Math.ceil(l.width / tile) * Math.ceil(l.height / tile)

/** The byte length of an uncompressed COG of this shape, known without making it (STAC `file:size`). */
export function cogByteLength(shape: CogShape): number {
  const tile = shape.tileSize ?? 256
  const bytes = tile * tile * shape.bands * (shape.sampleType === 'uint16' ? 2 : 4)
  return layout(
    shape,
    shape.levels.map((l) => new Array<number>(tilesAcross(l, tile)).fill(bytes)),
  ).total
}

export function writeCog(input: CogInput): WrittenCog {
  const tile = input.tileSize ?? 256
  const tiles = input.levels.map((l) =>
    tilesOf(l, input.bands, input.sampleType, tile, input.nodata, input.deflate),
  )
  const { ifds, ifdAt, valueAt, levels, total } = layout(
    input,
    tiles.map((t) => t.map((b) => b.byteLength)),
  )
  const bytes = new Uint8Array(total)
  const view = new DataView(bytes.buffer)
  bytes[0] = 0x49 // "II": little-endian
  bytes[1] = 0x49
  view.setUint16(2, 42, true)
  view.setUint32(4, ifdAt[0], true)
  ifds.forEach((fields, i) => {
    let at = ifdAt[i]
    view.setUint16(at, fields.length, true)
    at += 2
    for (const f of fields) {
      view.setUint16(at, f.tag, true)
      view.setUint16(at + 2, f.type, true)
      view.setUint32(at + 4, count(f), true)
      const out = valueAt[i].get(f)
      if (out === undefined) writeValues(view, bytes, at + 8, f)
      else {
        view.setUint32(at + 8, out, true)
        writeValues(view, bytes, out, f)
      }
      at += 12
    }
    view.setUint32(at, i + 1 < ifds.length ? ifdAt[i + 1] : 0, true)
  })
  for (let i = 0; i < input.levels.length; i++) {
    tiles[i].forEach((t, k) => bytes.set(t, levels[i].tileOffsets[k]))
  }
  return { bytes, levels }
}

/**
 * The next overview of a level: each pixel the mean of the 2 × 2 it covers, nodata pixels left out (all four
 * nodata: nodata). Odd sizes round up, the last row or column averaging what it has.
 */
export function halve(level: RasterLevel, bands: number, nodata: number): RasterLevel {
  const width = Math.ceil(level.width / 2)
  const height = Math.ceil(level.height / 2)
  const src = level.data
  const data =
    src instanceof Uint16Array
      ? new Uint16Array(width * height * bands)
      : new Float32Array(width * height * bands)
  const round = src instanceof Uint16Array
  for (let y = 0; y < height; y++) {
    const y0 = y * 2
    const y1 = Math.min(y0 + 1, level.height - 1)
    for (let x = 0; x < width; x++) {
      const x0 = x * 2
      const x1 = Math.min(x0 + 1, level.width - 1)
      const corners = [
        (y0 * level.width + x0) * bands,
        (y0 * level.width + x1) * bands,
        (y1 * level.width + x0) * bands,
        (y1 * level.width + x1) * bands,
      ]
      // A pixel counts when its first band is not nodata (the generator blanks all bands together).
      let n = 0
      for (const c of corners) if (src[c] !== nodata) n++
      const out = (y * width + x) * bands
      for (let b = 0; b < bands; b++) {
        if (n === 0) {
          data[out + b] = nodata
          continue
        }
        let sum = 0
        for (const c of corners) if (src[c] !== nodata) sum += src[c + b]
        data[out + b] = round ? Math.max(1, Math.round(sum / n)) : sum / n
      }
    }
  }
  return { width, height, data }
}
