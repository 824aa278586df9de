import { describe, expect, it } from 'vitest'
import { bandNamesFor, parseFormula } from './formula'
import type { Raster } from './render'
import {
  autoLimits,
  channelValues,
  DEFAULT_VIEW,
  formulaFor,
  formulaPresetsFor,
  histogram,
  limitsOf,
  renderChannels,
  renderView,
  shownView,
  viewFromParams,
  viewToParams,
  type ImageView,
} from './view'

/** 100 optical pixels: red 0..99, green 100, blue 50, nir 200 + red; the first one nodata. */
function raster(): Raster {
  const data: number[] = []
  for (let i = 0; i < 100; i++) data.push(i, 100, 50, 200 + i)
  return { width: 10, height: 10, bands: 4, data, bbox: [0, 0, 1, 1], nodata: 0 }
}

describe('stretch', () => {
  it('takes 2–98 % percentiles by default and min–max when asked, ignoring nodata', () => {
    const [red] = channelValues(raster(), DEFAULT_VIEW, null)
    expect(Number.isNaN(red[0])).toBe(true)
    expect(autoLimits(red, 'minmax')).toEqual([1, 99])
    expect(autoLimits(red, 'percentile')).toEqual([3, 97])
  })

  it('keeps custom limits per channel and stretches each channel on its own', () => {
    const channels = channelValues(raster(), DEFAULT_VIEW, null)
    const limits = limitsOf(channels, { kind: 'custom', limits: [[0, 50]] })
    expect(limits[0]).toEqual([0, 50])
    // Green is 100 everywhere: a flat channel still gets a usable window.
    expect(limits[1]).toEqual([100, 101])
    const rgba = renderChannels(10, 10, channels, limits, false)
    expect(Array.from(rgba.slice(0, 4))).toEqual([0, 0, 0, 0])
    // Pixel 25: red 25 of 0–50 is half way.
    expect(rgba[25 * 4]).toBe(128)
    expect(rgba[25 * 4 + 3]).toBe(255)
  })

  it('counts a histogram over the finite values', () => {
    const [red] = channelValues(raster(), DEFAULT_VIEW, null)
    const h = histogram(red, 10)
    expect(h.range).toEqual([1, 99])
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(99)
  })

  it('gives a formula its own channel of values', () => {
    const view: ImageView = { ...DEFAULT_VIEW, formula: 'nir - red' }
    const [f] = channelValues(raster(), view, parseFormula('nir - red', ['red', 'green', 'blue', 'nir']))
    expect(f[5]).toBe(200)
    expect(Number.isNaN(f[0])).toBe(true)
  })
})

describe('the composites drawn', () => {
  /** A 7 × 5 optical raster of varied samples, some nodata. */
  const varied = (): Raster => {
    const data: number[] = []
    for (let i = 0; i < 35; i++)
      data.push(i % 6 === 0 ? 0 : 37 * i + 11, (53 * i) % 900, (71 * i) % 1300, 1000 + ((97 * i) % 3000))
    return { width: 7, height: 5, bands: 4, data, bbox: [0, 0, 1, 1], nodata: 0 }
  }

  it('gives each composite pixel its bands stretched between its 2 and 98 % values, nodata clear', () => {
    const r = varied()
    for (const [preset, pick] of [
      ['true-colour', [0, 1, 2]],
      ['false-colour', [3, 0, 1]],
    ] as const) {
      const { rgba, limits } = renderView(r, { ...DEFAULT_VIEW, preset })
      for (let i = 0; i < 35; i++) {
        const px = Array.from(rgba.slice(i * 4, i * 4 + 4))
        if (i % 6 === 0) {
          expect(px).toEqual([0, 0, 0, 0])
          continue
        }
        const want = pick.map((band, c) => {
          const [lo, hi] = limits[c]
          return Math.min(
            255,
            Math.max(0, Math.round(((Number(r.data[i * 4 + band]) - lo) / (hi - lo)) * 255)),
          )
        })
        expect(px).toEqual([...want, 255])
      }
      // The limits are the values' own: every channel's 2 and 98 % values lie within its samples.
      for (const [c, band] of pick.entries()) {
        const values = Array.from({ length: 35 }, (_, i) => Number(r.data[i * 4 + band])).filter(
          (_, i) => i % 6 !== 0,
        )
        expect(values).toContain(limits[c][0])
        expect(values).toContain(limits[c][1])
      }
    }
  })

  it('names a rendering by the view it drew, whatever was asked that the image lacks', () => {
    const r = varied()
    const asked: ImageView = { ...DEFAULT_VIEW, preset: 'radar-db', formula: 'vv / vh' }
    // Optical bands: no radar combination and no VV or VH, so true colour without the formula is drawn.
    const { shown, key, node } = shownView(r, asked)
    expect(shown).toEqual({ ...DEFAULT_VIEW, preset: 'true-colour', formula: null })
    expect(node).toBeNull()
    expect(renderView(r, asked).key).toBe(key)
  })
})

