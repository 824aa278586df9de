import { centroid } from '@turf/turf'
import { sceneCollection } from '../catalog/archive'
import { PLACES as ARCHIVE_PLACES } from '../catalog/places'
import { rect, toTurf } from '../geometries/coverage'
import { holdCredits } from '../budgets/credits'
import { SYSTEM_ACTOR, touch } from './state'
import { type Rng, createRng, hashString } from '../world/random'
import { SEED_EPOCH, ids } from '../world/ids'
import { createDelivery } from '../storage/stac'
import type { Account, OrderRecord, S, Scene } from '../world/types'
import type { World } from '../world/world'
import { type OrderStatus, type OrderSubStatus, buildOrder, initialSubStatus, userActor } from './create'
import { deliverArchive, resumeLifecycle } from './lifecycle'
import { MIN_BILLED_KM2, type PricedFeature, priceFeature } from './pricing'

/** Seeded orders in every status for the demo accounts (and 10,000 for the large seed), oldest first. */

interface SeedSpec {
  accountId: string
  workspaceId: string
  userId: string
  kind: 'ARCHIVE' | 'TASKING'
  collection: string
  product?: string
  status: OrderStatus
  subStatus?: OrderSubStatus
  budgetId?: string
  tags: string[]
  name: string
  /**
   * The place the name begins with: a tasking order's area lies there. An archive order's area is its scene,
   * so its name takes the archive place nearest the scene instead (`seedRecord`).
   */
  place?: { name: string; lon: number; lat: number }
  daysAgo: number
  /** Bulk orders of the large seed: no geometry work, no deliveries. */
  bulk?: boolean
}

/** The places seeded orders are named after; a tasking order's area lies at its place. */
export const ORDER_PLACES: { name: string; lon: number; lat: number }[] = [
  { name: 'Rotterdam port', lon: 4.1, lat: 51.95 },
  { name: 'Manaus', lon: -60.02, lat: -3.1 },
  { name: 'Nairobi', lon: 36.82, lat: -1.29 },
  { name: 'Lyon', lon: 4.84, lat: 45.76 },
  { name: 'Borneo concession', lon: 114.5, lat: 0.8 },
  { name: 'Rhine delta', lon: 4.6, lat: 51.8 },
  { name: 'Atacama mine', lon: -69.07, lat: -24.27 },
  { name: 'Singapore strait', lon: 103.85, lat: 1.23 },
  { name: 'Phoenix suburbs', lon: -112.07, lat: 33.45 },
  { name: 'Lagos coast', lon: 3.38, lat: 6.45 },
]

const box = (lon: number, lat: number, halfDeg: number): S['Polygon'] =>
  rect(round6(lon - halfDeg), round6(lat - halfDeg), round6(lon + halfDeg), round6(lat + halfDeg))
const round6 = (n: number) => Math.round(n * 1e6) / 1e6

const BASE_STATUSES: { status: OrderStatus; archive: number; tasking: number }[] = [
  { status: 'FULFILLED', archive: 9, tasking: 4 },
  { status: 'CANCELED', archive: 2, tasking: 1 },
  { status: 'FAILED_PERMANENTLY', archive: 2, tasking: 1 },
  { status: 'BEING_FULFILLED', archive: 2, tasking: 2 },
  { status: 'PLACED', archive: 2, tasking: 5 },
  { status: 'BEING_PLACED', archive: 2, tasking: 1 },
  { status: 'PLACEMENT_FAILED', archive: 3, tasking: 0 },
  { status: 'CREATED', archive: 3, tasking: 1 },
]

const ARCHIVE_COLLECTIONS = ['phr', 'pneo', 'spot', 'capella-gec', 'blacksky-archive', 'nsl-30cm']
const TASKING_COLLECTIONS = ['phr-tasking', 'pneo-tasking', 'capella-tasking', 'blacksky-tasking']
const TAG_POOL = [
  'forest',
  'urban',
  'coast',
  'client:acme',
  'q3-2026',
  'priority',
  'mining',
  'flood/response',
]

