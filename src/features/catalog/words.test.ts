import { describe, expect, it } from 'vitest'
import { sceneFeature } from '../../testing/builders'
import type { Scene } from '../../data/catalog/queries'
import {
  footprintOf,
  formatCloud,
  formatCoverage,
  formatDelivery,
  formatResolution,
  formatSceneTime,
  SORT_LABELS,
  sceneTime,
  sortRows,
  type SceneRow,
  suggestSearchName,
  withHostTitles,
} from './words'
import { SCENE_SORTS, type SceneSort } from './url-state'

type Props = Scene['properties']

const scene = (id: string, props: Partial<Props> = {}): Scene => sceneFeature(id, props)

const row = (index: number, props: Partial<Props> = {}, coverage: number | null = null): SceneRow => ({
  scene: scene(`s${index}`, props),
  host: 'h',
  index,
  coverage,
})

const order = (rows: SceneRow[]) => rows.map((r) => r.index)

describe('sceneTime', () => {
  it('takes datetime first', () => {
    expect(
      sceneTime(
        scene('a', {
          datetime: '2025-03-14T10:34:00Z',
          start_datetime: '2025-03-14T10:33:00Z',
          acquisitionDate: '2025-03-13T00:00:00Z',
        }),
      ),
    ).toBe('2025-03-14T10:34:00Z')
  })

  it('falls back to start_datetime, then to acquisitionDate', () => {
    expect(
      sceneTime(
        scene('a', {
          datetime: null,
          start_datetime: '2025-03-14T10:33:00Z',
          acquisitionDate: '2025-03-13T00:00:00Z',
        }),
      ),
    ).toBe('2025-03-14T10:33:00Z')
    expect(sceneTime(scene('a', { start_datetime: '2025-03-14T10:33:00Z' }))).toBe('2025-03-14T10:33:00Z')
    expect(sceneTime(scene('a', { datetime: null, acquisitionDate: '2025-03-13T00:00:00Z' }))).toBe(
      '2025-03-13T00:00:00Z',
    )
  })

  it('gives null when the scene has no time at all', () => {
    expect(sceneTime(scene('a'))).toBeNull()
    expect(sceneTime(scene('a', { datetime: null, start_datetime: null, acquisitionDate: null }))).toBeNull()
  })
})

