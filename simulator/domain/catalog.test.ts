import { booleanIntersects, polygon as turfPolygon } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { catalogWorld } from '../testing/catalog-world'
import {
  ARCHIVE_DAYS,
  archiveStart,
  generateArchive,
  hostCollections,
  makeCursor,
  PLACES,
  PreparedPolygon,
  previewFor,
  searchScenes,
  segmentsMeet,
  type QueryTerm,
  type SearchInput,
  type SearchPage,
  type SortTerm,
} from './catalog'
import { createRng } from './random'
import { SEED_EPOCH } from './seed-constants'
import { buildCollections, hostOf } from './seed-glossary'
import type { S, Scene } from './types'

const world = catalogWorld()

/** A search as the request side reads an empty body: the host's collections, newest first, 10 a page. */
const find = (host: string, input: Partial<SearchInput> = {}): SearchPage =>
  searchScenes(world, host, {
    collections: new Set(hostCollections(world, host).map((c) => c.name)),
    query: [],
    sort: [{ key: 'datetime', dir: -1 }],
    offset: 0,
    limit: 10,
    ...input,
  })
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
/** Approximate edge lengths of a footprint quadrilateral, km. */
function sidesKm(scene: Scene): [number, number] {
  const r = ringOf(scene)
  const km = (a: number[], b: number[]) => {
    const lat = ((a[1] + b[1]) / 2) * (Math.PI / 180)
    return Math.hypot((b[0] - a[0]) * 111.32 * Math.cos(lat), (b[1] - a[1]) * 110.574)
  }
  return [km(r[0], r[1]), km(r[1], r[2])]
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

describe('the synthetic archive', () => {
  const archiveCollections = world.collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c))
  const byCollection = new Map<string, Scene[]>()
  for (const s of world.scenes) {
    const name = s.feature.properties.collection
    byCollection.set(name, [...(byCollection.get(name) ?? []), s])
  }

  it('holds about 25,000 scenes with unique ids, every archive collection with a host having some', () => {
    expect(world.scenes.length).toBeGreaterThanOrEqual(20_000)
    expect(world.scenes.length).toBeLessThanOrEqual(30_000)
    expect(world.scenesById.size).toBe(world.scenes.length)
    for (const c of archiveCollections)
      expect(byCollection.get(c.name)?.length ?? 0, c.name).toBeGreaterThan(500)
    // Tasking collections have no archive.
    expect([...byCollection.keys()].every((name) => archiveCollections.some((c) => c.name === name))).toBe(
      true,
    )
  })

  it('gives every scene the contract properties, host-style ids and a closed counter-clockwise footprint', () => {
    const rng = createRng('catalog-test-sample')
    for (let i = 0; i < 400; i++) {
      const scene = rng.pick(world.scenes)
      const p = props(scene.feature)
      const collection = world.collections.find((c) => c.name === p.collection) as S['Collection']
      expect(p.providerName).toBe(hostOf(collection))
      expect(scene.host).toBe(p.providerName)
      expect(typeof p.sceneId).toBe('string')
      expect(p.sceneId).not.toBe(p.id)
      expect(p['svc:usageType'].length).toBeGreaterThan(0)
      expect(Object.keys(p.providerProperties).length).toBeGreaterThanOrEqual(8)
      expect(p.datetime).toBe(new Date(scene.time).toISOString())
      expect(p.acquisitionDate).toBe(p.datetime)
      expect(Date.parse(p.end_datetime as string)).toBeGreaterThan(scene.time)
      expect(scene.time).toBeGreaterThanOrEqual(archiveStart())
      expect(Date.parse(p.end_datetime as string)).toBeLessThan(SEED_EPOCH)
      const { minimum, maximum } = collection.metadata?.resolutionValue ?? {}
      expect(p.resolution).toBeGreaterThanOrEqual(minimum as number)
      expect(p.resolution).toBeLessThanOrEqual(maximum as number)
      expect(['MINUTES', 'HOURS', 'DAYS']).toContain(p.deliveryTime)
      const ring = ringOf(scene)
      expect(ring).toHaveLength(5)
      expect(ring[4]).toEqual(ring[0])
      let area = 0
      for (let k = 0; k < 4; k++) area += ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1]
      expect(area, 'counter-clockwise').toBeGreaterThan(0)
      expect(scene.bbox[0]).toBe(Math.min(...ring.map((q) => q[0])))
      expect(scene.bbox[3]).toBe(Math.max(...ring.map((q) => q[1])))
      expect(scene.feature.bbox).toEqual(scene.bbox)
    }
    const stampOf = (iso: string) => iso.replace(/[-:T]/g, '').slice(0, 14)
    for (const s of byCollection.get('phr') ?? []) {
      const p = props(s.feature)
      expect(p.id).toMatch(/^DS_PHR1[AB]_\d{15}_FR1_PX_[EW]\d{3}[NS]\d{2}_\d{4}_\d{5}$/)
      expect(p.id.slice(9, 23)).toBe(stampOf(p.datetime as string))
    }
    expect(props((byCollection.get('capella-gec') ?? [])[0].feature).id).toMatch(
      /^CAPELLA_C\d{2}_(SP|SS|SM)_GEC_(HH|VV)_\d{14}_\d{14}$/,
    )
    expect(props((byCollection.get('blacksky-archive') ?? [])[0].feature).id).toMatch(
      /^BSG-\d{3}-\d{8}-\d{6}-\d{8}$/,
    )
  })

  it('sizes footprints by sensor', () => {
    // The sensor's nominal sizes with a margin for the skew of the corners and this rough measurement.
    const expected: Record<string, [number, number]> = {
      phr: [14, 28],
      pneo: [10.5, 20],
      spot: [50, 75],
      'capella-gec': [4.4, 11],
      'blacksky-archive': [4.2, 7],
      'nsl-30cm': [1.6, 2.5],
    }
    for (const [name, [lo, hi]] of Object.entries(expected)) {
      for (const s of (byCollection.get(name) ?? []).slice(0, 200)) {
        for (const side of sidesKm(s)) {
          expect(side, name).toBeGreaterThan(lo)
          expect(side, name).toBeLessThan(hi)
        }
      }
    }
  })

  it('keeps radar scenes cloud-free (null) and optical cloud cover skewed towards clear skies', () => {
    for (const s of byCollection.get('capella-gec') ?? []) expect(props(s.feature).cloudCoverage).toBeNull()
    const clouds = (byCollection.get('phr') ?? []).map((s) => props(s.feature).cloudCoverage as number)
    expect(clouds.every((c) => c >= 0 && c <= 100)).toBe(true)
    expect(median(clouds)).toBeLessThan(30)
    expect(clouds.filter((c) => c > 80).length).toBeGreaterThan(0)
  })

  it('flies Near Space Labs over North American cities only', () => {
    for (const s of byCollection.get('nsl-30cm') ?? []) {
      const [w, south, e, n] = s.bbox
      expect(w).toBeGreaterThan(-130)
      expect(e).toBeLessThan(-65)
      expect(south).toBeGreaterThan(24)
      expect(n).toBeLessThan(50)
    }
  })

  it('spreads acquisitions over the whole archive window and clusters them around the places', () => {
    const days = new Set(world.scenes.map((s) => Math.floor((s.time - archiveStart()) / 86_400_000)))
    expect(days.size).toBeGreaterThan(ARCHIVE_DAYS * 0.95)
    const near = (s: Scene) =>
      PLACES.some((p) => Math.abs(p.lat - s.bbox[1]) < 3 && Math.abs(p.lon - s.bbox[0]) < 4)
    expect(world.scenes.filter(near).length / world.scenes.length).toBeGreaterThan(0.75)
    // Every continent, Antarctica included.
    for (const [lon, lat] of [
      [2.35, 48.86],
      [-74, 40.7],
      [-46.6, -23.5],
      [36.8, -1.3],
      [139.7, 35.7],
      [151.2, -33.9],
      [166.67, -77.85],
    ]) {
      expect(
        find('oneatlas', { area: { bbox: [lon - 1, lat - 1, lon + 1, lat + 1] } }).matched,
        `${lon},${lat}`,
      ).toBeGreaterThan(0)
    }
  })

  it('is a pure function of the collections: independent of the order they come in', () => {
    const a = generateArchive(buildCollections())
    const b = generateArchive([...buildCollections()].reverse())
    expect(b).not.toBe(a)
    const byId = new Map(b.map((s) => [s.id, s]))
    for (const s of a.filter((_, i) => i % 25 === 0))
      expect(JSON.stringify(byId.get(s.id)?.feature)).toBe(JSON.stringify(s.feature))
  })
})

