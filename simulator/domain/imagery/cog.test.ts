import { fromArrayBuffer } from 'geotiff'
import { describe, expect, it } from 'vitest'
import { makeSceneImagery, sceneFileSize, scenePreview, scenePreviewSize } from './cog'
import type { SceneSpec } from './scene'

// The mouth of the Nieuwe Waterweg: North Sea to the west, land to the east.
const BBOX: [number, number, number, number] = [3.95, 51.9, 4.25, 52.05]
const [W, S, E, N] = BBOX
const BOX = [
  [
    [
      [W, S],
      [E, S],
      [E, N],
      [W, N],
      [W, S],
    ],
  ],
]
const optical = (over: Partial<SceneSpec> = {}): SceneSpec => ({
  seed: 'asset-1',
  bbox: BBOX,
  footprint: BOX,
  cloudCover: 0,
  radar: false,
  ...over,
})

async function open(bytes: Uint8Array) {
  return fromArrayBuffer(bytes.slice().buffer)
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

describe('delivered imagery', () => {
  it('is a georeferenced COG of the item box: five uint16 bands (red, green, blue, NIR, SWIR), 256 px tiles, overviews down to 128 px', async () => {
    const { bytes } = await makeSceneImagery(optical())
    const tiff = await open(bytes)
    const count = await tiff.getImageCount()
    const sizes = []
    for (let i = 0; i < count; i++) {
      const image = await tiff.getImage(i)
      sizes.push(Math.max(image.getWidth(), image.getHeight()))
    }
    expect(sizes).toEqual([1024, 512, 256, 128])
    const full = await tiff.getImage(0)
    expect(full.getSamplesPerPixel()).toBe(5)
    expect(full.getBitsPerSample()).toBe(16)
    expect([full.getTileWidth(), full.getTileHeight()]).toEqual([256, 256])
    full.getBoundingBox().forEach((v, i) => expect(v).toBeCloseTo(BBOX[i], 9))
    expect(full.getGeoKeys()?.GeographicTypeGeoKey).toBe(4326)
    // Pixels about square on the ground: 0.3° of longitude at 52° N against 0.15° of latitude.
    expect(full.getHeight()).toBe(Math.round(1024 / ((0.3 * Math.cos((51.975 * Math.PI) / 180)) / 0.15)))
    expect(sceneFileSize(BBOX, false)).toBe(bytes.byteLength)
  })

  it('shows water dark in the near infrared and land green (NDVI) where Natural Earth has them, vegetation darker in SWIR than NIR (NDBI < 0) and built-up or bare land brighter (NDBI > 0)', async () => {
    const { bytes } = await makeSceneImagery(optical())
    const image = await (await open(bytes)).getImage(2)
    const px = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
    const w = image.getWidth()
    const at = (fx: number, fy: number) => {
      const i = (Math.floor(fy * image.getHeight()) * w + Math.floor(fx * w)) * 5
      return { red: px[i], nir: px[i + 3], swir: px[i + 4] }
    }
    const sea = at(0.05, 0.3) // off the coast at 3.96° E
    const land = at(0.9, 0.5) // inland at 4.22° E
    expect(sea.nir).toBeLessThan(sea.red)
    expect(sea.nir).toBeLessThan(600)
    expect(sea.swir).toBeLessThan(sea.nir)
    let green = 0
    let builtOrBare = 0
    let n = 0
    for (let i = 0; i < px.length; i += 5) {
      const ndvi = (px[i + 3] - px[i]) / (px[i + 3] + px[i])
      const ndbi = (px[i + 4] - px[i + 3]) / (px[i + 4] + px[i + 3])
      if (ndvi > 0.3) {
        green++
        expect(ndbi).toBeLessThan(0)
      }
      // Clearly land (not a coast pixel mixed with sea in the overview) with little vegetation.
      if (ndvi > 0 && ndvi < 0.12 && px[i + 3] > 1500) {
        builtOrBare++
        expect(ndbi).toBeGreaterThan(0)
      }
      n++
    }
    expect(green / n).toBeGreaterThan(0.2)
    expect(builtOrBare).toBeGreaterThan(0)
    expect(land.nir).toBeGreaterThan(land.red)
  })

  it('covers about the cloud-cover share with clouds bright in every band, and leaves outside the footprint nodata', async () => {
    const triangle = [
      [
        [
          [W, S],
          [E, S],
          [E, N],
          [W, S],
        ],
      ],
    ]
    const { bytes } = await makeSceneImagery(optical({ cloudCover: 40, footprint: triangle }))
    const image = await (await open(bytes)).getImage(1)
    const px = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
    let inside = 0
    let cloudy = 0
    for (let i = 0; i < px.length; i += 5) {
      if (px[i] === 0) continue
      inside++
      if (px[i] > 5000 && px[i + 1] > 5000 && px[i + 2] > 5000 && px[i + 3] > 5000 && px[i + 4] > 4000)
        cloudy++
    }
    // Half the box is outside the triangle.
    expect(inside / (px.length / 5)).toBeCloseTo(0.5, 1)
    expect(cloudy / inside).toBeGreaterThan(0.3)
    expect(cloudy / inside).toBeLessThan(0.5)
    // North-west corner is outside: nodata in every band.
    expect([...px.slice(0, 5)]).toEqual([0, 0, 0, 0, 0])
  })

  it('is deterministic: the same asset gives the same bytes, another asset another scene', async () => {
    const a = await makeSceneImagery(optical())
    const b = await makeSceneImagery(optical())
    const c = await makeSceneImagery(optical({ seed: 'asset-2' }))
    expect(sameBytes(a.bytes, b.bytes)).toBe(true)
    expect(sameBytes(a.bytes, c.bytes)).toBe(false)
  })

  it('makes radar two bands of backscatter amplitude, VV and VH, water darker than land, VH below VV (most on water)', async () => {
    const { bytes } = await makeSceneImagery(optical({ radar: true }))
    expect(sceneFileSize(BBOX, true)).toBe(bytes.byteLength)
    const image = await (await open(bytes)).getImage(2)
    expect(image.getSamplesPerPixel()).toBe(2)
    const [vv, vh] = (await image.readRasters()) as unknown as Uint16Array[]
    const w = image.getWidth()
    const mean = (x0: number, x1: number, band = vv) => {
      let sum = 0
      let n = 0
      for (let y = 0; y < image.getHeight(); y++)
        for (let x = Math.floor(x0 * w); x < Math.floor(x1 * w); x++) {
          sum += band[y * w + x]
          n++
        }
      return sum / n
    }
    expect(mean(0, 0.08)).toBeLessThan(mean(0.8, 1) / 2)
    // The co- to cross-polarised ratio in dB (amplitudes, so 20·log10): about 13 dB on water, 5–9 on land.
    const ratioDb = (x0: number, x1: number) => 20 * Math.log10(mean(x0, x1) / mean(x0, x1, vh))
    expect(ratioDb(0, 0.08)).toBeGreaterThan(11)
    expect(ratioDb(0.8, 1)).toBeGreaterThan(4)
    expect(ratioDb(0.8, 1)).toBeLessThan(10)
  })

  it('renders a PNG preview of the same scene', async () => {
    const png = await scenePreview(optical())
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    // IHDR: 256 pixels across.
    expect(new DataView(png.buffer, png.byteOffset).getUint32(16)).toBe(256)
    expect(scenePreviewSize(BBOX)).toBe(png.byteLength)
  })
})