describe('sortRows', () => {
  // Index order is the response order; values chosen so that every sort differs from it.
  const rows: SceneRow[] = [
    row(0, { datetime: '2025-02-01T00:00:00Z', cloudCoverage: 40, resolution: 0.5 }, 20),
    row(1, { datetime: null, start_datetime: '2025-04-01T00:00:00Z', cloudCoverage: 5, resolution: 2 }, 80),
    row(2, { datetime: null, cloudCoverage: null }, null),
    row(3, { acquisitionDate: '2025-01-01T00:00:00Z', cloudCoverage: 90, resolution: 0.3 }, 50),
    row(4, { datetime: '2025-03-01T00:00:00Z', cloudCoverage: 12.5, resolution: 10 }, 100),
  ]

  const cases: [SceneSort, number[]][] = [
    ['date-desc', [1, 4, 0, 3, 2]],
    ['date-asc', [3, 0, 4, 1, 2]],
    ['cloud-asc', [1, 4, 0, 3, 2]],
    ['cloud-desc', [3, 0, 4, 1, 2]],
    ['resolution-asc', [3, 0, 1, 4, 2]],
    ['resolution-desc', [4, 1, 0, 3, 2]],
    ['coverage-desc', [4, 1, 3, 0, 2]],
    ['coverage-asc', [0, 3, 1, 4, 2]],
  ]

  it('covers every sort', () => {
    expect(cases.map(([s]) => s).sort()).toEqual([...SCENE_SORTS].sort())
  })

  it.each(cases)('orders by %s, missing values last', (sort, expected) => {
    expect(order(sortRows(rows, sort))).toEqual(expected)
  })

  it('does not change the rows it is given', () => {
    const copy = [...rows]
    sortRows(rows, 'cloud-desc')
    expect(rows).toEqual(copy)
  })

  it('puts missing values last in both directions, in response order among themselves', () => {
    const some: SceneRow[] = [
      row(0, {}, null),
      row(1, {}, 30),
      row(2, {}, null),
      row(3, {}, 70),
      row(4, {}, null),
    ]
    expect(order(sortRows(some, 'coverage-asc'))).toEqual([1, 3, 0, 2, 4])
    expect(order(sortRows(some, 'coverage-desc'))).toEqual([3, 1, 0, 2, 4])
  })

  it('treats an unreadable date as missing', () => {
    const dated: SceneRow[] = [
      row(0, { datetime: 'yesterday' }),
      row(1, { datetime: '2025-01-01T00:00:00Z' }),
      row(2, { datetime: '2024-01-01T00:00:00Z' }),
    ]
    expect(order(sortRows(dated, 'date-asc'))).toEqual([2, 1, 0])
    expect(order(sortRows(dated, 'date-desc'))).toEqual([1, 2, 0])
  })

  it('compares instants, not text (time zones)', () => {
    const dated: SceneRow[] = [
      // 10:00 at +02:00 is 08:00 UTC, before 09:00 UTC.
      row(0, { datetime: '2025-01-01T10:00:00+02:00' }),
      row(1, { datetime: '2025-01-01T09:00:00Z' }),
    ]
    expect(order(sortRows(dated, 'date-asc'))).toEqual([0, 1])
  })

  it('keeps ties in response order in both directions (stable)', () => {
    const tied: SceneRow[] = [
      row(0, { cloudCoverage: 10 }),
      row(1, { cloudCoverage: 20 }),
      row(2, { cloudCoverage: 10 }),
      row(3, { cloudCoverage: 20 }),
      row(4, { cloudCoverage: 10 }),
    ]
    expect(order(sortRows(tied, 'cloud-asc'))).toEqual([0, 2, 4, 1, 3])
    expect(order(sortRows(tied, 'cloud-desc'))).toEqual([1, 3, 0, 2, 4])
    // Given shuffled, ties still come out in response (index) order.
    const shuffled = [tied[4], tied[1], tied[2], tied[0], tied[3]]
    expect(order(sortRows(shuffled, 'cloud-asc'))).toEqual([0, 2, 4, 1, 3])
  })

  it('counts a cloud cover of 0 as a value, not as missing', () => {
    const rows0: SceneRow[] = [
      row(0, { cloudCoverage: null }),
      row(1, { cloudCoverage: 0 }),
      row(2, { cloudCoverage: 3 }),
    ]
    expect(order(sortRows(rows0, 'cloud-asc'))).toEqual([1, 2, 0])
    expect(order(sortRows(rows0, 'cloud-desc'))).toEqual([2, 1, 0])
  })
})

