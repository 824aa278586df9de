import { describe, expect, it } from 'vitest'
import { MIN_READ_PX, pixelUnder, presetForImage, readWidthFor, sharedPresets } from './layers'
import type { Raster } from './render'

describe('readWidthFor', () => {
  const view = [0, 0, 10, 10]
  it('asks for the image’s share of the map’s width, rounded up to 64 px', () => {
    expect(readWidthFor([0, 0, 5, 5], view, 1000)).toBe(512)
    expect(readWidthFor([2, 2, 4.1, 3], view, 1000)).toBe(256)
  })
  it('never asks under the smallest useful overview, nor wider than the map', () => {
    expect(readWidthFor([0, 0, 0.1, 0.1], view, 1000)).toBe(MIN_READ_PX)
    expect(readWidthFor([-5, 0, 20, 5], view, 1000)).toBe(1000)
    expect(readWidthFor([0, 0, 1, 1], [3, 3, 3, 4], 800)).toBe(800)
  })
  it('gives one width for frames a little apart, so one read serves both', () => {
    expect(readWidthFor([0, 0, 5, 5], view, 1000)).toBe(readWidthFor([0, 0, 5, 5], [0, 0, 10.2, 10], 1000))
  })
})

describe('sharedPresets', () => {
  it('offers what every image has', () => {
    expect(sharedPresets([4, 4])).toEqual(['true-colour', 'false-colour', 'ndvi'])
    expect(sharedPresets([1, 1])).toEqual(['radar-db'])
    expect(sharedPresets([])).toEqual([])
  })
  it('offers the first image’s own when the kinds are mixed', () => {
    expect(sharedPresets([1, 4])).toEqual(['radar-db'])
    expect(sharedPresets([4, 1])).toEqual(['true-colour', 'false-colour', 'ndvi'])
  })
  it('draws each image in the chosen combination where it has it, else in its own first', () => {
    expect(presetForImage(4, 'ndvi')).toBe('ndvi')
    expect(presetForImage(1, 'ndvi')).toBe('radar-db')
    expect(presetForImage(4, null)).toBe('true-colour')
  })
})

describe('pixelUnder', () => {
  const raster = (bbox: Raster['bbox'], value: number): Raster => ({
    width: 2,
    height: 2,
    bands: 1,
    data: [value, value, value, 0],
    bbox,
    nodata: 0,
  })
  // Each 2 × 2 pixels of 1°, with its south-east pixel nodata.
  const under = raster([0, 0, 2, 2], 10)
  const over = raster([0.5, 0.5, 2.5, 2.5], 20)
  it('reads the topmost image that has data under the point', () => {
    expect(pixelUnder([under, over], 1.2, 1.7)).toEqual({ index: 1, values: [20] })
    expect(pixelUnder([under, over], 0.2, 0.2)).toEqual({ index: 0, values: [10] })
  })
  it('looks through nodata to the image below, and finds nothing outside them all', () => {
    // The top image's nodata pixel spans 1.5–2.5 E, 0.5–1.5 N; the lower image has data at 1.7 E, 1.2 N.
    expect(pixelUnder([under, over], 1.7, 1.2)).toEqual({ index: 0, values: [10] })
    // The lower image's own nodata pixel (1–2 E, 0–1 N) with nothing above it.
    expect(pixelUnder([under, over], 1.2, 0.3)).toBeNull()
    expect(pixelUnder([under, over], 5, 5)).toBeNull()
  })
})
