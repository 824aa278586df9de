/**
 * PNG and JPEG files of RGBA pixels: the previews of the synthetic scenes (picture.ts, cog.ts). Only web
 * standards here (typed arrays, DataView), plus fflate for zlib and jpeg-js for JPEG.
 */
import { zlibSync } from 'fflate'
import { encode as encodeJpegPixels } from 'jpeg-js'

const MAX_DIMENSION = 4096

/** Throws a RangeError unless both sides are whole numbers in 1..4096. */
export function checkDimensions(width: number, height: number): void {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_DIMENSION) {
      throw new RangeError(`${name} must be an integer in 1..${MAX_DIMENSION}, got ${value}`)
    }
  }
}

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