/** Sub-statuses a placed tasking order can sit in, by what its collection needs. */
function waitingSubStatuses(collection: S['Collection']): OrderSubStatus[] {
  const first = initialSubStatus(collection)
  if (first === 'FEASIBILITY_WAITING_UPLOAD') {
    return [
      'FEASIBILITY_WAITING_UPLOAD',
      'FEASIBILITY_WAITING_RESPONSE',
      'QUOTATION_WAITING_UPLOAD',
      'QUOTATION_WAITING_RESPONSE',
    ]
  }
  if (first === 'QUOTATION_WAITING_UPLOAD') return ['QUOTATION_WAITING_UPLOAD', 'QUOTATION_WAITING_RESPONSE']
  return ['QUOTATION_ACCEPTED']
}

function seedSpecs(rng: Rng): SeedSpec[] {
  const specs: SeedSpec[] = []
  const workspaces = [ids.mainWorkspace, ids.coastalWorkspace]
  const budgets = [ids.budgetForest, ids.budgetUrban, undefined, undefined]
  let n = 0
  for (const { status, archive, tasking } of BASE_STATUSES) {
    for (const kind of ['ARCHIVE', 'TASKING'] as const) {
      const count = kind === 'ARCHIVE' ? archive : tasking
      for (let i = 0; i < count; i++) {
        const collections = kind === 'ARCHIVE' ? ARCHIVE_COLLECTIONS : TASKING_COLLECTIONS
        const collection = collections[n % collections.length]
        const place = ORDER_PLACES[n % ORDER_PLACES.length]
        const terminal = status === 'FULFILLED' || status === 'CANCELED' || status === 'FAILED_PERMANENTLY'
        specs.push({
          accountId: ids.enterpriseAccount,
          workspaceId: workspaces[n % 3 === 2 ? 1 : 0],
          userId: ids.analyst,
          kind,
          collection,
          status,
          // The legacy budget is inactive now: only old, finished orders used it.
          budgetId: terminal && n % 7 === 0 ? ids.budgetLegacy : budgets[n % budgets.length],
          tags:
            n % 3 === 1
              ? []
              : [
                  TAG_POOL[n % TAG_POOL.length],
                  ...(n % 4 === 0 ? [TAG_POOL[(n + 3) % TAG_POOL.length]] : []),
                ],
          name: `${place.name} ${kind === 'ARCHIVE' ? 'archive' : 'tasking'} ${n + 1}`,
          place,
          daysAgo: terminal ? rng.float(20, 180) : rng.float(0.2, 12),
        })
        n++
      }
    }
  }
  // The starter account: one delivered order, one waiting to be canceled, one tasking request.
  const starter = {
    accountId: ids.starterAccount,
    workspaceId: ids.starterWorkspace,
    userId: ids.starter,
    tags: ['trial'],
  }
  specs.push(
    {
      ...starter,
      kind: 'ARCHIVE',
      collection: 'spot',
      status: 'FULFILLED',
      name: 'Starter first SPOT scene',
      daysAgo: 40,
    },
    {
      ...starter,
      kind: 'ARCHIVE',
      collection: 'blacksky-archive',
      status: 'CREATED',
      name: 'Starter BlackSky scene',
      daysAgo: 1,
    },
    {
      ...starter,
      kind: 'TASKING',
      collection: 'capella-tasking',
      status: 'PLACED',
      name: 'Starter radar tasking',
      daysAgo: 3,
      tags: [],
    },
  )
  return specs
}

/** The large seed's history: three years of orders. */
const LARGE_HISTORY_DAYS = 3 * 365
/** Decided tasking orders of the large seed: each brings its decided quotation (and study, when needed). */
export const LARGE_DECIDED_TASKING = 476
/** Decisions (studies and quotations) waiting for the enterprise account in the large seed, all told. */
export const LARGE_WAITING_DECISIONS = 40
/**
 * Decisions the rest of the large seed leaves waiting for the enterprise account: the demo orders' own (the
 * tasking seed's scenarios find theirs present among the bulk orders and add none).
 */
