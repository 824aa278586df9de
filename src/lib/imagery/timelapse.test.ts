import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import {
  aoiMask,
  formulaMean,
  frameView,
  framesToRead,
  leftOutTotal,
  meanInMask,
  selectFrames,
  seriesCsv,
  type FrameCandidate,
} from './timelapse'
import { DEFAULT_VIEW } from './view'

const day = (d: string) => Date.parse(`${d}T10:00:00Z`)
const cand = (key: string, d: string, over: Partial<FrameCandidate> = {}): FrameCandidate => ({
  key,
  time: day(d),
  cloud: 5,
  coverage: 1,
  constellation: 'pleiades',
  ...over,
})
const filters = { minCoverage: 0.5, maxCloud: 30 }

describe('selectFrames', () => {
  it('orders the frames oldest first, whatever order the search gave', () => {
    const s = selectFrames(
      [cand('c', '2026-03-01'), cand('a', '2026-01-01'), cand('b', '2026-02-01')],
      filters,
    )
    expect(s.frames.map((f) => f.key)).toEqual(['a', 'b', 'c'])
    expect(leftOutTotal(s.leftOut)).toBe(0)
  })

  it('breaks a tie in time by key, so the order never depends on the answer', () => {
    const s = selectFrames(
      [cand('z', '2026-01-01', { constellation: 'spot' }), cand('y', '2026-01-01', { constellation: 'wv' })],
      filters,
    )
    expect(s.frames.map((f) => f.key)).toEqual(['y', 'z'])
  })

  it('leaves out and counts frames covering too little of the area or too cloudy', () => {
    const s = selectFrames(
      [
        cand('small', '2026-01-01', { coverage: 0.49 }),
        cand('edge', '2026-01-02', { coverage: 0.5 }),
        cand('cloudy', '2026-01-03', { cloud: 31 }),
        cand('limit', '2026-01-04', { cloud: 30 }),
        cand('radar', '2026-01-05', { cloud: null }),
      ],
      filters,
    )
    expect(s.frames.map((f) => f.key)).toEqual(['edge', 'limit', 'radar'])
    expect(s.leftOut).toEqual({ coverage: 1, cloud: 1, repeat: 0, beyondCap: 0 })
  })

  it('counts a frame too small and too cloudy once, as too small', () => {
    const s = selectFrames([cand('both', '2026-01-01', { coverage: 0.1, cloud: 90 })], filters)
    expect(s.leftOut).toEqual({ coverage: 1, cloud: 0, repeat: 0, beyondCap: 0 })
  })

  it('plays one acquisition delivered twice once', () => {
    const s = selectFrames([cand('first', '2026-01-01'), cand('again', '2026-01-01')], filters)
    expect(s.frames.map((f) => f.key)).toEqual(['again'])
    expect(s.leftOut.repeat).toBe(1)
  })

  it('keeps outputs that name no constellation, even at one time (a process’s two results)', () => {
    const s = selectFrames(
      [
        cand('one', '2026-01-01', { constellation: null }),
        cand('two', '2026-01-01', { constellation: null }),
      ],
      filters,
    )
    expect(s.frames.map((f) => f.key)).toEqual(['one', 'two'])
  })

  it('keeps the newest frames up to the cap and says how many older ones were left', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      cand(`k${String(i).padStart(2, '0')}`, `2026-01-${String(i + 1).padStart(2, '0')}`),
    )
    const s = selectFrames(many, filters, 12)
    expect(s.frames).toHaveLength(12)
    expect(s.frames[0].key).toBe('k18')
    expect(s.frames[11].key).toBe('k29')
    expect(s.leftOut.beyondCap).toBe(18)
  })

  it('loosened filters bring frames back', () => {
    const list = [cand('a', '2026-01-01', { cloud: 80 }), cand('b', '2026-01-02', { coverage: 0.2 })]
    expect(selectFrames(list, filters).frames).toHaveLength(0)
    expect(selectFrames(list, { minCoverage: 0, maxCloud: 100 }).frames).toHaveLength(2)
  })
})

describe('framesToRead', () => {
  it('opens the first frames up to the limit, in play order', () => {
    expect(framesToRead([false, false, false, false], 2)).toBe(2)
    expect(framesToRead([], 2)).toBe(0)
    expect(framesToRead([false], 2)).toBe(1)
  })

  it('reads the first frame alone until it is shown, then the rest at the limit', () => {
    expect(framesToRead([false, false, false], 2, false)).toBe(1)
    expect(framesToRead([true, false, false], 2, false)).toBe(1)
    expect(framesToRead([], 2, false)).toBe(0)
    expect(framesToRead([true, false, false], 2, true)).toBe(3)
  })

  it('moves on as frames settle, whichever settles first', () => {
    expect(framesToRead([true, false, false, false], 2)).toBe(3)
    expect(framesToRead([false, true, false, false, false], 2)).toBe(3)
    expect(framesToRead([true, true, true, false], 2)).toBe(4)
    expect(framesToRead([true, true, true], 2)).toBe(3)
  })

  it('reads one at a time when asked', () => {
    expect(framesToRead([true, false, false], 1)).toBe(2)
  })
})

