import { KM_PER_DEG_LAT } from '../geometries/coverage'
import { createRng, type Rng } from '../world/random'
import { SEED_EPOCH } from '../world/ids'
import type { S, Scene } from '../world/types'
import type { World } from '../world/world'
import { hostOf, publicationLag } from './hosts'
import { LAND, NSL_CITIES, PLACES, type Place } from './places'
import type { BBox, Position } from './prepared-polygon'
import {
  genericSensor,
  KIND_SPREAD,
  KIND_WEIGHT,
  round,
  SENSORS,
  type Delivery,
  type SceneFacts,
  type Sensor,
} from './sensors'

/**
 * The synthetic scene archive of the data hosts, which their catalog search (search.ts) and previews
 * (previews.ts) serve.
 *
 * The archive is a pure function of the archive collections of the glossary: about 25,000 scenes clustered
 * around well-known places, dated within the 1035 days before SEED_EPOCH. It does not depend on the clock
 * or on the seed size, so it is generated once per process and shared, read-only, by every world (a reset
 * or a fresh test simulator costs a few milliseconds instead of a regeneration). Scenes keep their numbers in
 * one typed array per collection and build their GeoJSON feature on first use: seeding stays cheap, and a
 * search filters on plain numbers.
 */

type Feature = S['CatalogFeature']
type Props = S['SceneProperties']

const DAY = 86_400_000
/** 2024-01-01T00:00Z … SEED_EPOCH (2026-11-01T00:00Z). */
export const ARCHIVE_DAYS = 1035
export const archiveStart = (): number => SEED_EPOCH - ARCHIVE_DAYS * DAY

/** One normally distributed number (Box–Muller). */
const gauss = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next())

/** Picks items in proportion to their weights, by a binary search over the running sums. */
function weighted<T>(items: readonly T[], weight: (t: T) => number): (rng: Rng) => T {
  const sums: number[] = []
  let total = 0
  for (const it of items) sums.push((total += weight(it)))
  return (rng) => {
    const r = rng.next() * total
    let lo = 0
    let hi = sums.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sums[mid] > r) hi = mid
      else lo = mid + 1
    }
    return items[lo]
  }
}

const pickLand = weighted(LAND, (b) => (b[2] - b[0]) * (b[3] - b[1]))

/**
 * Column layout of one scene in its collection's `data` array. Numbers live there rather than in fields of
 * 25,000 small objects: seeding then allocates little, which keeps garbage collection out of start-up time.
 */
export const COL = {
  /** The footprint ring: RING_POINTS [lon, lat] pairs, closed. */
  ring: 0,
  /** bbox: west, south, east, north. */
  bbox: 10,
  time: 14,
  /** NaN for none (radar). */
  cloud: 15,
  resolution: 16,
  lon: 17,
  lat: 18,
  durationS: 19,
} as const
const STRIDE = 20
export const RING_POINTS = 5
const CORNERS = [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5]

/**
 * Writes a slightly rotated and skewed quadrilateral, counter-clockwise (RFC 7946) and closed, into the
 * ring and bbox columns of the scene at `at`.
 */
function footprint(
  data: Float64Array,
  at: number,
  rng: Rng,
  lon: number,
  lat: number,
  widthKm: number,
  lengthKm: number,
  rotationDeg: number,
): void {
  const kmLat = 1 / 110.574
  const kmLon = 1 / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180))
  const th = (rotationDeg * Math.PI) / 180
  const c = Math.cos(th)
  const s = Math.sin(th)
  const skew = 0.02
  const r = at + COL.ring
  const b = at + COL.bbox
  data[b] = data[b + 1] = Infinity
  data[b + 2] = data[b + 3] = -Infinity
  for (let k = 0; k < 4; k++) {
    const x = (CORNERS[k * 2] + rng.float(-skew, skew)) * widthKm
    const y = (CORNERS[k * 2 + 1] + rng.float(-skew, skew)) * lengthKm
    const px = round(lon + (x * c - y * s) * kmLon, 6)
    const py = round(lat + (x * s + y * c) * kmLat, 6)
    data[r + k * 2] = px
    data[r + k * 2 + 1] = py
    data[b] = Math.min(data[b], px)
    data[b + 1] = Math.min(data[b + 1], py)
    data[b + 2] = Math.max(data[b + 2], px)
    data[b + 3] = Math.max(data[b + 3], py)
  }
  data[r + 8] = data[r]
  data[r + 9] = data[r + 1]
}

