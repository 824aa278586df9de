import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import { poly, rect, sceneFeature } from '../../testing/builders'
import {
  archiveOrTaskSummary,
  axisOf,
  axisPosition,
  axisTicks,
  markLabel,
  PAST_SHARE,
  passMarks,
  passParams,
  passSearchWindow,
  passWindow,
  sceneAngle,
  sceneMarks,
} from './archive-or-task'
import type { SceneRow } from './words'

type Opportunity = components['schemas']['Opportunity']

const NOW = Date.parse('2026-11-27T07:30:00Z')
const DAY = 86_400_000

const row = (id: string, datetime: string | null, cloud: number | null, index = 0, more = {}): SceneRow => ({
  scene: sceneFeature(id, { datetime, cloudCoverage: cloud, ...more }),
  host: 'oneatlas',
  index,
  coverage: 100,
})

const opportunity = (id: string, start: string, more: Partial<Opportunity> = {}): Opportunity => ({
  id,
  index: 0,
  start,
  end: new Date(Date.parse(start) + 10_000).toISOString(),
  footprint: poly(rect(2, 48, 2.2, 48.6)),
  sensor: 'PNEO3',
  constellation: 'Pléiades Neo',
  offNadirAngle: 12.5,
  incidenceAngle: 14,
  sunElevation: 30,
  cloudForecast: 20,
  ...more,
})
const NEO = { name: 'pneo-tasking', title: 'Pléiades Neo Tasking' }

describe('sceneAngle', () => {
  it('takes off-nadir where the host gives it, at the top or among provider properties', () => {
    expect(sceneAngle({ 'view:off_nadir': 7 })).toEqual({ degrees: 7, kind: 'off-nadir' })
    expect(sceneAngle({ providerProperties: { offNadirAngle: 9.5, incidenceAngle: 11 } })).toEqual({
      degrees: 9.5,
      kind: 'off-nadir',
    })
  })
  it('falls back on the incidence angle, and says so; none at all is null', () => {
    expect(sceneAngle({ providerProperties: { incidenceAngle: 31.2 } })).toEqual({
      degrees: 31.2,
      kind: 'incidence',
    })
    expect(sceneAngle({ providerProperties: { incidenceAngle: 'high' } })).toBeNull()
    expect(sceneAngle({})).toBeNull()
  })
})

describe('sceneMarks and passMarks', () => {
  it('orders scenes newest first and leaves out those without a time', () => {
    const marks = sceneMarks([
      row('a', '2026-10-01T10:00:00Z', 10),
      row('b', null, 5),
      row('c', '2026-11-01T10:00:00Z', null),
    ])
    expect(marks.map((m) => m.key)).toEqual(['scene:oneatlas/c', 'scene:oneatlas/a'])
    expect(marks[1]).toMatchObject({ cloud: 10, at: Date.parse('2026-10-01T10:00:00Z') })
  })
  it('lists a pass once when it covers several features, soonest first', () => {
    const marks = passMarks(NEO, [
      opportunity('p2', '2026-11-30T10:00:00Z'),
      opportunity('p1', '2026-11-28T10:00:00Z'),
      { ...opportunity('p2', '2026-11-30T10:00:00Z'), index: 1 },
    ])
    expect(marks.map((m) => m.key)).toEqual(['pass:pneo-tasking:p1', 'pass:pneo-tasking:p2'])
    expect(marks[0]).toMatchObject({
      collectionTitle: 'Pléiades Neo Tasking',
      angle: { degrees: 12.5, kind: 'off-nadir' },
      cloud: 20,
    })
  })
})

describe('the split axis', () => {
  it('reaches back to a little before the oldest scene of the last six months, and two weeks ahead', () => {
    const scenes = sceneMarks([row('a', '2026-10-01T10:00:00Z', 0), row('old', '2025-01-01T00:00:00Z', 0)])
    const axis = axisOf(NOW, scenes)
    expect(axis.from).toBe(Date.parse('2026-10-01T10:00:00Z') - 3 * DAY)
    expect(axis.to).toBe(NOW + 14 * DAY)
  })
  it('stops at six months, and reaches the newest scene when all are older', () => {
    const edge = new Date(NOW - 182 * DAY).toISOString()
    expect(axisOf(NOW, sceneMarks([row('a', edge, 0)])).from).toBe(NOW - 183 * DAY)
    const old = axisOf(NOW, sceneMarks([row('a', '2025-06-01T00:00:00Z', 0)]))
    expect(old.from).toBe(Date.parse('2025-06-01T00:00:00Z') - 14 * DAY)
    expect(axisOf(NOW, []).from).toBe(NOW - 30 * DAY)
  })
  it('gives the past and the future their own shares of the width, meeting at the present', () => {
    const axis = { from: NOW - 100 * DAY, now: NOW, to: NOW + 14 * DAY }
    expect(axisPosition(axis, axis.from)).toBe(0)
    expect(axisPosition(axis, NOW - 50 * DAY)).toBeCloseTo(PAST_SHARE / 2)
    expect(axisPosition(axis, NOW)).toBe(PAST_SHARE)
    expect(axisPosition(axis, NOW + 7 * DAY)).toBeCloseTo(PAST_SHARE + (1 - PAST_SHARE) / 2)
    expect(axisPosition(axis, axis.to)).toBe(1)
  })
  it('labels ticks apart from each other and from the present line', () => {
    const ticks = axisTicks({ from: NOW - 170 * DAY, now: NOW, to: NOW + 14 * DAY })
    expect(ticks.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < ticks.length; i++)
      expect(ticks[i].position - ticks[i - 1].position).toBeGreaterThanOrEqual(0.13)
    for (const t of ticks) expect(Math.abs(t.position - PAST_SHARE)).toBeGreaterThanOrEqual(0.06)
  })
})

