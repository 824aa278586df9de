import { describe, expect, it } from 'vitest'
import {
  chooseOverview,
  dbOf,
  describePixel,
  ndviColour,
  ndviGradient,
  ndviOf,
  pixelAt,
  presetsFor,
  renderPreset,
  stretch,
  type Raster,
} from './render'

// Two pixels: vegetation (dark red, bright NIR) and water (dark NIR); a third is nodata.
const optical: Raster = {
  width: 3,
  height: 1,
  bands: 4,
  data: [320, 640, 360, 4300, 330, 560, 720, 140, 0, 0, 0, 0],
  bbox: [0, 0, 3, 1],
  nodata: 0,
}

describe('chooseOverview', () => {
  it('takes the smallest level at least as wide as the view needs, else the largest', () => {
    const widths = [1024, 512, 256, 128]
    expect(chooseOverview(widths, 100)).toBe(3)
    expect(chooseOverview(widths, 300)).toBe(1)
    expect(chooseOverview(widths, 512)).toBe(1)
    expect(chooseOverview(widths, 2000)).toBe(0)
    expect(chooseOverview([128, 1024, 256], 200)).toBe(2)
  })
})

describe('presets', () => {
  it('offers band combinations for four bands and the dB stretch for one', () => {
    expect(presetsFor(4)).toEqual(['true-colour', 'false-colour', 'ndvi'])
    expect(presetsFor(1)).toEqual(['radar-db'])
  })

  it('true colour shows vegetation darker than bright land and keeps nodata transparent', () => {
    const px = renderPreset(optical, 'true-colour')
    expect(px[3]).toBe(255)
    expect(px[11]).toBe(0)
    // Water is bluer than it is red.
    expect(px[6]).toBeGreaterThan(px[4])
  })

  it('false colour puts the near infrared in red: vegetation red, water dark', () => {
    const px = renderPreset(optical, 'false-colour')
    expect(px[0]).toBeGreaterThan(200)
    expect(px[0]).toBeGreaterThan(px[1])
    expect(px[4]).toBeLessThan(px[0] / 4)
  })

  it('NDVI colours vegetation green and water away from green', () => {
    const px = renderPreset(optical, 'ndvi')
    expect(px[1]).toBeGreaterThan(px[0])
    expect(ndviOf(320, 4300)).toBeCloseTo(0.861, 3)
    expect(ndviOf(330, 140)).toBeLessThan(0)
    expect(ndviOf(0, 0)).toBe(0)
  })

  it('stretches radar in dB: amplitude 10,000 is 0 dB', () => {
    expect(dbOf(10_000)).toBeCloseTo(0, 9)
    expect(dbOf(1_000)).toBeCloseTo(-20, 9)
    const radar: Raster = {
      width: 2,
      height: 1,
      bands: 1,
      data: [500, 10_000],
      bbox: [0, 0, 2, 1],
      nodata: 0,
    }
    const px = renderPreset(radar, 'radar-db')
    expect(px[0]).toBeLessThan(px[4])
    expect(px[4]).toBe(stretch(0, -25, 5))
  })
})

describe('NDVI ramp', () => {
  it('runs from the first stop to the last and interpolates between them', () => {
    expect(ndviColour(-1)).toEqual([80, 80, 110])
    expect(ndviColour(1)).toEqual([0, 80, 30])
    expect(ndviColour(0.1)).toEqual([194, 168, 118])
    expect(ndviGradient()).toMatch(
      /^linear-gradient\(to right, rgb\(80 80 110\) 0%, .* rgb\(0 80 30\) 100%\)$/,
    )
  })
})

describe('pixelAt', () => {
  it('reads the samples under a point, none outside or on nodata', () => {
    expect(pixelAt(optical, 0.5, 0.5)).toEqual([320, 640, 360, 4300])
    expect(pixelAt(optical, 1.5, 0.5)).toEqual([330, 560, 720, 140])
    expect(pixelAt(optical, 2.5, 0.5)).toBeNull()
    expect(pixelAt(optical, 3.5, 0.5)).toBeNull()
    expect(describePixel(pixelAt(optical, 0.5, 0.5))).toBe(
      'Red 320, green 640, blue 360, NIR 4300 · NDVI 0.86',
    )
    expect(describePixel([1000])).toBe('Backscatter -20.0 dB (amplitude 1000)')
    expect(describePixel([1750, 1700, 1650, 2050, 2700])).toBe(
      'Red 1750, green 1700, blue 1650, NIR 2050, SWIR 2700 · NDVI 0.08',
    )
    expect(describePixel([1000, 224])).toBe('VV -20.0 dB, VH -33.0 dB (amplitude 1000, 224)')
    expect(describePixel(null)).toBe('No image under the pointer')
  })
})
