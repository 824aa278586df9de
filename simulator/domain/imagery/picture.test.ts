import { unzlibSync } from 'fflate'
import jpegJs from 'jpeg-js'
import { describe, expect, it } from 'vitest'
import { drawPicture, scenePicture } from './picture'
import type { SceneSpec } from './scene'

// The project's declaration of jpeg-js covers encoding only; the tests also decode.
const decodeJpeg = (
  jpegJs as unknown as { decode: (b: Uint8Array, o: { useTArray: true }) => { data: Uint8Array } }
).decode

// The mouth of the Nieuwe Waterweg: North Sea to the west, land to the east.
const BBOX: [number, number, number, number] = [3.95, 51.9, 4.25, 52.05]
const [W, S, E, N] = BBOX
const ring = (w: number, s: number, e: number, n: number) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]
const spec = (over: Partial<SceneSpec> = {}): SceneSpec => ({
  seed: 'scene-a',
  bbox: BBOX,
  footprint: [ring(W, S, E, N)],
  cloudCover: 0,
  radar: false,
  ...over,
})

/** The RGBA pixels of a PNG written by encodePng (one IDAT, filter type 0 on every row). */
function pngPixels(png: Uint8Array): { width: number; height: number; rgba: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  const idatLength = view.getUint32(33)
  const raw = unzlibSync(png.subarray(41, 41 + idatLength))
  const rgba = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++)
    rgba.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4)
  return { width, height, rgba }
}

const meanBrightness = (rgba: Uint8Array) => {
  let sum = 0
  let n = 0
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] === 0) continue
    sum += rgba[i] + rgba[i + 1] + rgba[i + 2]
    n += 3
  }
  return sum / n
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

describe('scene pictures (thumbnails, quicklooks, pictures of files)', () => {
  it('are PNGs or JPEGs of the asked size, the same bytes for the same scene, others for another', async () => {
    const png = await scenePicture(spec(), 'png', 48)
    expect(pngPixels(png)).toMatchObject({ width: 48, height: 48 })
    expect(sameBytes(await scenePicture(spec(), 'png', 48), png)).toBe(true)
    expect(sameBytes(await scenePicture(spec({ seed: 'scene-b' }), 'png', 48), png)).toBe(false)
    const jpeg = await scenePicture(spec(), 'jpeg', 48)
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8])
  })

  it('show the place: the North Sea in the west darker than the land in the east', async () => {
    const { rgba } = pngPixels(await scenePicture(spec(), 'png', 64))
    const column = (x0: number, x1: number) => {
      let sum = 0
      for (let y = 0; y < 64; y++) for (let x = x0; x < x1; x++) sum += rgba[(y * 64 + x) * 4 + 1]
      return sum / (64 * (x1 - x0))
    }
    expect(column(0, 8)).toBeLessThan(column(56, 64) - 20)
  })

  it('get brighter as cloud cover rises, about the share asked', async () => {
    const clear = pngPixels(await scenePicture(spec(), 'png', 96)).rgba
    let last = meanBrightness(clear)
    for (const cloudCover of [30, 70]) {
      const cloudy = pngPixels(await scenePicture(spec({ cloudCover }), 'png', 96)).rgba
      expect(meanBrightness(cloudy)).toBeGreaterThan(last)
      last = meanBrightness(cloudy)
      let brightened = 0
      for (let i = 0; i < clear.length; i += 4) {
        const delta = cloudy[i] + cloudy[i + 1] + cloudy[i + 2] - (clear[i] + clear[i + 1] + clear[i + 2])
        if (delta > 120) brightened++
      }
      expect(Math.abs((100 * brightened) / (96 * 96) - cloudCover)).toBeLessThan(12)
    }
  })

  it('draw radar in grey, and outside the footprint transparent (PNG) or black (JPEG)', async () => {
    const half = spec({ footprint: [ring(W, S, (W + E) / 2, N)], radar: true, cloudCover: null })
    const { rgba } = pngPixels(await scenePicture(half, 'png', 32))
    for (let y = 0; y < 32; y++) {
      const inside = (y * 32 + 4) * 4
      const outside = (y * 32 + 28) * 4
      expect(rgba[inside + 3]).toBe(255)
      expect([rgba[inside + 1], rgba[inside + 2]]).toEqual([rgba[inside], rgba[inside]])
      expect(rgba[outside + 3]).toBe(0)
    }
    const { data } = decodeJpeg(await scenePicture(half, 'jpeg', 32), { useTArray: true })
    // JPEG blurs the edge a little: well outside, the picture is black.
    expect(Math.max(...[0, 1, 2].map((b) => data[(16 * 32 + 30) * 4 + b]))).toBeLessThan(16)
  })

  it('hand out copies, so a caller cannot corrupt the cache, and keep working past its capacity', async () => {
    const first = await scenePicture(spec({ seed: 'copy' }), 'png', 16)
    const expected = first.slice()
    first.fill(0)
    expect(sameBytes(await scenePicture(spec({ seed: 'copy' }), 'png', 16), expected)).toBe(true)
    for (let i = 0; i < 300; i++) await scenePicture(spec({ seed: `evict-${i}` }), 'png', 8)
    expect(sameBytes(await scenePicture(spec({ seed: 'copy' }), 'png', 16), expected)).toBe(true)
  })

  it('rejects impossible sizes', async () => {
    await expect(drawPicture(spec(), 'png', 0, 10)).rejects.toThrow(RangeError)
    await expect(drawPicture(spec(), 'png', 10.5, 10)).rejects.toThrow(RangeError)
    await expect(drawPicture(spec(), 'png', 10, 100_000)).rejects.toThrow(RangeError)
  })
})