describe('geometry', () => {
  it('tests segments, touching included', () => {
    expect(segmentsMeet(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true)
    expect(segmentsMeet(0, 0, 1, 0, 1, 0, 2, 5)).toBe(true)
    expect(segmentsMeet(0, 0, 2, 0, 1, 0, 3, 0)).toBe(true)
    expect(segmentsMeet(0, 0, 1, 0, 2, 0, 3, 0)).toBe(false)
    expect(segmentsMeet(0, 0, 1, 1, 0, 1, 0.4, 0.6)).toBe(false)
  })

  const flat = (ring: number[][]) => ring.flatMap((p) => p)
  const meets = (poly: PreparedPolygon, ring: number[][]) => {
    const xs = ring.map((p) => p[0])
    const ys = ring.map((p) => p[1])
    return poly.intersectsRing(
      flat(ring),
      0,
      ring.length,
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      0,
    )
  }
  const square = (x: number, y: number, h: number) => box(x - h, y - h, x + h, y + h)[0]

  it('finds overlap, containment either way, touching, and tells concave near misses and holes apart', () => {
    const p = new PreparedPolygon(box(0, 0, 10, 10))
    expect(meets(p, square(10, 5, 1))).toBe(true) // overlapping the edge
    expect(meets(p, square(5, 5, 1))).toBe(true) // inside
    expect(meets(p, square(5, 5, 20))).toBe(true) // around it
    expect(meets(p, square(11, 5, 1))).toBe(true) // touching
    expect(meets(p, square(12, 5, 1))).toBe(false)
    // A U shape: the square sits in the notch, inside the bbox but outside the polygon.
    const u = new PreparedPolygon([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [7, 10],
        [7, 3],
        [3, 3],
        [3, 10],
        [0, 10],
        [0, 0],
      ],
    ])
    expect(meets(u, square(5, 7, 1))).toBe(false)
    expect(meets(u, square(5, 2, 0.5))).toBe(true)
    const holed = new PreparedPolygon([...box(0, 0, 10, 10), ...box(3, 3, 7, 7)])
    expect(meets(holed, square(5, 5, 1))).toBe(false)
    expect(meets(holed, square(5, 5, 2.5))).toBe(true)
  })

  it('agrees with turf on random polygons (many vertices use the banded edge index)', () => {
    const rng = createRng('geometry-fuzz')
    for (let round = 0; round < 30; round++) {
      const cx = rng.float(-10, 10)
      const cy = rng.float(-10, 10)
      const n = rng.pick([5, 12, 80, 300])
      // A star-shaped (so simple) polygon with a ragged outline.
      const ring: number[][] = []
      for (let k = 0; k < n; k++) {
        const a = (2 * Math.PI * k) / n
        const r = rng.float(1, 6)
        ring.push([cx + r * Math.cos(a), cy + r * Math.sin(a)])
      }
      ring.push(ring[0])
      const prepared = new PreparedPolygon([ring])
      const reference = turfPolygon([ring])
      for (let k = 0; k < 60; k++) {
        const quad = square(cx + rng.float(-8, 8), cy + rng.float(-8, 8), rng.float(0.05, 1.5))
        expect(meets(prepared, quad), `round ${round} quad ${k}`).toBe(
          booleanIntersects(reference, turfPolygon([quad])),
        )
      }
    }
  })
})

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
    const all = world.scenes.filter((s) => s.host === 'oneatlas').map((s) => props(s.feature))
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