/** What the scenes of one collection share, including the numeric columns of all of them. */
export interface CollectionModel {
  collection: string
  constellation: string
  producer: string
  host: string
  sensor: Sensor
  /** STRIDE numbers per scene, laid out as COL says. */
  data: Float64Array
}

/**
 * A scene of the synthetic archive. The fields that searches filter on are plain properties; the full
 * feature (provider properties, second id, timestamps) is built on first use, from the scene's own seed, so
 * that seeding 25,000 scenes stays cheap and the answer never depends on which scenes were looked at first.
 */
export class ArchiveScene implements Scene {
  private built: Feature | undefined
  private box: BBox | undefined
  /** Offset of this scene's columns in `data`. */
  readonly at: number

  constructor(
    private readonly model: CollectionModel,
    readonly id: string,
    index: number,
    readonly deliveryTime: Delivery,
    private readonly place: Place | undefined,
    /** Seeds the details built on first use (a 31-bit integer). */
    private readonly seed: number,
    /** When the host published the scene in its catalog, ms: a search at an earlier instant does not see it. */
    readonly published: number,
  ) {
    this.at = index * STRIDE
  }

  /** The numeric columns of this scene's collection (this scene's start at `at`). */
  get data(): Float64Array {
    return this.model.data
  }
  get time(): number {
    return this.model.data[this.at + COL.time]
  }
  get cloudCoverage(): number | null {
    const v = this.model.data[this.at + COL.cloud]
    return Number.isNaN(v) ? null : v
  }
  get resolution(): number {
    return this.model.data[this.at + COL.resolution]
  }
  get bbox(): BBox {
    const d = this.model.data
    const b = this.at + COL.bbox
    return (this.box ??= [d[b], d[b + 1], d[b + 2], d[b + 3]])
  }

  get host(): string {
    return this.model.host
  }
  get collection(): string {
    return this.model.collection
  }
  get constellation(): string {
    return this.model.constellation
  }
  get producer(): string {
    return this.model.producer
  }
  get feature(): Feature {
    return (this.built ??= this.build())
  }

  private build(): Feature {
    const { sensor, data } = this.model
    const durationS = data[this.at + COL.durationS]
    const facts: SceneFacts = {
      rng: createRng(this.seed),
      place: this.place,
      lon: data[this.at + COL.lon],
      lat: data[this.at + COL.lat],
      time: this.time,
      durationS,
      resolution: this.resolution,
      cloudCoverage: this.cloudCoverage,
    }
    const ring: Position[] = []
    const r = this.at + COL.ring
    for (let k = 0; k < RING_POINTS; k++) ring.push([data[r + k * 2], data[r + k * 2 + 1]])
    const sceneId = sensor.sceneId ? sensor.sceneId(facts, this.id) : facts.rng.uuid()
    const iso = new Date(this.time).toISOString()
    const properties: Props = {
      id: this.id,
      sceneId,
      collection: this.collection,
      constellation: this.constellation,
      producer: this.producer,
      providerName: this.host,
      providerProperties: sensor.providerProperties(facts, this.id) as Props['providerProperties'],
      'svc:usageType': [...sensor.usage],
      acquisitionDate: iso,
      datetime: iso,
      start_datetime: iso,
      end_datetime: new Date(this.time + durationS * 1000).toISOString(),
      cloudCoverage: this.cloudCoverage,
      resolution: this.resolution,
      deliveryTime: this.deliveryTime,
      created: new Date(this.published).toISOString(),
    }
    return {
      type: 'Feature',
      id: this.id,
      geometry: { type: 'Polygon', coordinates: [ring] },
      bbox: this.bbox,
      properties,
    }
  }
}