const DEMO_WAITING_DECISIONS = 3

/**
 * The large seed's filler orders, under the demo world's lifecycle rules: finished orders (fulfilled, canceled,
 * failed) anywhere over three years; orders still in flight only recent, as the lifecycle moves an order on
 * within days; tasking orders decided long ago (a quotation, and a study where the collection needs one, but
 * no deliveries: older than the tasking seed's history); and recent tasking orders waiting for a decision, so
 * that the account's waiting decisions number `LARGE_WAITING_DECISIONS`. A budget is only named by an order
 * made after the budget was.
 */
function bulkSpecs(
  rng: Rng,
  count: number,
  waiting: number,
  budgets: readonly { id: string; createdAt: number; active: boolean }[],
): SeedSpec[] {
  const finished: OrderStatus[] = [
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'CANCELED',
    'FAILED_PERMANENTLY',
  ]
  const inFlight: OrderStatus[] = [
    'CREATED',
    'BEING_PLACED',
    'PLACED',
    'PLACED',
    'BEING_FULFILLED',
    'BEING_FULFILLED',
    'BEING_FULFILLED',
    'PLACEMENT_FAILED',
  ]
  const budgetAt = (daysAgo: number) => {
    const at = SEED_EPOCH - daysAgo * 86_400_000
    // A budget closed since was last drawn on a year or more ago.
    const open = budgets.filter((b) => b.createdAt <= at && (b.active || daysAgo > 365))
    return rng.chance(0.6) && open.length > 0 ? rng.pick(open).id : undefined
  }
  const common = (i: number, daysAgo: number) => {
    const place = rng.pick(ORDER_PLACES)
    return {
      accountId: ids.enterpriseAccount,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      userId: ids.analyst,
      budgetId: budgetAt(daysAgo),
      tags: rng.chance(0.5) ? [rng.pick(TAG_POOL)] : rng.chance(0.2) ? [rng.pick(TAG_POOL), 'bulk'] : [],
      name: `${place.name} batch ${i + 1}`,
      place,
      daysAgo,
      bulk: true,
    }
  }
  const out: SeedSpec[] = []
  for (let i = 0; i < waiting; i++) {
    // Placed days ago and waiting: for a quotation (Pléiades, Neo), or for a feasibility study (Neo).
    const neo = i % 2 === 0
    out.push({
      ...common(out.length, rng.float(0.5, 20)),
      kind: 'TASKING',
      collection: neo ? 'pneo-tasking' : 'phr-tasking',
      status: 'PLACED',
      subStatus: neo && i % 4 === 0 ? 'FEASIBILITY_WAITING_RESPONSE' : 'QUOTATION_WAITING_RESPONSE',
    })
  }
  for (let i = 0; i < LARGE_DECIDED_TASKING && out.length < count; i++) {
    out.push({
      ...common(out.length, rng.float(200, LARGE_HISTORY_DAYS)),
      kind: 'TASKING',
      collection: rng.pick(['phr-tasking', 'pneo-tasking']),
      status: rng.chance(0.8) ? 'FULFILLED' : 'FAILED_PERMANENTLY',
    })
  }
  while (out.length < count) {
    // Archive: thousands of archive orders cost little (a flat price, no deliveries of their own).
    const recent = rng.chance(0.03)
    out.push({
      ...common(out.length, recent ? rng.float(0.1, 14) : rng.float(14, LARGE_HISTORY_DAYS)),
      kind: 'ARCHIVE',
      collection: rng.pick(ARCHIVE_COLLECTIONS),
      status: recent ? rng.pick(inFlight) : rng.pick(finished),
    })
  }
  return out
}