describe('page cursors', () => {
  it('builds cursors that decode only for the same host and body', () => {
    expect(makeCursor('next', 10, 'oneatlas', { a: 1, b: 2 })).toBe(
      makeCursor('next', 10, 'oneatlas', { b: 2, a: 1 }),
    )
    expect(makeCursor('next', 10, 'oneatlas', { a: 1 })).not.toBe(
      makeCursor('next', 10, 'blacksky', { a: 1 }),
    )
  })
})

describe('previewFor', () => {
  const sceneAt = (host: string) => world.scenes.find((s) => s.host === host) as Scene
  it('serves what each host offers, when the collection says it has previews', () => {
    const oneatlas = sceneAt('oneatlas').feature.id as string
    expect(previewFor(world, 'oneatlas', oneatlas, 'thumbnail')).toMatchObject({
      ok: true,
      format: 'png',
      size: 128,
    })
    expect(previewFor(world, 'oneatlas', oneatlas, 'quicklook')).toMatchObject({
      ok: true,
      format: 'png',
      size: 512,
    })
    expect(
      previewFor(world, 'blacksky', sceneAt('blacksky').feature.id as string, 'thumbnail'),
    ).toMatchObject({ ok: true, format: 'jpeg' })
    const capella = sceneAt('capellaspace').feature.id as string
    expect(previewFor(world, 'capellaspace', capella, 'quicklook')).toMatchObject({ ok: true, sar: true })
    expect(previewFor(world, 'capellaspace', capella, 'thumbnail').ok).toBe(false)
    const nsl = sceneAt('nearspace').feature.id as string
    expect(previewFor(world, 'nearspace', nsl, 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'nearspace', nsl, 'quicklook').ok).toBe(false)
    expect(previewFor(world, 'blacksky', oneatlas, 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'oneatlas', 'nope', 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'airbus', oneatlas, 'thumbnail').ok).toBe(false)
  })
})