/** What the scenes drawn for one collection share: its model, its sensor and the choices drawn from. */
export interface SceneDrawer {
  model: CollectionModel
  sensor: Sensor
  sar: boolean
  resMin: number
  resMax: number
  pickPlace: (rng: Rng) => Place
}

/** A drawer writing `count` scenes of a collection into a new column array. */
export function sceneDrawer(collection: S['Collection'], host: string, count: number): SceneDrawer {
  const sensor = SENSORS[collection.name] ?? genericSensor(collection)
  const resMin = collection.metadata?.resolutionValue?.minimum ?? 1
  return {
    model: {
      collection: collection.name,
      constellation: sensor.constellation,
      producer: collection.providers.find((p) => p.roles.includes('PRODUCER'))?.name ?? host,
      host,
      sensor,
      data: new Float64Array(count * STRIDE),
    },
    sensor,
    sar: collection.metadata?.productType === 'SAR',
    resMin,
    resMax: collection.metadata?.resolutionValue?.maximum ?? resMin,
    pickPlace: weighted(
      sensor.northAmericaOnly ? NSL_CITIES : PLACES,
      (p) => KIND_WEIGHT[p.kind] * (sensor.kindWeight?.[p.kind] ?? 1),
    ),
  }
}

/** When the scenes of a drawer are taken and published. */
export interface SceneTiming {
  /** The acquisition start at this longitude, drawn from `rng` (the sensor's local hours apply). */
  draw: (rng: Rng, lon: number, localHours: [number, number]) => number
  /** The acquisition start once the duration is known (to keep the scene inside its period). */
  fit: (time: number, durationMs: number) => number
  /** The instant the host published the scene, from its acquisition and its own seed. */
  published: (time: number, seed: number) => number
}

/**
 * Draws scene `n` of a drawer from `rng`: where (clustered around a place or scattered over land), when,
 * what it looks like and how its host names it. The order of the draws is part of the archive: changing it
 * changes every scene.
 */
export function drawScene(
  g: SceneDrawer,
  rng: Rng,
  n: number,
  timing: SceneTiming,
  taken: Set<string>,
): ArchiveScene {
  const { sensor, model } = g
  let place: Place | undefined
  let lon: number
  let lat: number
  if (rng.next() < sensor.scatter) {
    const box = pickLand(rng)
    lon = rng.float(box[0], box[2])
    lat = rng.float(box[1], box[3])
  } else {
    place = g.pickPlace(rng)
    const spread = KIND_SPREAD[place.kind] * (sensor.spread ?? 1)
    lat = place.lat + gauss(rng) * spread
    lon = place.lon + (gauss(rng) * spread) / Math.max(0.2, Math.cos((place.lat * Math.PI) / 180))
  }
  // Footprints never cross the antimeridian or reach the poles.
  lon = Math.max(-178, Math.min(178, lon))
  lat = Math.max(-84, Math.min(84, lat))

  const drawn = timing.draw(rng, lon, sensor.localHours)
  const durationS = round(rng.float(sensor.durationS[0], sensor.durationS[1]), 1)
  const time = timing.fit(drawn, durationS * 1000)

  const resolution = round(rng.float(g.resMin, g.resMax), 2)
  const clear = rng.next()
  const cloudCoverage = g.sar
    ? null
    : sensor.northAmericaOnly
      ? round(15 * clear ** 3, 2)
      : rng.next() < 0.12
        ? 0
        : round(100 * clear ** 2.6, 2)
  const u = rng.next()
  const deliveryTime: Delivery =
    u < sensor.delivery[0] ? 'MINUTES' : u < sensor.delivery[0] + sensor.delivery[1] ? 'HOURS' : 'DAYS'
  const facts: SceneFacts = { rng, place, lon, lat, time, durationS, resolution, cloudCoverage }

  let id = sensor.id(facts)
  for (let tries = 0; taken.has(id) && tries < 8; tries++) id = sensor.id(facts)
  if (taken.has(id)) id = `${id}_${n}`
  taken.add(id)

  const at = n * STRIDE
  const data = model.data
  data[at + COL.time] = time
  data[at + COL.cloud] = cloudCoverage ?? NaN
  data[at + COL.resolution] = resolution
  data[at + COL.lon] = lon
  data[at + COL.lat] = lat
  data[at + COL.durationS] = durationS
  footprint(
    data,
    at,
    rng,
    lon,
    lat,
    rng.float(sensor.widthKm[0], sensor.widthKm[1]),
    rng.float(sensor.lengthKm[0], sensor.lengthKm[1]),
    rng.float(-sensor.rotationDeg, sensor.rotationDeg),
  )
  const seed = rng.int(0, 0x7fffffff)
  return new ArchiveScene(model, id, n, deliveryTime, place, seed, timing.published(time, seed))
}

