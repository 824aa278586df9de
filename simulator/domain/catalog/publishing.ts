import { createRng } from '../world/random'
import { SEED_EPOCH } from '../world/ids'
import type { S, Scene } from '../world/types'
import type { World } from '../world/world'
import type { ArchiveScene } from './archive'
import { drawScene, sceneDrawer, type SceneTiming, ARCHIVE_DAYS } from './archive'
import { hostOf, hostPublishing, publicationLag } from './hosts'
import { SENSORS, genericSensor } from './sensors'

/**
 * The archive grows: once the world runs, each data host acquires and publishes new scenes, at its own rate
 * and delay (hosts.ts), drawn like the archive's (the same sensors, places, land and cloud cover).
 *
 * New scenes are a pure function of the collection and the UTC day of their acquisition since SEED_EPOCH
 * (one batch per collection and day, from its own seeded generator), made on first need and kept for the
 * process, like the archive. What a search sees is what was published by the instant it asks about: the
 * clock, or the instant its page cursor was made (cursors.ts). Nothing is scheduled and nothing is made at
 * start-up: a world whose clock never moves past SEED_EPOCH pays nothing.
 */

const DAY = 86_400_000
/** Days of growth made at most (ten years of a running world); later acquisitions are not made. */
const MAX_DAYS = 3650

interface Batch {
  scenes: ArchiveScene[]
}

/** Batches by collection name and day index. */
const batches = new Map<string, Batch>()
/** New scenes by id, across collections (ids embed the acquisition instant, so they do not collide). */
const byId = new Map<string, ArchiveScene>()

/** The scenes of a collection acquired on day `day` after SEED_EPOCH (day 0 is SEED_EPOCH's day). */
function batch(collection: S['Collection'], host: string, day: number): Batch {
  const key = `${collection.name}\n${day}`
  const have = batches.get(key)
  if (have) return have
  const rng = createRng(`publish:${collection.name}:${day}`)
  const sensor = SENSORS[collection.name] ?? genericSensor(collection)
  const perDay = (sensor.count / ARCHIVE_DAYS) * hostPublishing(host).rate
  // Busy and quiet days: between half and one and a half times the rate.
  const count = Math.floor(perDay * (0.5 + rng.next()) + rng.next())
  const g = sceneDrawer(collection, host, count)
  const start = SEED_EPOCH + day * DAY
  const timing: SceneTiming = {
    // The sensor's local hour at this longitude, on this UTC day.
    draw: (r, lon, hours) => {
      const hour = r.float(hours[0], hours[1]) - lon / 15
      return start + Math.round((((hour % 24) + 24) % 24) * 3_600_000)
    },
    fit: (time, durationMs) => Math.min(time, start + DAY - 1 - durationMs),
    published: (time, seed) => time + publicationLag(host, seed),
  }
  // Ids are unique within the batch; the archive's end before SEED_EPOCH and the day in the ids keep them
  // apart from every other batch and from the archive.
  const taken = new Set<string>()
  const scenes: ArchiveScene[] = []
  for (let n = 0; n < count; n++) {
    const scene = drawScene(g, rng, n, timing, taken)
    scenes.push(scene)
    if (!byId.has(scene.id)) byId.set(scene.id, scene)
  }
  const made = { scenes }
  batches.set(key, made)
  return made
}

/** Days of acquisitions that may hold scenes published by `at`. */
const daysUpTo = (at: number) => Math.min(MAX_DAYS, Math.floor((at - SEED_EPOCH) / DAY) + 1)

/** Per host: every new scene made so far up to some day, newest acquisition first. */
const hostLists = new Map<string, { key: string; days: number; scenes: ArchiveScene[] }>()

const lastAnswer = new Map<string, { list: unknown; at: number; scenes: ArchiveScene[] }>()

/**
 * The new scenes of `host` published by `at` (ms), newest acquisition first (ties by id): the scenes a search
 * at `at` finds besides the archive.
 */
export function publishedScenes(world: World, host: string, at: number): readonly ArchiveScene[] {
  const days = daysUpTo(at)
  if (days <= 0) return []
  const collections = world.collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c) === host)
  const key = collections.map((c) => c.name).join(',')
  let list = hostLists.get(host)
  if (!list || list.key !== key || list.days < days) {
    const scenes: ArchiveScene[] = []
    for (const c of collections) for (let d = 0; d < days; d++) scenes.push(...batch(c, host, d).scenes)
    scenes.sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    hostLists.set(host, (list = { key, days, scenes }))
  }
  // Searches at one instant (a paused clock, pages of one search) share the list.
  const last = lastAnswer.get(host)
  if (last?.list === list && last.at === at) return last.scenes
  const scenes = list.scenes.filter((s) => s.published <= at)
  lastAnswer.set(host, { list, at, scenes })
  return scenes
}

/**
 * A scene by id, the archive's or a new one already published: what ordering and previews look up. New
 * scenes are made up to the clock first, so an id copied from a search is found in a fresh process too.
 */
export function findScene(world: World, id: string): Scene | undefined {
  const seeded = world.scenesById.get(id)
  if (seeded) return seeded
  const now = world.now()
  if (now <= SEED_EPOCH) return undefined
  let scene = byId.get(id)
  if (!scene) {
    for (const host of new Set(world.collections.map(hostOf))) if (host) publishedScenes(world, host, now)
    scene = byId.get(id)
  }
  return scene && scene.published <= now && world.collections.some((c) => c.name === scene.collection)
    ? scene
    : undefined
}
