import { fromArrayBuffer } from 'geotiff'
import { describe, expect, it } from 'vitest'
import { cogByteLength, halve, writeCog, type RasterLevel } from './tiff'

/** A small four-band level whose samples say where they are: band b of pixel (x, y) is 1 + x + 7y + 1000b. */
function gradient(width: number, height: number): RasterLevel {
  const data = new Uint16Array(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let b = 0; b < 4; b++) data[(y * width + x) * 4 + b] = 1 + x + 7 * y + 1000 * b
  return { width, height, data }
}

function pyramid(width: number, height: number): RasterLevel[] {
  const levels = [gradient(width, height)]
  while (levels.length < 3) levels.push(halve(levels[levels.length - 1], 4, 0))
  return levels
}

const BBOX: [number, number, number, number] = [4, 51.8, 4.3, 52]

describe('writeCog', () => {
  for (const deflate of [undefined, 6] as const) {
    it(`writes a tiled GeoTIFF with overviews that a reader opens (${deflate ? 'deflated' : 'uncompressed'})`, async () => {
      const levels = pyramid(300, 200)
      const { bytes, levels: written } = writeCog({
        levels,
        bands: 4,
        sampleType: 'uint16',
        bbox: BBOX,
        nodata: 0,
        tileSize: 128,
        deflate,
      })
      const tiff = await fromArrayBuffer(bytes.slice().buffer)
      expect(await tiff.getImageCount()).toBe(3)
      const full = await tiff.getImage(0)
      expect([full.getWidth(), full.getHeight(), full.getSamplesPerPixel()]).toEqual([300, 200, 4])
      expect([full.getTileWidth(), full.getTileHeight()]).toEqual([128, 128])
      expect(full.getBoundingBox().map((v) => Math.round(v * 1e9) / 1e9)).toEqual(BBOX)
      expect(full.getGeoKeys()).toMatchObject({
        GTModelTypeGeoKey: 2,
        GTRasterTypeGeoKey: 1,
        GeographicTypeGeoKey: 4326,
      })
      expect(full.getGDALNoData()).toBe(0)
      for (let i = 0; i < 3; i++) {
        const image = await tiff.getImage(i)
        expect([image.getWidth(), image.getHeight()]).toEqual([levels[i].width, levels[i].height])
        const read = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
        expect(
          Buffer.from(read.buffer, read.byteOffset, read.byteLength).equals(
            Buffer.from(levels[i].data.buffer),
          ),
        ).toBe(true)
      }
      // The COG layout: the directories first, then tiles from the smallest overview to the full resolution.
      const firstTile = Math.min(...written.flatMap((l) => l.tileOffsets))
      expect(firstTile).toBe(written[2].tileOffsets[0])
      expect(written[2].tileOffsets[0]).toBeLessThan(written[1].tileOffsets[0])
      expect(written[1].tileOffsets[0]).toBeLessThan(written[0].tileOffsets[0])
      if (!deflate)
        expect(
          cogByteLength({ levels, bands: 4, sampleType: 'uint16', bbox: BBOX, nodata: 0, tileSize: 128 }),
        ).toBe(bytes.byteLength)
    })
  }
})

describe('halve', () => {
  it('averages each 2 × 2 block, leaving nodata out, and keeps all-nodata blocks nodata', () => {
    const level: RasterLevel = { width: 3, height: 2, data: new Uint16Array([10, 20, 0, 30, 0, 0]) }
    expect(halve(level, 1, 0)).toEqual({ width: 2, height: 1, data: new Uint16Array([20, 0]) })
  })
})