/** Generates the scenes of one archive collection. `taken` keeps ids unique across the archive. */
function generateCollection(collection: S['Collection'], host: string, taken: Set<string>): ArchiveScene[] {
  const g = sceneDrawer(collection, host, (SENSORS[collection.name] ?? genericSensor(collection)).count)
  const rng = createRng(`catalog:${collection.name}`)
  const start = archiveStart()
  const timing: SceneTiming = {
    draw: (r, lon, hours) => {
      const day = r.int(0, ARCHIVE_DAYS - 1)
      const localHour = r.float(hours[0], hours[1])
      const time = start + day * DAY + Math.round((localHour - lon / 15) * 3_600_000)
      return time < start ? time + DAY : time
    },
    fit: (time, durationMs) => (time + durationMs >= SEED_EPOCH ? time - DAY : time),
    // Scenes in the archive when the world begins were published before it: their host's lag after the
    // acquisition, and never after SEED_EPOCH.
    published: (time, seed) => Math.min(SEED_EPOCH, time + publicationLag(host, seed)),
  }
  const out: ArchiveScene[] = []
  for (let n = 0; n < g.sensor.count; n++) out.push(drawScene(g, rng, n, timing, taken))
  return out
}

/** The archive collections that a host serves. */
export function hostCollections(world: World, host: string): S['Collection'][] {
  return world.collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c) === host)
}

/** The provider named `host` if it is a data host. */
export function findHost(world: World, host: string): S['Provider'] | undefined {
  return world.providers.find((p) => p.name === host && p.roles.includes('HOST'))
}

let archiveCache: { key: string; scenes: readonly ArchiveScene[] } | undefined

/**
 * The whole archive for these collections, generated once per process and shared by every world. Scenes are
 * read-only: nothing in the simulator changes a scene after it is generated.
 */
export function generateArchive(collections: readonly S['Collection'][]): readonly ArchiveScene[] {
  const archived = collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c))
  const key = JSON.stringify(
    archived.map((c) => [c.name, hostOf(c), c.metadata, c.providers.map((p) => p.name)]),
  )
  if (archiveCache?.key === key) return archiveCache.scenes
  const taken = new Set<string>()
  const scenes = archived.flatMap((c) => generateCollection(c, hostOf(c) as string, taken))
  archiveCache = { key, scenes }
  return scenes
}

/** The archive generateArchive built last, shared by the worlds seeded since; undefined before the first. */
export const sharedArchive = (): readonly ArchiveScene[] | undefined => archiveCache?.scenes

/** Seeds `world.scenes` / `world.scenesById` with the archive of every ARCHIVE collection that has a HOST. */
export function seedCatalog(world: World): void {
  for (const scene of generateArchive(world.collections)) {
    world.scenes.push(scene)
    world.scenesById.set(scene.id, scene)
  }
}

/** The fields a search reads: an archive scene has them itself, any other scene through its feature. */
export type Searchable = Pick<
  Props,
  'id' | 'collection' | 'cloudCoverage' | 'resolution' | 'constellation' | 'deliveryTime' | 'producer'
>
export const searchable = (scene: Scene): Searchable =>
  scene instanceof ArchiveScene ? scene : scene.feature.properties

/**
 * A scene's collection name without building its feature: `scene.feature` of an archive scene is built on
 * first use (~10 µs), so code that looks at every scene should read the collection through this.
 */
export const sceneCollection = (scene: Scene): string => searchable(scene).collection