describe('band maths presets', () => {
  const preset = (name: string, bands: number) => {
    const p = formulaPresetsFor(bandNamesFor(bands)).find((x) => x.name === name)
    if (!p) throw new Error(`no ${name} for ${bands} bands`)
    const parsed = formulaFor(bands, p.formula)
    if (!('node' in parsed)) throw parsed.error
    return parsed.node
  }
  const at = (bands: number, px: number[], name: string) => {
    const r: Raster = { width: 1, height: 1, bands, data: px, bbox: [0, 0, 1, 1], nodata: 0 }
    return channelValues(r, { ...DEFAULT_VIEW, formula: name }, preset(name, bands))[0][0]
  }

  it('offers each where the image has its bands: NDBI with SWIR, the radar ratio with VV and VH', () => {
    const names = (bands: number) => formulaPresetsFor(bandNamesFor(bands)).map((p) => p.name)
    expect(names(5)).toEqual(['NDVI', 'NDWI', 'NDBI'])
    expect(names(4)).toEqual(['NDVI', 'NDWI'])
    expect(names(2)).toEqual(['Radar ratio'])
    expect(names(1)).toEqual([])
  })

  it('computes NDBI as (swir - nir) / (swir + nir) on known pixels', () => {
    // A town (SWIR above NIR) and a field (NIR far above SWIR), reflectance × 10,000; channels are float32.
    expect(at(5, [1750, 1700, 1650, 2050, 2700], 'NDBI')).toBeCloseTo(650 / 4750, 5)
    expect(at(5, [320, 640, 360, 4300, 1900], 'NDBI')).toBeCloseTo(-2400 / 6200, 5)
  })

  it('computes the radar ratio as VV over VH in dB (20·log10 of the amplitudes = σ⁰VV − σ⁰VH)', () => {
    // Amplitudes × 10,000: VV −20 dB, VH −33 dB.
    const vv = 1000
    const vh = Math.round(10_000 * 10 ** (-33 / 20))
    expect(at(2, [vv, vh], 'Radar ratio')).toBeCloseTo(20 * Math.log10(vv / vh), 5)
    expect(at(2, [vv, vh], 'Radar ratio')).toBeCloseTo(13, 1)
  })
})

describe('view in the URL', () => {
  it('round-trips band combination, formula and custom stretch, leaving defaults out', () => {
    expect(viewToParams(DEFAULT_VIEW)).toEqual({})
    const view: ImageView = {
      preset: 'false-colour',
      formula: '(nir - red) / (nir + red)',
      stretch: { kind: 'custom', limits: [[-0.2, 0.8]] },
    }
    const params = new URLSearchParams(viewToParams(view))
    expect(viewFromParams(params)).toEqual(view)
    expect(viewFromParams(new URLSearchParams('stretch=minmax')).stretch).toEqual({ kind: 'minmax' })
  })

  it('falls back to the default of a part it cannot read', () => {
    expect(viewFromParams(new URLSearchParams('bands=ultraviolet&stretch=5,1'))).toEqual(DEFAULT_VIEW)
  })
})