describe('frameView', () => {
  it('fixes every frame to the reference frame’s limits', () => {
    const v = frameView(DEFAULT_VIEW, [
      [1, 2],
      [3, 4],
      [5, 6],
    ])
    expect(v.stretch).toEqual({
      kind: 'custom',
      limits: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    })
  })

  it('keeps limits the analyst set', () => {
    const own = {
      ...DEFAULT_VIEW,
      stretch: { kind: 'custom' as const, limits: [[0, 9]] as [number, number][] },
    }
    expect(frameView(own, [[1, 2]])).toBe(own)
  })
})

const square = (w: number, s: number, e: number, n: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

describe('aoiMask', () => {
  it('sets the pixels whose centre lies inside the area', () => {
    // 4 × 4 pixels of 1° over [0, 0, 4, 4]; the area is the box [1, 1, 3, 3]: the middle 2 × 2.
    const m = aoiMask(4, 4, [0, 0, 4, 4], [square(1, 1, 3, 3)])
    expect(Array.from(m)).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0])
  })

  it('leaves a hole out', () => {
    const ring = square(0, 0, 5, 5).coordinates[0]
    const hole = square(2, 2, 3, 3).coordinates[0]
    const m = aoiMask(5, 5, [0, 0, 5, 5], [{ type: 'Polygon', coordinates: [ring, hole] }])
    expect(m[2 * 5 + 2]).toBe(0)
    expect(m.reduce((a, b) => a + b, 0)).toBe(24)
  })

  it('joins several polygons, even overlapping ones', () => {
    const m = aoiMask(4, 1, [0, 0, 4, 1], [square(0, 0, 2, 1), square(1, 0, 3, 1)])
    expect(Array.from(m)).toEqual([1, 1, 1, 0])
  })

  it('follows a triangle’s slanted edge', () => {
    const tri: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [4.2, 0],
          [0, 4.2],
          [0, 0],
        ],
      ],
    }
    const m = aoiMask(4, 4, [0, 0, 4, 4], [tri])
    // Rows from the north: at lat 3.5, 2.5, 1.5, 0.5 the edge is at lon 0.7, 1.7, 2.7, 3.7.
    expect(Array.from(m)).toEqual([1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1])
  })
})

describe('meanInMask', () => {
  it('averages the finite values inside the mask only', () => {
    const values = Float32Array.from([10, 1, 2, NaN, 3, 100])
    const mask = Uint8Array.from([0, 1, 1, 1, 1, 0])
    expect(meanInMask(values, mask)).toEqual({ mean: 2, pixels: 3 })
  })

  it('has no mean where nothing is inside', () => {
    expect(meanInMask(Float32Array.from([1, 2]), Uint8Array.from([0, 0]))).toEqual({ mean: null, pixels: 0 })
  })
})

describe('formulaMean', () => {
  // 2 × 2 optical pixels (red, green, blue, nir) over [0, 0, 2, 2]; the top-right one is nodata (0).
  const raster = {
    width: 2,
    height: 2,
    bands: 4,
    nodata: 0,
    bbox: [0, 0, 2, 2] as [number, number, number, number],
    data: [100, 1, 1, 300, 0, 0, 0, 0, 200, 1, 1, 200, 100, 1, 1, 100],
  }

  it('averages NDVI over the pixels inside the area, nodata left out', () => {
    // NDVI of the three pixels with data: 0.5, 0, 0 → 1/6 over the whole box.
    const r = formulaMean(raster, '(nir - red) / (nir + red)', [square(0, 0, 2, 2)])
    if ('error' in r) throw new Error(r.error)
    expect(r.pixels).toBe(3)
    expect(r.mean).toBeCloseTo(1 / 6, 9)
  })

  it('reads only the pixels the area holds', () => {
    // The west half: the top-left (NDVI 0.5) and bottom-left (0) pixels.
    expect(formulaMean(raster, '(nir - red) / (nir + red)', [square(0, 0, 1, 2)])).toEqual({
      mean: 0.25,
      pixels: 2,
    })
    expect(formulaMean(raster, 'nir', [square(1, 0, 2, 1)])).toEqual({ mean: 100, pixels: 1 })
  })

  it('says why a formula cannot be read for the bands', () => {
    const r = formulaMean(raster, 'swir + 1', [square(0, 0, 2, 2)])
    expect('error' in r && r.error).toMatch(/swir/)
  })
})

describe('seriesCsv', () => {
  it('writes one row per date, oldest first, the formula quoted where it has commas', () => {
    const csv = seriesCsv(
      [
        { time: day('2026-02-01'), itemId: 'b', mean: 0.123456789, pixels: 40 },
        { time: day('2026-01-01'), itemId: 'a', mean: null, pixels: 0 },
      ],
      'max(nir, red)',
    )
    expect(csv.split('\n')).toEqual([
      'date,acquired,item_id,formula,mean,pixels_in_aoi',
      '2026-01-01,2026-01-01T10:00:00.000Z,a,"max(nir, red)",,0',
      '2026-02-01,2026-02-01T10:00:00.000Z,b,"max(nir, red)",0.123457,40',
      '',
    ])
  })
})