/** Seeds orders in every status for the demo accounts (and 10,000 for the large seed), oldest first. */
export function seedOrders(world: World): void {
  const rng = createRng('orders-seed')
  const specs = seedSpecs(rng)
  if (world.seedSize === 'large') {
    const enterprise = specs.filter((s) => s.accountId === ids.enterpriseAccount).length
    const budgets = [...world.budgets.values()]
      .filter((b) => b.accountId === ids.enterpriseAccount)
      .map((b) => ({
        id: b.budget.id,
        createdAt: Date.parse(b.budget.createdAt),
        active: b.budget.status === 'ACTIVE',
      }))
    specs.push(
      ...bulkSpecs(
        rng,
        Math.max(0, 10_000 - enterprise),
        LARGE_WAITING_DECISIONS - DEMO_WAITING_DECISIONS,
        budgets,
      ),
    )
  }
  // Creation order = insertion order: the default newest-first sort of the list is then a reversal.
  const dated = specs
    .map((s) => ({ spec: s, at: Math.round(SEED_EPOCH - s.daysAgo * 86_400_000) }))
    .sort((a, b) => a.at - b.at)

  const scenesByCollection = new Map<string, Scene[]>()
  for (const scene of world.scenes) {
    const name = sceneCollection(scene)
    let list = scenesByCollection.get(name)
    if (!list) scenesByCollection.set(name, (list = []))
    list.push(scene)
  }

  // The bulk orders' scenes by publication, built for a collection when its first bulk order needs it.
  const publishedBy = new Map<string, PublishedScenes>()
  const publishedOf = (name: string): PublishedScenes => {
    let p = publishedBy.get(name)
    if (!p) {
      const byCreated = (scenesByCollection.get(name) ?? [])
        .map((scene) => ({ scene, at: publishedAt(scene) }))
        .sort((a, b) => a.at - b.at)
      p = { scenes: byCreated.map((x) => x.scene), created: byCreated.map((x) => x.at) }
      publishedBy.set(name, p)
    }
    return p
  }

  const delivered: OrderRecord[] = []
  // The demo orders' sub-statuses go by their place among the demo orders alone: the same in both worlds,
  // however many bulk orders of the large seed fall between them.
  let demo = 0
  for (const [i, { spec, at }] of dated.entries()) {
    const collection = world.collections.find((c) => c.name === spec.collection)
    const product = collection?.dataProducts.find((p) => p.id && (!spec.product || p.name === spec.product))
    const account = world.accounts.get(spec.accountId)
    if (!collection || !product || !account) continue
    const record = seedRecord(
      rng,
      spec,
      at,
      i,
      spec.bulk ? i : demo++,
      collection,
      product,
      account,
      scenesByCollection.get(collection.name) ?? [],
      publishedOf(collection.name),
    )
    world.orders.set(record.order.id, record)
    if (spec.status === 'FULFILLED' && !spec.bulk) delivered.push(record)
    // In progress: on with the lifecycle from the seed's instant, as a new order in that status would.
    resumeLifecycle(world, record)
  }
  for (const record of delivered) deliverSeeded(world, record)
}

/** A collection's scenes by publication (`created`), oldest first, with their instants. */
interface PublishedScenes {
  scenes: Scene[]
  created: number[]
}

/** When the archive published a scene (its acquisition, where the archive says no more). */
const publishedAt = (scene: Scene): number =>
  Date.parse(scene.feature.properties.created ?? scene.feature.properties.acquisitionDate ?? '')

/** How many of the scenes were published before `at` (a binary search). */
function publishedBefore(p: PublishedScenes, at: number): number {
  let lo = 0
  let hi = p.created.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (p.created[mid] < at) lo = mid + 1
    else hi = mid
  }
  return lo
}

