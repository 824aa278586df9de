import { describe, expect, it } from 'vitest'
import { bandFor, cellBox, cellsFor, DETAIL_CELL } from './basemap-bands'

describe('basemap zoom bands', () => {
  it('picks the band of a zoom: world below 3, region below 6, detail from 6', () => {
    expect([0, 2.99, 3, 5.99, 6, 14].map(bandFor)).toEqual([
      'world',
      'world',
      'region',
      'region',
      'detail',
      'detail',
    ])
  })

  it('names the one cell a city view lies in (Paris)', () => {
    expect(cellsFor([2.1, 48.7, 2.6, 49])).toEqual([
      `${Math.floor(182.1 / DETAIL_CELL)}_${Math.floor(138.7 / DETAIL_CELL)}`,
    ])
  })

  it('names every cell a view straddles', () => {
    expect(cellsFor([-1, 44, 1, 46]).sort()).toEqual(['11_8', '11_9', '12_8', '12_9'])
  })

  it('wraps views past ±180° onto the world the files hold', () => {
    expect(cellsFor([175, -20, 185, -16]).sort()).toEqual(['0_4', '23_4'])
    expect(cellsFor([-190, -20, -178, -16]).sort()).toEqual(['0_4', '23_4'])
  })

  it('clamps latitudes and never names a column twice for a view wider than the world', () => {
    const cells = cellsFor([-400, -95, 400, 95])
    expect(new Set(cells).size).toBe(cells.length)
    expect(cells).toHaveLength((360 / DETAIL_CELL) * (180 / DETAIL_CELL))
  })

  it('gives the box of a cell, which holds the views that name it', () => {
    expect(cellBox('12_9')).toEqual([0, 45, 15, 60])
    expect(cellBox('0_0')).toEqual([-180, -90, -165, -75])
    expect(cellBox('23_11')).toEqual([165, 75, 180, 90])
    for (const key of cellsFor([-1, 44, 1, 46])) {
      const [w, s, e, n] = cellBox(key)
      expect(e - w).toBe(DETAIL_CELL)
      expect(n - s).toBe(DETAIL_CELL)
      expect(w < 1 && e > -1 && s < 46 && n > 44).toBe(true)
    }
  })
})
