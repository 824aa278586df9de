import { unzlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { encodeJpeg, encodePng } from './encode'

// A bit-at-a-time CRC-32 (the PNG polynomial), independent of the table-driven one under test.
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return (c ^ 0xffffffff) >>> 0
}

interface Chunk {
  type: string
  data: Uint8Array
  crc: number
}

function readChunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const chunks: Chunk[] = []
  let pos = 8
  while (pos < png.length) {
    const length = view.getUint32(pos)
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8))
    const data = png.subarray(pos + 8, pos + 8 + length)
    const crc = view.getUint32(pos + 8 + length)
    // The CRC covers the type and the data, not the length.
    expect(crc32(png.subarray(pos + 4, pos + 8 + length)), `CRC of ${type}`).toBe(crc)
    chunks.push({ type, data, crc })
    pos += 12 + length
  }
  expect(pos).toBe(png.length)
  return chunks
}

/** Noisy RGBA pixels of a given size: a gradient with a hashed grain, alpha varying too. */
function noisyPixels(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    const x = i % width
    const y = Math.floor(i / width)
    const grain = Math.imul(i + 1, 0x9e3779b1) >>> 24
    rgba.set([(x * 7 + grain) & 255, (y * 11) & 255, (x + y + grain) & 255, 128 + (grain & 127)], i * 4)
  }
  return rgba
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

describe('encodePng', () => {
  it('writes a valid 8-bit RGBA PNG whose pixels decode back to the input', () => {
    const width = 37
    const height = 23
    const rgba = noisyPixels(width, height)
    const png = encodePng(rgba, width, height)

    expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE)
    const chunks = readChunks(png)
    expect(chunks[0].type).toBe('IHDR')
    expect(chunks[chunks.length - 1].type).toBe('IEND')
    expect(chunks[chunks.length - 1].data.length).toBe(0)

    const ihdr = new DataView(chunks[0].data.buffer, chunks[0].data.byteOffset, chunks[0].data.byteLength)
    expect(ihdr.byteLength).toBe(13)
    expect(ihdr.getUint32(0)).toBe(width)
    expect(ihdr.getUint32(4)).toBe(height)
    expect(Array.from(chunks[0].data.subarray(8))).toEqual([8, 6, 0, 0, 0])

    const idats = chunks.filter((c) => c.type === 'IDAT')
    expect(idats.length).toBeGreaterThan(0)
    const compressed = new Uint8Array(idats.reduce((n, c) => n + c.data.length, 0))
    let at = 0
    for (const c of idats) {
      compressed.set(c.data, at)
      at += c.data.length
    }
    const raw = unzlibSync(compressed)
    const stride = width * 4
    expect(raw.length).toBe((stride + 1) * height)
    const pixels = new Uint8Array(width * height * 4)
    for (let y = 0; y < height; y++) {
      expect(raw[y * (stride + 1)], `filter type of row ${y}`).toBe(0)
      pixels.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride)
    }
    expect(sameBytes(pixels, rgba)).toBe(true)
  })

  it('rejects a pixel buffer of the wrong length', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(RangeError)
  })
})

describe('encodeJpeg', () => {
  it('writes a JPEG with SOI/EOI markers and the right frame size', () => {
    const rgba = noisyPixels(50, 30)
    const jpeg = encodeJpeg(rgba, 50, 30)
    expect(jpeg).toBeInstanceOf(Uint8Array)
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8])
    expect([jpeg[jpeg.length - 2], jpeg[jpeg.length - 1]]).toEqual([0xff, 0xd9])

    // Walk the marker segments up to the baseline frame header (SOF0).
    const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)
    let pos = 2
    while (jpeg[pos] === 0xff && jpeg[pos + 1] !== 0xc0) pos += 2 + view.getUint16(pos + 2)
    expect(jpeg[pos + 1]).toBe(0xc0)
    expect(view.getUint16(pos + 5)).toBe(30)
    expect(view.getUint16(pos + 7)).toBe(50)
  })

  it('gets smaller at lower quality', () => {
    const rgba = noisyPixels(64, 64)
    expect(encodeJpeg(rgba, 64, 64, 30).length).toBeLessThan(encodeJpeg(rgba, 64, 64, 95).length)
  })
})