describe('archiveOrTaskSummary', () => {
  it('compares the newest archive scene with the next pass', () => {
    const scenes = sceneMarks([
      row('a', new Date(NOW - 41 * DAY).toISOString(), 30.4),
      row('b', new Date(NOW - 90 * DAY).toISOString(), 0),
    ])
    const passes = passMarks(NEO, [opportunity('p1', new Date(NOW + 2 * DAY).toISOString())])
    expect(archiveOrTaskSummary(scenes, passes, NOW)).toBe(
      'The newest archive scene is 41 days old and 30 % cloudy; the next pass is in 2 days (Pléiades Neo Tasking, PNEO3, cloud forecast 20 %).',
    )
  })
  it('says hours under a day, an unknown cloud cover, a pass beyond the forecast and what is missing', () => {
    const scenes = sceneMarks([row('a', new Date(NOW - 5 * 3_600_000).toISOString(), null)])
    const passes = passMarks(NEO, [
      opportunity('p1', new Date(NOW + 3_600_000).toISOString(), { cloudForecast: null }),
    ])
    expect(archiveOrTaskSummary(scenes, passes, NOW)).toBe(
      'The newest archive scene is 5 hours old and of unknown cloud cover; the next pass is in 1 hour (Pléiades Neo Tasking, PNEO3, no cloud forecast yet).',
    )
    expect(archiveOrTaskSummary([], [], NOW)).toBe(
      'No archive scene of these results was taken yet; no pass is published for the coming 14 days.',
    )
  })
})

describe('windows', () => {
  it('asks for passes from this hour for two weeks, the same all hour', () => {
    expect(passSearchWindow(NOW)).toEqual({
      acquisitionStart: '2026-11-27T07:00:00Z',
      acquisitionEnd: '2026-12-11T07:00:00Z',
    })
    expect(passSearchWindow(NOW + 20 * 60_000)).toEqual(passSearchWindow(NOW))
  })
  it('opens a request from a pass on the pass’s day (or this hour for one today), for two weeks', () => {
    expect(passWindow(Date.parse('2026-12-02T10:31:00Z'), NOW)).toEqual({
      acquisitionStart: '2026-12-02T00:00:00Z',
      acquisitionEnd: '2026-12-16T00:00:00Z',
    })
    expect(passWindow(Date.parse('2026-11-27T10:31:00Z'), NOW)).toEqual({
      acquisitionStart: '2026-11-27T07:00:00Z',
      acquisitionEnd: '2026-12-11T07:00:00Z',
    })
  })
  it('keeps the product’s own parameters and puts the pass’s window over them', () => {
    expect(
      passParams(
        { maxIncidenceAngle: 30, acquisitionStart: 'x', acquisitionEnd: 'y' },
        Date.parse('2026-12-02T10:31:00Z'),
        NOW,
      ),
    ).toEqual({
      maxIncidenceAngle: 30,
      acquisitionStart: '2026-12-02T00:00:00Z',
      acquisitionEnd: '2026-12-16T00:00:00Z',
    })
  })
})

describe('markLabel', () => {
  it('says what each mark is, with its time, cloud and angle', () => {
    const [scene] = sceneMarks([
      row('a', '2026-10-01T10:00:00Z', 12.4, 0, { providerProperties: { incidenceAngle: 8 } }),
    ])
    expect(markLabel(scene)).toBe('Archive scene a, 1 Oct 2026 10:00 UTC, 12 % cloud, incidence 8.0°')
    const [pass] = passMarks(NEO, [opportunity('p1', '2026-12-02T10:31:00Z', { cloudForecast: null })])
    expect(markLabel(pass)).toBe(
      'Pass of Pléiades Neo Tasking, PNEO3, 2 Dec 2026 10:31 UTC, no cloud forecast yet, off-nadir 12.5°',
    )
  })
})
