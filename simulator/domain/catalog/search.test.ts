import { booleanIntersects, polygon as turfPolygon } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { catalogScenes, catalogWorld, searchInput } from '../../testing/catalog-world'
import type { S, Scene } from '../world/types'
import { searchScenes, type QueryTerm, type SearchInput, type SearchPage, type SortTerm } from './search'

const world = catalogWorld()

const find = (host: string, input?: Partial<SearchInput>): SearchPage =>
  searchScenes(world, host, searchInput(world, host, input))
const props = (f: S['CatalogFeature']) => f.properties
const box = (w: number, s: number, e: number, n: number): number[][][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]
const ringOf = (scene: Scene) => (scene.feature.geometry as S['Polygon']).coordinates[0]

describe('searchScenes', () => {
  it('restricts to the named collections', () => {
    const r = find('oneatlas', { collections: new Set(['spot']), limit: 500 })
    expect(r.features.every((f) => props(f).collection === 'spot')).toBe(true)
  })

  it('finds scenes that intersect a bbox, and only those', () => {
    const bbox: [number, number, number, number] = [2.2, 48.8, 2.45, 48.92]
    const r = find('oneatlas', { area: { bbox }, limit: 500 })
    expect(r.matched).toBeGreaterThan(20)
    const expected = world.scenes.filter(
      (s) =>
        s.host === 'oneatlas' &&
        booleanIntersects(turfPolygon(box(bbox[0], bbox[1], bbox[2], bbox[3])), turfPolygon([ringOf(s)])),
    )
    expect(r.matched).toBe(expected.length)
    expect(new Set(r.features.map((f) => f.id))).toEqual(
      new Set(expected.slice(0, 500).map((s) => s.feature.id)),
    )
  })

  it('supports a bbox across the antimeridian (west greater than east)', () => {
    const r = find('oneatlas', { area: { bbox: [170, -50, -170, -30] }, limit: 500 })
    expect(r.matched).toBeGreaterThan(0)
    for (const f of r.features) expect(f.bbox?.[0]).toBeGreaterThan(169)
    const east = find('oneatlas', { area: { bbox: [170, -50, 180, -30] } }).matched
    const west = find('oneatlas', { area: { bbox: [-180, -50, -170, -30] } }).matched
    expect(r.matched).toBe(east + west)
  })

  const paris = { type: 'Polygon', coordinates: box(2.3, 48.84, 2.37, 48.88) }

  it('finds scenes whose footprint really intersects the polygon', () => {
    // A thin L around a corner: footprints whose bbox meets its bbox but which lie in the notch do not match.
    const l = {
      type: 'Polygon',
      coordinates: [
        [
          [2.0, 48.6],
          [2.8, 48.6],
          [2.8, 48.62],
          [2.02, 48.62],
          [2.02, 49.1],
          [2.0, 49.1],
          [2.0, 48.6],
        ],
      ],
    }
    const r = find('oneatlas', { area: { rings: l.coordinates }, limit: 500 })
    const expected = world.scenes.filter(
      (s) => s.host === 'oneatlas' && booleanIntersects(turfPolygon(l.coordinates), turfPolygon([ringOf(s)])),
    )
    const bboxOnly = world.scenes.filter(
      (s) =>
        s.host === 'oneatlas' &&
        s.bbox[0] <= 2.8 &&
        s.bbox[2] >= 2.0 &&
        s.bbox[1] <= 49.1 &&
        s.bbox[3] >= 48.6,
    )
    expect(expected.length).toBeLessThan(bboxOnly.length)
    expect(r.matched).toBe(expected.length)
    expect(find('oneatlas', { area: { rings: paris.coordinates } }).matched).toBeGreaterThan(10)
  })

  it('finds scenes by id, only at their own host', () => {
    const a = world.scenes.find((s) => s.host === 'capellaspace') as Scene
    const b = world.scenes.filter((s) => s.host === 'capellaspace')[7]
    const r = find('capellaspace', { ids: [a.feature.id as string, b.feature.id as string, 'nope'] })
    expect(new Set(r.features.map((f) => f.id))).toEqual(new Set([a.feature.id, b.feature.id]))
    expect(find('oneatlas', { ids: [a.feature.id as string] }).matched).toBe(0)
  })

  it('applies every query operator', () => {
    const all = catalogScenes(world, 'oneatlas').map((s) => props(s.feature))
    const count = (...query: QueryTerm[]) => find('oneatlas', { query }).matched
    const cc = (p: S['SceneProperties']) => p.cloudCoverage as number
    expect(count({ property: 'cloudCoverage', op: 'lte', value: 10 })).toBe(
      all.filter((p) => cc(p) <= 10).length,
    )
    expect(count({ property: 'cloudCoverage', op: 'lt', value: 10 })).toBe(
      all.filter((p) => cc(p) < 10).length,
    )
    expect(
      count(
        { property: 'cloudCoverage', op: 'gt', value: 50 },
        { property: 'cloudCoverage', op: 'lte', value: 60 },
      ),
    ).toBe(all.filter((p) => cc(p) > 50 && cc(p) <= 60).length)
    expect(count({ property: 'cloudCoverage', op: 'gte', value: 50 })).toBe(
      all.filter((p) => cc(p) >= 50).length,
    )
    expect(count({ property: 'cloudCoverage', op: 'eq', value: 0 })).toBe(
      all.filter((p) => cc(p) === 0).length,
    )
    expect(count({ property: 'resolution', op: 'neq', value: 1.5 })).toBe(
      all.filter((p) => p.resolution !== 1.5).length,
    )
    expect(count({ property: 'constellation', op: 'in', value: ['spot', 'pneo'] })).toBe(
      all.filter((p) => ['spot', 'pneo'].includes(p.constellation)).length,
    )
    expect(count({ property: 'constellation', op: 'startsWith', value: 'p' })).toBe(
      all.filter((p) => p.constellation.startsWith('p')).length,
    )
    expect(count({ property: 'constellation', op: 'endsWith', value: 'eo' })).toBe(
      all.filter((p) => p.constellation.endsWith('eo')).length,
    )
    expect(count({ property: 'deliveryTime', op: 'contains', value: 'UTE' })).toBe(
      all.filter((p) => p.deliveryTime === 'MINUTES').length,
    )
    expect(count({ property: 'producer', op: 'eq', value: 'airbus' })).toBe(all.length)
    expect(
      count(
        { property: 'deliveryTime', op: 'eq', value: 'HOURS' },
        { property: 'cloudCoverage', op: 'lt', value: 5 },
      ),
    ).toBe(all.filter((p) => p.deliveryTime === 'HOURS' && cc(p) < 5).length)
  })

  it('sorts by datetime, cloudCoverage or resolution in either direction', () => {
    const values = (sort: SortTerm[], key: 'datetime' | 'cloudCoverage' | 'resolution') =>
      find('oneatlas', { sort, limit: 500, area: { bbox: [-10, 35, 30, 60] } }).features.map(
        (f) => props(f)[key] as string | number,
      )
    const asc = <T>(xs: T[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const cloud = values([{ key: 'cloudCoverage', dir: 1 }], 'cloudCoverage')
    expect(cloud).toEqual(asc(cloud))
    const res = values([{ key: 'resolution', dir: -1 }], 'resolution')
    expect(res).toEqual(asc(res).reverse())
    const dt = values([{ key: 'datetime', dir: 1 }], 'datetime')
    expect(dt).toEqual(asc(dt))
  })

  it('finds several collections’ scenes over Paris', () => {
    const area = { rings: paris.coordinates }
    const r = find('oneatlas', { area, limit: 500 })
    expect(new Set(r.features.map((f) => props(f).collection))).toEqual(new Set(['phr', 'pneo', 'spot']))
    expect(find('blacksky', { area }).matched).toBeGreaterThan(0)
    expect(find('capellaspace', { area }).matched).toBeGreaterThan(0)
    expect(find('nearspace', { area }).matched).toBe(0)
    const nyc = { type: 'Polygon', coordinates: box(-74.05, 40.68, -73.95, 40.78) }
    expect(find('nearspace', { area: { rings: nyc.coordinates } }).matched).toBeGreaterThan(0)
  })
})