describe('formatters', () => {
  it('formats a scene time as a UTC minute', () => {
    expect(formatSceneTime('2025-03-14T10:34:56Z')).toBe('14 Mar 2025 10:34 UTC')
    expect(formatSceneTime('2025-03-14T23:30:00-01:00')).toBe('15 Mar 2025 00:30 UTC')
    expect(formatSceneTime('2025-03-14T10:34:59.999Z')).toBe('14 Mar 2025 10:34 UTC')
  })

  it('says when the time is missing, and shows unreadable text as it is', () => {
    expect(formatSceneTime(null)).toBe('Date unknown')
    expect(formatSceneTime('')).toBe('Date unknown')
    expect(formatSceneTime('sometime in March')).toBe('sometime in March')
  })

  it('formats cloud cover as a whole percentage', () => {
    expect(formatCloud(0)).toBe('0 % cloud')
    expect(formatCloud(12.4)).toBe('12 % cloud')
    expect(formatCloud(12.5)).toBe('13 % cloud')
    expect(formatCloud(100)).toBe('100 % cloud')
    expect(formatCloud(null)).toBe('Cloud n/a')
    expect(formatCloud(undefined)).toBe('Cloud n/a')
  })

  it('formats resolution below a meter in centimeters, else in meters to one decimal', () => {
    expect(formatResolution(0.3)).toBe('30 cm')
    expect(formatResolution(0.5)).toBe('50 cm')
    expect(formatResolution(0.123)).toBe('12 cm')
    expect(formatResolution(1)).toBe('1 m')
    expect(formatResolution(1.5)).toBe('1.5 m')
    expect(formatResolution(2.04)).toBe('2 m')
    expect(formatResolution(10)).toBe('10 m')
    expect(formatResolution(null)).toBe('Resolution n/a')
    expect(formatResolution(undefined)).toBe('Resolution n/a')
  })

  it('formats delivery time units, and passes unknown units through', () => {
    expect(formatDelivery('MINUTES')).toBe('Delivery in minutes')
    expect(formatDelivery('HOURS')).toBe('Delivery in hours')
    expect(formatDelivery('DAYS')).toBe('Delivery in days')
    expect(formatDelivery('WEEKS')).toBe('Delivery in WEEKS')
    expect(formatDelivery(null)).toBe('Delivery time n/a')
    expect(formatDelivery(undefined)).toBe('Delivery time n/a')
    expect(formatDelivery('')).toBe('Delivery time n/a')
  })

  it('formats coverage as a whole percentage, with "<1 %" for a sliver', () => {
    expect(formatCoverage(null)).toBe('')
    expect(formatCoverage(0)).toBe('0 % of AOI')
    expect(formatCoverage(0.001)).toBe('<1 % of AOI')
    expect(formatCoverage(0.5)).toBe('<1 % of AOI')
    expect(formatCoverage(0.999)).toBe('<1 % of AOI')
    expect(formatCoverage(1)).toBe('1 % of AOI')
    expect(formatCoverage(49.5)).toBe('50 % of AOI')
    expect(formatCoverage(100)).toBe('100 % of AOI')
  })

  it('labels every sort', () => {
    expect(Object.keys(SORT_LABELS).sort()).toEqual([...SCENE_SORTS].sort())
    expect(new Set(Object.values(SORT_LABELS)).size).toBe(SCENE_SORTS.length)
  })

  it('takes the footprint from the scene geometry', () => {
    const s = scene('a')
    expect(footprintOf(s)).toBe(s.geometry)
  })
})

describe('withHostTitles', () => {
  const titles = new Map([
    ['capellaspace', 'Capella Space'],
    ['oneatlas', 'OneAtlas'],
  ])
  it('names the hosts a message gives by id by their titles', () => {
    expect(withHostTitles('Data host capellaspace did not answer. Try again.', titles)).toBe(
      'Data host Capella Space did not answer. Try again.',
    )
  })
  it('leaves words that only contain an id, and messages naming no host, as they are', () => {
    expect(withHostTitles('capellaspace-archive and oneatlasx stay', titles)).toBe(
      'capellaspace-archive and oneatlasx stay',
    )
    expect(withHostTitles('Service Unavailable', titles)).toBe('Service Unavailable')
  })
})

describe('suggestSearchName', () => {
  const aoi = { intersects: { type: 'Polygon', coordinates: [] } } as never
  const every = [
    { host: 'oneatlas', body: aoi },
    { host: 'blacksky', body: aoi },
  ]
  it('names a search of a named AOI after it, with its hosts', () => {
    expect(suggestSearchName(every, 'Hamburg port')).toBe('Hamburg port, all hosts')
    expect(suggestSearchName([every[0]], 'Hamburg port')).toBe('Hamburg port, oneatlas')
  })
  it('falls back to the kind of area without a name, or when the area searched is no AOI', () => {
    expect(suggestSearchName(every, null)).toBe('All hosts AOI')
    expect(suggestSearchName([{ host: 'oneatlas', body: { bbox: [0, 0, 1, 1] } }], 'Hamburg port')).toBe(
      'Oneatlas map view',
    )
  })
})