function seedRecord(
  rng: Rng,
  spec: SeedSpec,
  at: number,
  i: number,
  subIndex: number,
  collection: S['Collection'],
  product: S['DataProduct'],
  account: Account,
  scenes: Scene[],
  published: PublishedScenes,
): OrderRecord {
  // The order's area lies where its name says (a name said "Rotterdam port" over Arizona once: the place
  // came from the spec's index before sorting, the area from the index after).
  const place = spec.place ?? ORDER_PLACES[i % ORDER_PLACES.length]
  let displayName = spec.name
  let scene: Scene | undefined
  let geometry: S['Polygon']
  let params: Record<string, unknown>
  if (spec.kind === 'ARCHIVE') {
    // An order names a scene the archive had published before it was placed: the catalog's "already own this"
    // guard reads orders back only to the oldest scene it marks (decision 59).
    if (spec.bulk) {
      const n = publishedBefore(published, at)
      scene = n > 0 ? published.scenes[i % n] : undefined
    } else scene = scenes.length > 0 ? scenes[i % scenes.length] : undefined
    // A demo order names a place: take the first scene from here on that clusters around one (most do; a
    // scattered scene would only have coordinates for a name).
    for (let k = 0; !spec.bulk && k < Math.min(scenes.length, 200); k++) {
      const candidate = scenes[(i + k) % scenes.length]
      if (publishedAt(candidate) >= at) continue
      const where = centroid(toTurf(candidate.feature.geometry)).geometry.coordinates
      if (!nearestPlaceName(where[0], where[1]).startsWith('Scene at ')) {
        scene = candidate
        break
      }
    }
    const c =
      scene && !spec.bulk
        ? centroid(toTurf(scene.feature.geometry)).geometry.coordinates
        : [place.lon, place.lat]
    // An archive order covers its scene: named after the archive place nearest the scene.
    if (scene && !spec.bulk && spec.place && spec.name.startsWith(spec.place.name))
      displayName = nearestPlaceName(c[0], c[1]) + spec.name.slice(spec.place.name.length)
    geometry = box(c[0], c[1], spec.bulk ? 0.03 : rng.float(0.02, 0.05))
    params = {
      id:
        scene?.feature.properties.id ??
        `SIM_${collection.name.toUpperCase()}_${hashString(`${spec.name}:${i}`).toString(16)}`,
    }
  } else {
    geometry = box(place.lon + rng.float(-0.2, 0.2), place.lat + rng.float(-0.2, 0.2), rng.float(0.04, 0.12))
    const start = at + 2 * 86_400_000
    params = {
      acquisitionStart: new Date(start).toISOString(),
      acquisitionEnd: new Date(start + 30 * 86_400_000).toISOString(),
      ...taskingDefaults(collection.name),
    }
  }
  let priced: PricedFeature
  if (spec.bulk) {
    // Large seed: a flat price per order keeps 10,000 orders cheap to build.
    priced = { index: 0, geometry, areaKm2: 44, size: 44, credits: 440, unit: 'SQ_KM' }
  } else {
    const check = priceFeature(
      { type: spec.kind, collectionName: collection.name, params, scene },
      0,
      geometry,
    )
    priced = check.ok
      ? check.value
      : {
          index: 0,
          geometry,
          areaKm2: MIN_BILLED_KM2,
          size: MIN_BILLED_KM2,
          credits: MIN_BILLED_KM2 * 10,
          unit: 'SQ_KM',
        }
  }
  const subStatus =
    spec.kind === 'TASKING'
      ? (spec.subStatus ?? seededSubStatus(collection, spec.status, subIndex))
      : undefined
  const record = buildOrder(
    {
      account,
      workspaceId: spec.workspaceId,
      actor: userActor(spec.userId),
      collection,
      product,
      displayName,
      tags: spec.tags,
      budgetId: spec.budgetId ?? null,
      params,
      priced,
      scene,
      at,
      id: rng.uuid(),
    },
    spec.status,
    subStatus,
  )
  if (spec.status !== 'CREATED') {
    // Finished orders changed last some hours or days after creation, by the system.
    const later = Math.min(SEED_EPOCH, at + (spec.status === 'FULFILLED' ? 2 : 0.5) * 86_400_000)
    touch(record, spec.status === 'CANCELED' ? userActor(spec.userId) : SYSTEM_ACTOR, later)
  }
  const inFlight =
    spec.status === 'CREATED' ||
    spec.status === 'BEING_PLACED' ||
    spec.status === 'PLACED' ||
    spec.status === 'PLACEMENT_FAILED' ||
    spec.status === 'BEING_FULFILLED'
  if (spec.kind === 'ARCHIVE' && inFlight && holdCredits(account, record.credits))
    record.heldCredits = record.credits
  return record
}

