import { describe, expect, it } from 'vitest'
import { catalogWorld, searchInput } from '../../testing/catalog-world'
import { KM_PER_DEG_LAT } from '../geometries/coverage'
import { createRng } from '../world/random'
import { SEED_EPOCH } from '../world/ids'
import { buildCollections } from '../seed/glossary'
import { hostOf } from './hosts'
import type { S, Scene } from '../world/types'
import { ARCHIVE_DAYS, archiveStart, generateArchive } from './archive'
import { PLACES } from './places'
import { searchScenes, type SearchInput, type SearchPage } from './search'

const world = catalogWorld()

const find = (host: string, input?: Partial<SearchInput>): SearchPage =>
  searchScenes(world, host, searchInput(world, host, input))
const props = (f: S['CatalogFeature']) => f.properties
const ringOf = (scene: Scene) => (scene.feature.geometry as S['Polygon']).coordinates[0]
/** Approximate edge lengths of a footprint quadrilateral, km. */
function sidesKm(scene: Scene): [number, number] {
  const r = ringOf(scene)
  const km = (a: number[], b: number[]) => {
    const lat = ((a[1] + b[1]) / 2) * (Math.PI / 180)
    return Math.hypot((b[0] - a[0]) * KM_PER_DEG_LAT * Math.cos(lat), (b[1] - a[1]) * 110.574)
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
