import { describe, expect, it } from 'vitest'
import { catalogWorld } from '../../testing/catalog-world'
import { SEED_EPOCH } from '../world/ids'
import { answerSearch } from '../../routes/catalog-request'
import { hostPublishing, MAX_PUBLICATION_LAG } from './hosts'
import { findScene, publishedScenes } from './publishing'

const DAY = 86_400_000
const HOUR = 3_600_000

describe('the growing archive', () => {
  const world = catalogWorld()

  it('publishes nothing before the world begins, then more as time passes', () => {
    expect(publishedScenes(world, 'oneatlas', SEED_EPOCH - 1)).toHaveLength(0)
    const day3 = publishedScenes(world, 'oneatlas', SEED_EPOCH + 3 * DAY)
    const day6 = publishedScenes(world, 'oneatlas', SEED_EPOCH + 6 * DAY)
    expect(day3.length).toBeGreaterThan(10)
    expect(day6.length).toBeGreaterThan(day3.length)
    // What was published by day 3 is still there, unchanged, on day 6.
    const later = new Map(day6.map((s) => [s.id, s]))
    for (const s of day3) expect(later.get(s.id)).toBe(s)
  })

  it('is the same for the same instant, whichever instants were asked about before', () => {
    const at = SEED_EPOCH + 4 * DAY + 5 * HOUR
    const first = publishedScenes(world, 'capellaspace', at).map((s) => s.feature)
    publishedScenes(world, 'capellaspace', SEED_EPOCH + 40 * DAY)
    expect(publishedScenes(world, 'capellaspace', at).map((s) => s.feature)).toEqual(first)
  })

  it('acquires after the archive ends, newest first, and publishes after each host’s delay', () => {
    const at = SEED_EPOCH + 20 * DAY
    const counts = new Map<string, number>()
    for (const host of ['oneatlas', 'capellaspace', 'blacksky', 'nearspace']) {
      const scenes = publishedScenes(world, host, at)
      counts.set(host, scenes.length)
      const [lo, hi] = hostPublishing(host).lagHours
      for (const s of scenes) {
        expect(s.host).toBe(host)
        expect(s.time).toBeGreaterThanOrEqual(SEED_EPOCH)
        expect(s.published - s.time).toBeGreaterThanOrEqual(lo * HOUR - 1)
        expect(s.published - s.time).toBeLessThanOrEqual(Math.min(hi * HOUR, MAX_PUBLICATION_LAG) + 1)
        expect(s.published).toBeLessThanOrEqual(at)
        expect(s.feature.properties.created).toBe(new Date(s.published).toISOString())
      }
      const times = scenes.map((s) => s.time)
      expect(times).toEqual([...times].sort((a, b) => b - a))
    }
    // Each host at its own rate, against the density of its archive: BlackSky's high-revisit constellation
    // grows fastest, Near Space Labs' flights slowest.
    const growth = (host: string) =>
      (counts.get(host) as number) / world.scenes.filter((s) => s.host === host).length
    expect(growth('blacksky')).toBeGreaterThan(growth('oneatlas'))
    expect(growth('oneatlas')).toBeGreaterThan(growth('nearspace'))
  })

  it('finds a new scene by id (to order or preview it) only once it is published', () => {
    const scene = publishedScenes(world, 'blacksky', SEED_EPOCH + 2 * DAY)[0]
    const early = catalogWorld()
    expect(early.now()).toBeLessThan(scene.published)
    expect(findScene(early, scene.id)).toBeUndefined()
    early.clock.advance((scene.published - early.now()) / 1000)
    expect(findScene(early, scene.id)).toBe(scene)
  })
})

describe('searching a growing archive', () => {
  const ok = (r: ReturnType<typeof answerSearch>) => {
    if (!r.ok) throw new Error(r.message)
    return r
  }

  it('finds the scenes published since, first, and pages on as the first page saw the catalog', () => {
    const world = catalogWorld()
    const body = { limit: 5 }
    const first = ok(answerSearch(world, 'blacksky', body, undefined))
    const second = ok(answerSearch(world, 'blacksky', body, first.next))
    world.clock.advance(3 * 86_400)
    const fresh = ok(answerSearch(world, 'blacksky', body, undefined))
    expect(fresh.matched).toBeGreaterThan(first.matched)
    expect(Date.parse(fresh.features[0].properties.datetime as string)).toBeGreaterThan(
      Date.parse(first.features[0].properties.datetime as string),
    )
    // The cursor taken three days ago still lists that day's catalog.
    const again = ok(answerSearch(world, 'blacksky', body, first.next))
    expect(again.features).toEqual(second.features)
    expect(again.matched).toBe(first.matched)
    expect(ok(answerSearch(world, 'blacksky', body, again.prev)).features).toEqual(first.features)
  })
})