/**
 * The name of the archive's place nearest a point (the archive's scenes cluster around them), or, for a scene
 * scattered far from all of them, its position ("Scene at 33.4° N 112.1° W").
 */
function nearestPlaceName(lon: number, lat: number): string {
  let best: { name: string; d: number } | null = null
  for (const p of ARCHIVE_PLACES) {
    // An equirectangular distance in degrees: enough to pick the nearest of places far apart.
    const dx = (p.lon - lon) * Math.cos((lat * Math.PI) / 180)
    const d = Math.hypot(dx, p.lat - lat)
    if (!best || d < best.d) best = { name: p.name, d }
  }
  if (best && best.d < 2) return best.name
  const ns = `${Math.abs(lat).toFixed(1)}° ${lat < 0 ? 'S' : 'N'}`
  const ew = `${Math.abs(lon).toFixed(1)}° ${lon < 0 ? 'W' : 'E'}`
  return `Scene at ${ns} ${ew}`
}

function seededSubStatus(collection: S['Collection'], status: OrderStatus, i: number): OrderSubStatus {
  if (status === 'BEING_FULFILLED' || status === 'FULFILLED') return 'QUOTATION_ACCEPTED'
  if (status === 'FAILED_PERMANENTLY')
    return initialSubStatus(collection) === 'QUOTATION_ACCEPTED' ? 'QUOTATION_ACCEPTED' : 'QUOTATION_REJECTED'
  if (status === 'PLACED') {
    const options = waitingSubStatuses(collection)
    return options[i % options.length]
  }
  return initialSubStatus(collection)
}

/** Valid form values for each tasking collection (they pass the order forms of orders/forms.ts). */
export function taskingDefaults(collectionName: string): Record<string, unknown> {
  switch (collectionName) {
    case 'capella-tasking':
      return { acquisitionMode: 'spotlight', incidenceAngle: 35, polarization: 'HH', looks: '1' }
    case 'blacksky-tasking':
      return { acquisitionMode: 'standard', incidenceAngle: 30, cloudCoverage: 30, priority: 'standard' }
    default:
      return {
        acquisitionMode: 'mono',
        cloudCoverage: 10,
        incidenceAngle: 30,
        geometricProcessing: 'ortho',
        projection: '4326',
        spectralProcessing: 'bundle',
        pixelCoding: '12bits',
        radiometricProcessing: 'reflectance',
        deliveredAs: 'geotiff',
      }
  }
}

function deliverSeeded(world: World, record: OrderRecord): void {
  const at = Date.parse(record.order.updatedAt)
  if (record.order.type === 'ARCHIVE') {
    deliverArchive(world, record, at)
  } else if (record.geometry.type !== 'Point') {
    createDelivery(world, {
      accountId: record.order.accountId,
      workspaceId: record.order.workspaceId,
      source: 'TASKING',
      title: record.order.displayName,
      description: `Tasking order ${record.order.id}.`,
      geometry: record.geometry,
      datetime: at - 86_400_000,
      orderId: record.order.id,
      productId: record.order.dataProductId,
      collectionName: record.collectionName,
      constellation: record.collectionName.replace(/-tasking$/, ''),
      cloudCover: null,
      tags: record.order.tags,
    })
  }
}
