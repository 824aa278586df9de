import { describe, expect, it } from 'vitest'
import type { FrameCandidate } from './timelapse'
import {
  cropTo,
  frameLabel,
  framesPeriod,
  MAX_QUICKLOOK_FRAMES,
  mergeFrames,
  SAME_ACQUISITION_MS,
  selectQuicklooks,
} from './timelapse-quicklooks'

const t = (iso: string) => Date.parse(iso)
const candidate = (key: string, iso: string, more: Partial<FrameCandidate> = {}): FrameCandidate => ({
  key,
  time: t(iso),
  cloud: 5,
  coverage: 1,
  constellation: 'PHR',
  ...more,
})
const filters = { minCoverage: 0.5, maxCloud: 40 }

describe('framesPeriod', () => {
  it('spans the delivered frames in whole UTC days', () => {
    expect(
      framesPeriod([t('2026-03-04T10:20:00Z'), t('2026-01-03T23:59:00Z'), t('2026-02-01T00:00:00Z')]),
    ).toBe('2026-01-03T00:00:00Z/2026-03-04T23:59:59Z')
  })

  it('is one day for one frame, and none without frames', () => {
    expect(framesPeriod([t('2026-10-10T00:00:00Z')])).toBe('2026-10-10T00:00:00Z/2026-10-10T23:59:59Z')
    expect(framesPeriod([])).toBeNull()
  })
})

describe('selectQuicklooks', () => {
  const delivered = [candidate('d1', '2026-01-03T09:38:00Z'), candidate('d2', '2026-06-01T10:00:00Z')]

  it('applies the frames’ filters and counts what they leave out', () => {
    const quicklooks = [
      candidate('q-ok', '2026-02-01T10:00:00Z'),
      candidate('q-cloudy', '2026-03-01T10:00:00Z', { cloud: 41 }),
      candidate('q-small', '2026-04-01T10:00:00Z', { coverage: 0.49 }),
      candidate('q-radar', '2026-05-01T10:00:00Z', { cloud: null, constellation: 'Capella' }),
    ]
    const { frames, leftOut } = selectQuicklooks(quicklooks, delivered, filters)
    expect(frames.map((f) => f.key)).toEqual(['q-ok', 'q-radar'])
    expect(leftOut).toEqual({ coverage: 1, cloud: 1, repeat: 0, beyondCap: 0 })
  })

  it('leaves out a quicklook of an acquisition already delivered (same constellation, within a minute)', () => {
    const quicklooks = [
      // The first delivery's scene, 30 s off and named in another case.
      candidate('q-same', '2026-01-03T09:38:30Z', { constellation: 'phr' }),
      // Just as close in time, but another constellation: another picture.
      candidate('q-other', '2026-01-03T09:38:30Z', { constellation: 'SPOT' }),
      // The same constellation a minute later: another acquisition.
      {
        ...candidate('q-later', '2026-01-03T09:38:00Z'),
        time: t('2026-01-03T09:38:00Z') + SAME_ACQUISITION_MS,
      },
    ]
    const { frames, leftOut } = selectQuicklooks(quicklooks, delivered, filters)
    expect(frames.map((f) => f.key).sort()).toEqual(['q-later', 'q-other'])
    expect(leftOut.repeat).toBe(1)
  })

  it('keeps the newest quicklooks past the cap, oldest first', () => {
    const many = Array.from({ length: MAX_QUICKLOOK_FRAMES + 3 }, (_, i) =>
      candidate(
        `q${String(i).padStart(2, '0')}`,
        new Date(t('2026-02-01T00:00:00Z') + i * 86_400_000).toISOString(),
      ),
    )
    const { frames, leftOut } = selectQuicklooks([...many].reverse(), delivered, filters)
    expect(frames).toHaveLength(MAX_QUICKLOOK_FRAMES)
    expect(frames[0].key).toBe('q03')
    expect(frames[frames.length - 1].key).toBe(`q${MAX_QUICKLOOK_FRAMES + 2}`)
    expect(leftOut.beyondCap).toBe(3)
  })
})

describe('mergeFrames', () => {
  it('plays both kinds in time order, a delivered frame first at the same time, each with its index among its kind', () => {
    const delivered = [
      { time: 10, id: 'a' },
      { time: 30, id: 'b' },
    ]
    const quicklooks = [
      { time: 5, id: 'x' },
      { time: 30, id: 'y' },
      { time: 40, id: 'z' },
    ]
    const merged = mergeFrames(delivered, quicklooks)
    expect(merged.map((m) => [m.kind, m.frame.id, m.index])).toEqual([
      ['quicklook', 'x', 0],
      ['delivered', 'a', 0],
      ['delivered', 'b', 1],
      ['quicklook', 'y', 1],
      ['quicklook', 'z', 2],
    ])
  })

  it('is the delivered frames alone without quicklooks', () => {
    const delivered = [{ time: 1 }, { time: 2 }]
    expect(mergeFrames(delivered, []).map((m) => m.kind)).toEqual(['delivered', 'delivered'])
  })
})

describe('frameLabel', () => {
  it('marks a quicklook, and says when the formula is not applied to it', () => {
    expect(frameLabel('3 Jan 2026', 'delivered', true)).toBe('3 Jan 2026')
    expect(frameLabel('3 Jan 2026', 'quicklook', false)).toBe('3 Jan 2026 · quicklook')
    expect(frameLabel('3 Jan 2026', 'quicklook', true)).toBe('3 Jan 2026 · quicklook — formula not applied')
  })
})

describe('cropTo', () => {
  it('gives the pixels of a picture that show a box inside it', () => {
    // A 200 × 100 picture of 10–12° E, 40–41° N; the box 10.5–11.5° E, 40.25–40.75° N is its middle half.
    expect(cropTo([10, 40, 12, 41], [10.5, 40.25, 11.5, 40.75], 200, 100)).toEqual({
      sx: 50,
      sy: 25,
      sw: 100,
      sh: 50,
    })
  })

  it('reaches past the picture where the box does', () => {
    const r = cropTo([10, 40, 11, 41], [9.5, 40, 11, 41.5], 100, 100)
    expect(r).toEqual({ sx: -50, sy: -50, sw: 150, sh: 150 })
  })
})
