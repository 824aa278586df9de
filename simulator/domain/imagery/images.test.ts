import { unzlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  encodeJpeg,
  encodePng,
  hashString,
  mulberry32,
  renderAssetFile,
  renderImage,
  renderScene,
} from './images'

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

function meanBrightness(rgba: Uint8Array): number {
  let sum = 0
  for (let i = 0; i < rgba.length; i += 4) sum += rgba[i] + rgba[i + 1] + rgba[i + 2]
  return sum / ((rgba.length / 4) * 3)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

describe('seeded PRNG', () => {
  it('is a pure function of the seed', () => {
    expect(hashString('S2A-42')).toBe(hashString('S2A-42'))
    expect(hashString('S2A-42')).not.toBe(hashString('S2A-43'))
    const a = mulberry32(7)
    const b = mulberry32(7)
    const xs = Array.from({ length: 5 }, () => a())
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs)
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThan(1)
    }
  })
})

describe('renderScene', () => {
  it('returns opaque RGBA pixels of the requested size', () => {
    const rgba = renderScene('scene-a', 40, 24)
    expect(rgba).toBeInstanceOf(Uint8Array)
    expect(rgba.length).toBe(40 * 24 * 4)
    for (let i = 3; i < rgba.length; i += 4) expect(rgba[i]).toBe(255)
  })

  it('is deterministic per seed and differs between seeds', () => {
    const a = renderScene('scene-a', 64, 64, { cloudCover: 30 })
    expect(sameBytes(renderScene('scene-a', 64, 64, { cloudCover: 30 }), a)).toBe(true)
    expect(sameBytes(renderScene('scene-b', 64, 64, { cloudCover: 30 }), a)).toBe(false)
  })

  it('gets brighter as cloud cover rises', () => {
    for (const seed of ['cloud-1', 'cloud-2', 'cloud-3']) {
      const clear = meanBrightness(renderScene(seed, 96, 96, { cloudCover: 0 }))
      const half = meanBrightness(renderScene(seed, 96, 96, { cloudCover: 50 }))
      const overcast = meanBrightness(renderScene(seed, 96, 96, { cloudCover: 90 }))
      expect(half).toBeGreaterThan(clear)
      expect(overcast).toBeGreaterThan(half)
      expect(overcast - clear).toBeGreaterThan(60)
    }
  })

  it('covers roughly the requested fraction of the scene with cloud', () => {
    const clear = renderScene('cloud-4', 128, 128)
    for (const cloudCover of [30, 70]) {
      const cloudy = renderScene('cloud-4', 128, 128, { cloudCover })
      let brightened = 0
      for (let i = 0; i < clear.length; i += 4) {
        const delta = cloudy[i] + cloudy[i + 1] + cloudy[i + 2] - (clear[i] + clear[i + 1] + clear[i + 2])
        if (delta > 120) brightened++
      }
      expect(Math.abs((100 * brightened) / (128 * 128) - cloudCover)).toBeLessThan(10)
    }
  })

  it('renders SAR as gray-scale', () => {
    const sar = renderScene('radar', 48, 48, { sar: true })
    for (let i = 0; i < sar.length; i += 4) {
      expect(sar[i + 1]).toBe(sar[i])
      expect(sar[i + 2]).toBe(sar[i])
    }
    expect(sameBytes(sar, renderScene('radar', 48, 48))).toBe(false)
  })

  it('rejects impossible sizes', () => {
    expect(() => renderScene('x', 0, 10)).toThrow(RangeError)
    expect(() => renderScene('x', 10.5, 10)).toThrow(RangeError)
    expect(() => renderScene('x', 10, 100_000)).toThrow(RangeError)
  })
})

describe('encodePng', () => {
  it('writes a valid 8-bit RGBA PNG whose pixels decode back to the input', () => {
    const width = 37
    const height = 23
    const rgba = renderScene('png', width, height, { cloudCover: 40 })
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
    const rgba = renderScene('jpeg', 50, 30)
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
    const rgba = renderScene('jpeg', 64, 64)
    expect(encodeJpeg(rgba, 64, 64, 30).length).toBeLessThan(encodeJpeg(rgba, 64, 64, 95).length)
  })
})

describe('renderImage', () => {
  it('gives identical bytes for the same arguments and different bytes for another seed', () => {
    for (const format of ['png', 'jpeg'] as const) {
      const a = renderImage('item-1', format, 64, { cloudCover: 20 })
      expect(sameBytes(renderImage('item-1', format, 64, { cloudCover: 20 }), a)).toBe(true)
      expect(sameBytes(renderImage('item-2', format, 64, { cloudCover: 20 }), a)).toBe(false)
      expect(sameBytes(renderImage('item-1', format, 64, { cloudCover: 70 }), a)).toBe(false)
    }
  })

  it('hands out copies, so a caller cannot corrupt the cache', () => {
    const first = renderImage('item-3', 'png', 32)
    const expected = first.slice()
    first.fill(0)
    expect(sameBytes(renderImage('item-3', 'png', 32), expected)).toBe(true)
  })

  it('keeps working past the cache capacity', () => {
    const first = renderImage('evict-0', 'png', 8)
    for (let i = 1; i <= 300; i++) renderImage(`evict-${i}`, 'png', 8)
    expect(sameBytes(renderImage('evict-0', 'png', 8), first)).toBe(true)
  })

  it('produces the requested format and size', () => {
    const png = renderImage('item-4', 'png', 48)
    expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE)
    const ihdr = new DataView(png.buffer, png.byteOffset + 16, 8)
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([48, 48])
    const jpeg = renderImage('item-4', 'jpeg', 48, { sar: true })
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8])
  })
})

describe('renderAssetFile', () => {
  it('is a 256 x 256 PNG, stable per seed', () => {
    const file = renderAssetFile('asset-1')
    expect(Array.from(file.subarray(0, 8))).toEqual(PNG_SIGNATURE)
    const chunks = readChunks(file)
    const ihdr = new DataView(chunks[0].data.buffer, chunks[0].data.byteOffset, 8)
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([256, 256])
    expect(sameBytes(renderAssetFile('asset-1'), file)).toBe(true)
    expect(sameBytes(renderAssetFile('asset-2'), file)).toBe(false)
  })
})
