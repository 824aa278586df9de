import { sceneCollection } from './catalog/archive'
import { PLACES as ARCHIVE_PLACES } from './catalog/places'
import { centroid, featureCollection, feature as turfFeature, intersect, kinks } from '@turf/turf'
import type { MultiPolygon as GjMultiPolygon, Polygon as GjPolygon } from 'geojson'
import { captureCredits, holdCredits } from './credits'
import { areaKm2, rect } from './coverage'
import { createRng, hashString, type Rng } from './random'
import { ids, SEED_EPOCH } from './seed-constants'
import { createDelivery } from './stac'
import { PRIORITY_FACTORS, setStatus, SYSTEM_ACTOR, TASKING_RATES, touch } from './order-state'
import { startTaskingFlow } from './tasking'
import type { Account, EulaDocumentRecord, OrderRecord, S, Scene } from './types'
import type { World } from './world'

/**
 * Orders: pricing, geometry rules, the simulated lifecycle and the seed. Route handlers and the tasking area
 * both go through these helpers, so every status change carries the same bookkeeping (updatedAt/updatedBy,
 * held credits).
 */

export type OrderStatus = S['OrderStatus']
export type OrderSubStatus = S['OrderSubStatus']
export type Area2D = S['Polygon'] | S['MultiPolygon']

export const userActor = (userId: string): S['Actor'] => ({ id: userId, type: 'USER' })

// ----------------------------------------------------------------------------------------------- pricing

/** Credits per km² (or per scene) of archive collections; tasking rates per km². */
export const ARCHIVE_PRICES: Record<string, { rate: number; unit: S['EstimateUnit'] }> = {
  phr: { rate: 10, unit: 'SQ_KM' },
  pneo: { rate: 20, unit: 'SQ_KM' },
  spot: { rate: 2, unit: 'SQ_KM' },
  // Capella archive scenes are sold whole: one price per scene whatever the AOI.
  'capella-gec': { rate: 375, unit: 'SCENE' },
  'blacksky-archive': { rate: 8, unit: 'SQ_KM' },
  'nsl-30cm': { rate: 12, unit: 'SQ_KM' },
}
/** Archive orders are billed at least this many km². */
export const MIN_BILLED_KM2 = 25
export const AREA_LIMITS: Record<'ARCHIVE' | 'TASKING', { min: number; max: number }> = {
  ARCHIVE: { min: 0.25, max: 5_000 },
  TASKING: { min: 0.25, max: 10_000 },
}
/** Beyond this, self-intersection checks get expensive and no real AOI needs more. */
export const MAX_VERTICES = 1_000
/** One order per feature: a cap keeps a single request from creating thousands of orders. */
export const MAX_FEATURES = 100

const round2 = (n: number) => Math.round(n * 100) / 100

export interface PricedFeature {
  index: number
  geometry: Area2D
  /** Area of the geometry itself, km². */
  areaKm2: number
  size: number
  credits: number
  unit: S['EstimateUnit']
}

export type FeatureCheck = { ok: true; value: PricedFeature } | { ok: false; error: S['FeatureError'] }

const featureError = (index: number, message: string, details: string | null): FeatureCheck => ({
  ok: false,
  error: { index, message, details },
})

const toGj = (g: Area2D): GjPolygon | GjMultiPolygon =>
  g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates }
    : { type: 'MultiPolygon', coordinates: g.coordinates }

const fromGj = (g: GjPolygon | GjMultiPolygon): Area2D =>
  g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates }
    : { type: 'MultiPolygon', coordinates: g.coordinates }

/** Plain-data checks turf does not make: finite, in range, closed rings, bounded size. */
function shapeProblem(g: Area2D): string | null {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates
  let vertices = 0
  for (const rings of polygons) {
    for (const ring of rings) {
      if (ring.length < 4) return 'a ring needs at least 4 positions'
      vertices += ring.length
      for (const p of ring) {
        const [lon, lat] = p
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'coordinates must be finite numbers'
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
          return 'coordinates must be longitude -180..180 and latitude -90..90'
      }
      const first = ring[0]
      const last = ring[ring.length - 1]
      if (first[0] !== last[0] || first[1] !== last[1])
        return 'rings must be closed (first position equal to the last)'
    }
  }
  if (vertices > MAX_VERTICES)
    return `the geometry has ${vertices} vertices; at most ${MAX_VERTICES} are allowed`
  return null
}

/** The AOI ∩ scene footprint, or null when they do not overlap. */
export function clipToFootprint(aoi: Area2D, footprint: Area2D): Area2D | null {
  const hit = intersect(featureCollection([turfFeature(toGj(aoi)), turfFeature(toGj(footprint))]))
  return hit ? fromGj(hit.geometry) : null
}

export interface PricingContext {
  type: 'ARCHIVE' | 'TASKING'
  collectionName: string
  params: Record<string, unknown>
  /** Archive only: the ordered scene. */
  scene?: Scene
}

/** Validates one feature's geometry and prices it. Any failure is a per-feature error, never a throw. */
export function priceFeature(
  ctx: PricingContext,
  index: number,
  geometry: S['GeoJsonGeometry'],
): FeatureCheck {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
    return featureError(
      index,
      'Invalid geometry',
      `${geometry.type} is not supported; send a Polygon or MultiPolygon`,
    )
  }
  const g: Area2D = geometry
  const shape = shapeProblem(g)
  if (shape) return featureError(index, 'Invalid geometry', shape)
  let size: number
  let credits: number
  let unit: S['EstimateUnit']
  let km2: number
  try {
    if (kinks(toGj(g)).features.length > 0)
      return featureError(index, 'Invalid geometry', 'the geometry intersects itself')
    km2 = areaKm2(g)
    const limits = AREA_LIMITS[ctx.type]
    if (km2 < limits.min)
      return featureError(
        index,
        'Area too small',
        `${round2(km2)} km² is below the minimum of ${limits.min} km²`,
      )
    if (km2 > limits.max)
      return featureError(
        index,
        'Area too large',
        `${round2(km2)} km² is above the maximum of ${limits.max} km²`,
      )
    if (ctx.type === 'ARCHIVE') {
      const price = ARCHIVE_PRICES[ctx.collectionName] ?? { rate: 10, unit: 'SQ_KM' }
      const footprint = ctx.scene?.feature.geometry
      const clipped = footprint ? clipToFootprint(g, footprint) : g
      if (!clipped)
        return featureError(
          index,
          'AOI outside the scene',
          'the area of interest does not intersect the footprint of the ordered scene',
        )
      unit = price.unit
      if (unit === 'SCENE') {
        size = 1
        credits = price.rate
      } else {
        size = round2(Math.max(areaKm2(clipped), MIN_BILLED_KM2))
        credits = Math.ceil(size * price.rate)
      }
    } else {
      const rate = TASKING_RATES[ctx.collectionName] ?? 20
      const priority = typeof ctx.params.priority === 'string' ? ctx.params.priority : 'standard'
      unit = 'SQ_KM'
      size = round2(km2)
      credits = Math.ceil(km2 * rate * (PRIORITY_FACTORS[priority] ?? 1))
    }
  } catch (e) {
    // turf gives up on some degenerate shapes (e.g. zero-width rings); that is the client's geometry, not a bug.
    return featureError(
      index,
      'Invalid geometry',
      e instanceof Error ? e.message : 'the geometry cannot be processed',
    )
  }
  return { ok: true, value: { index, geometry: g, areaKm2: km2, size, credits, unit } }
}

// ------------------------------------------------------------------------------------------------- EULAs

/** The document in force for a EULA: the highest version. */
export function currentEulaDocument(world: World, eulaId: string): EulaDocumentRecord | undefined {
  const eula = world.eulas.get(eulaId)
  if (!eula || eula.documents.length === 0) return undefined
  return eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
}

// -------------------------------------------------------------------------------------------- lifecycle

/** Timings of the simulated archive lifecycle, in seconds. */
export const TIMINGS = {
  beginPlacement: 30,
  placement: 60,
  retryPlacement: 600,
  beginFulfilment: 300,
  fulfilment: 1200,
}

/** About 1 order in 8 fails its first placement attempt; decided by the id so a run is reproducible. */
export const failsPlacement = (orderId: string): boolean => hashString(`${orderId}:placement`) % 8 === 0
/** About 1 order in 25 ends FAILED_PERMANENTLY instead of FULFILLED. */
export const failsFulfilment = (orderId: string): boolean => hashString(`${orderId}:fulfilment`) % 25 === 0

/** The sub-status a new tasking order starts in, from its collection's integrations. */
export function initialSubStatus(collection: S['Collection']): OrderSubStatus {
  const needsStudy =
    collection.integrations.includes('FEASIBILITY_STUDY_REQUIRED') ||
    collection.integrations.includes('FEASIBILITY_STUDY_MAY_BE_REQUIRED')
  if (needsStudy) return 'FEASIBILITY_WAITING_UPLOAD'
  if (collection.integrations.includes('QUOTATION_REQUIRED')) return 'QUOTATION_WAITING_UPLOAD'
  // No study and no quotation (fixed price): the order is active as soon as it is placed.
  return 'QUOTATION_ACCEPTED'
}

/**
 * One step of the lifecycle: due at `at`, it runs on the world it is due in (a copied world runs the same
 * steps on its own records, see `WorldEvent`) and finds the order by id; it runs only if the order still has
 * the status the step expects, so a cancellation (or a reset) in between simply stops the chain. Chained
 * steps are timed from the previous step's due time, not from when the clock happened to be settled.
 */
function step(
  on: World,
  orderId: string,
  at: number,
  expect: OrderStatus,
  run: (w: World, r: OrderRecord, at: number) => void,
): void {
  on.schedule(at, (w) => {
    const r = w.orders.get(orderId)
    if (r && r.order.status === expect) run(w, r, at)
  })
}

/** CREATED (or PLACEMENT_FAILED, for the retry) → BEING_PLACED at `at`, then the placement's outcome. */
function schedulePlacing(on: World, orderId: string, at: number, expect: OrderStatus, attempt: 1 | 2): void {
  step(on, orderId, at, expect, (w, r, t) => {
    setStatus(w, r, 'BEING_PLACED', SYSTEM_ACTOR, t)
    schedulePlacement(w, orderId, t + TIMINGS.placement * 1000, attempt)
  })
}

/** BEING_PLACED → PLACED at `at` (or PLACEMENT_FAILED on a failing first attempt, retried later). */
function schedulePlacement(on: World, orderId: string, at: number, attempt: 1 | 2): void {
  step(on, orderId, at, 'BEING_PLACED', (w, r, t) => {
    if (r.order.type === 'ARCHIVE' && attempt === 1 && failsPlacement(orderId)) {
      setStatus(w, r, 'PLACEMENT_FAILED', SYSTEM_ACTOR, t)
      schedulePlacing(w, orderId, t + TIMINGS.retryPlacement * 1000, 'PLACEMENT_FAILED', 2)
      return
    }
    setStatus(w, r, 'PLACED', SYSTEM_ACTOR, t)
    if (r.order.type === 'TASKING') startTaskingFlow(w, r)
    else scheduleFulfilment(w, orderId, t + TIMINGS.beginFulfilment * 1000)
  })
}

/** An archive order: PLACED → BEING_FULFILLED at `at`, then its delivery. */
function scheduleFulfilment(on: World, orderId: string, at: number): void {
  step(on, orderId, at, 'PLACED', (w, r, t) => {
    setStatus(w, r, 'BEING_FULFILLED', SYSTEM_ACTOR, t)
    scheduleDelivery(w, orderId, t + TIMINGS.fulfilment * 1000)
  })
}

/** An archive order: BEING_FULFILLED → FULFILLED (delivered) or FAILED_PERMANENTLY at `at`. */
function scheduleDelivery(on: World, orderId: string, at: number): void {
  step(on, orderId, at, 'BEING_FULFILLED', (w, r, t) => {
    if (failsFulfilment(orderId)) setStatus(w, r, 'FAILED_PERMANENTLY', SYSTEM_ACTOR, t)
    else fulfilArchive(w, r, t)
  })
}

/** Starts the simulated lifecycle of a new order. */
export function startLifecycle(world: World, orderId: string, from = world.now()): void {
  schedulePlacing(world, orderId, from + TIMINGS.beginPlacement * 1000, 'CREATED', 1)
}

/**
 * Carries a seeded order on from the status it was seeded in, as a new order in that status would go on:
 * its next step falls due within that step's duration after `from` (the seed's clock), at a point derived
 * from the id, as if the step had begun a while before. Tasking orders past placement are the tasking area's.
 */
function resumeLifecycle(world: World, record: OrderRecord, from = world.now()): void {
  const id = record.order.id
  // A quarter to all of the step's duration is left: never due at the seed's instant itself.
  const left = (seconds: number) =>
    from + Math.round(seconds * 1000 * (0.25 + (hashString(`resume:${id}`) % 750) / 1000))
  switch (record.order.status) {
    case 'CREATED':
      return schedulePlacing(world, id, left(TIMINGS.beginPlacement), 'CREATED', 1)
    case 'PLACEMENT_FAILED':
      return schedulePlacing(world, id, left(TIMINGS.retryPlacement), 'PLACEMENT_FAILED', 2)
    case 'BEING_PLACED':
      return schedulePlacement(world, id, left(TIMINGS.placement), 1)
    case 'PLACED':
      if (record.order.type === 'ARCHIVE') scheduleFulfilment(world, id, left(TIMINGS.beginFulfilment))
      return
    case 'BEING_FULFILLED':
      if (record.order.type === 'ARCHIVE') scheduleDelivery(world, id, left(TIMINGS.fulfilment))
      return
    default:
      return
  }
}

/** Delivers an archive order to storage and captures its held credits. */
export function fulfilArchive(world: World, record: OrderRecord, at = world.now()): void {
  deliverArchive(world, record, at)
  const account = world.accounts.get(record.order.accountId)
  if (account) {
    captureCredits(world, account, record.heldCredits, record.order.budgetId, { orderId: record.order.id })
    record.heldCredits = 0
  }
  setStatus(world, record, 'FULFILLED', SYSTEM_ACTOR, at)
}

function deliverArchive(world: World, record: OrderRecord, at: number): void {
  const imageId = typeof record.params.id === 'string' ? record.params.id : undefined
  const scene = imageId ? world.scenesById.get(imageId) : undefined
  const aoi = record.geometry.type === 'Point' ? undefined : record.geometry
  if (!aoi) return
  let geometry: Area2D = aoi
  if (scene) {
    // Whole-scene products deliver the scene; the others deliver the ordered part of it.
    if (ARCHIVE_PRICES[record.collectionName]?.unit === 'SCENE') geometry = scene.feature.geometry
    else {
      try {
        geometry = clipToFootprint(aoi, scene.feature.geometry) ?? aoi
      } catch {
        geometry = aoi
      }
    }
  }
  const props = scene?.feature.properties
  createDelivery(world, {
    accountId: record.order.accountId,
    workspaceId: record.order.workspaceId,
    source: 'ARCHIVE',
    title: record.order.displayName,
    description: `Archive order ${record.order.id}${imageId ? ` of scene ${imageId}` : ''}.`,
    geometry,
    datetime: scene?.time ?? at,
    orderId: record.order.id,
    productId: record.order.dataProductId,
    collectionName: record.collectionName,
    constellation: props?.constellation,
    gsd: props?.resolution,
    cloudCover: props?.cloudCoverage ?? null,
    tags: record.order.tags,
  })
}

/** Cancels an order if its status allows it; false otherwise. */
export function cancelOrder(world: World, record: OrderRecord, actor: S['Actor']): boolean {
  if (record.order.status !== 'CREATED' && record.order.status !== 'PLACEMENT_FAILED') return false
  setStatus(world, record, 'CANCELED', actor)
  return true
}

// ----------------------------------------------------------------------------------------------- create

export interface NewOrder {
  account: Account
  workspaceId: string
  actor: S['Actor']
  collection: S['Collection']
  product: S['DataProduct']
  displayName: string
  tags: string[]
  budgetId: string | null
  params: Record<string, unknown>
  priced: PricedFeature
  scene?: Scene
  at: number
  id: string
}

/** Builds an order record (not stored). Shared by the create endpoint and the seed. */
export function buildOrder(
  n: NewOrder,
  status: OrderStatus = 'CREATED',
  subStatus?: OrderSubStatus,
): OrderRecord {
  const type = n.collection.type
  const when = new Date(n.at).toISOString()
  let orderDetails: S['Order']['orderDetails']
  if (type === 'ARCHIVE') {
    orderDetails = { aoi: n.priced.geometry, imageId: String(n.params.id) }
  } else {
    const p = n.params
    orderDetails = {
      ...p,
      acquisitionStart: String(p.acquisitionStart),
      acquisitionEnd: String(p.acquisitionEnd),
      geometry: n.priced.geometry,
      subStatus: subStatus ?? initialSubStatus(n.collection),
      // The SDK reads these names; the form calls them cloudCoverage and incidenceAngle.
      ...(typeof p.cloudCoverage === 'number' ? { maxCloudCover: p.cloudCoverage } : {}),
      ...(typeof p.incidenceAngle === 'number' ? { maxIncidenceAngle: p.incidenceAngle } : {}),
    }
  }
  return {
    order: {
      id: n.id,
      displayName: n.displayName,
      status,
      type,
      workspaceId: n.workspaceId,
      accountId: n.account.id,
      dataProductId: n.product.id,
      budgetId: n.budgetId,
      tags: [...n.tags],
      createdAt: when,
      updatedAt: when,
      createdBy: { ...n.actor },
      updatedBy: { ...n.actor },
      orderDetails,
    },
    geometry: n.priced.geometry,
    credits: n.priced.credits,
    heldCredits: 0,
    params: { ...n.params },
    collectionName: n.collection.name,
  }
}

// ------------------------------------------------------------------------------------------------- seed

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

function bulkSpecs(rng: Rng, count: number): SeedSpec[] {
  const statuses: OrderStatus[] = [
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'FULFILLED',
    'CANCELED',
    'FAILED_PERMANENTLY',
    'PLACED',
    'BEING_FULFILLED',
  ]
  const out: SeedSpec[] = []
  for (let i = 0; i < count; i++) {
    // Archive only: seeded tasking orders get studies, quotations and deliveries from the tasking area,
    // which is far too much work for thousands of filler orders.
    const kind = 'ARCHIVE'
    const collections = ARCHIVE_COLLECTIONS
    const place = rng.pick(ORDER_PLACES)
    out.push({
      accountId: ids.enterpriseAccount,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      userId: ids.analyst,
      kind,
      collection: rng.pick(collections),
      status: rng.pick(statuses),
      budgetId: rng.pick([ids.budgetForest, ids.budgetUrban, undefined]),
      tags: rng.chance(0.5) ? [rng.pick(TAG_POOL)] : [],
      name: `${place.name} batch ${i + 1}`,
      place,
      daysAgo: rng.float(180, 720),
      bulk: true,
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
    specs.push(...bulkSpecs(rng, Math.max(0, 10_000 - enterprise)))
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

  const delivered: OrderRecord[] = []
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
      collection,
      product,
      account,
      scenesByCollection.get(collection.name) ?? [],
    )
    world.orders.set(record.order.id, record)
    if (spec.status === 'FULFILLED' && !spec.bulk) delivered.push(record)
    // In progress: on with the lifecycle from the seed's instant, as a new order in that status would.
    resumeLifecycle(world, record)
  }
  for (const record of delivered) deliverSeeded(world, record)
}

function seedRecord(
  rng: Rng,
  spec: SeedSpec,
  at: number,
  i: number,
  collection: S['Collection'],
  product: S['DataProduct'],
  account: Account,
  scenes: Scene[],
): OrderRecord {
  // The order's area lies where its name says (a name said "Rotterdam port" over Arizona once: the place
  // came from the spec's index before sorting, the area from the index after).
  const place = spec.place ?? ORDER_PLACES[i % ORDER_PLACES.length]
  let displayName = spec.name
  let scene: Scene | undefined
  let geometry: S['Polygon']
  let params: Record<string, unknown>
  if (spec.kind === 'ARCHIVE') {
    scene = scenes.length > 0 ? scenes[i % scenes.length] : undefined
    // A demo order names a place: take the first scene from here on that clusters around one (most do; a
    // scattered scene would only have coordinates for a name).
    for (let k = 0; !spec.bulk && k < Math.min(scenes.length, 200); k++) {
      const candidate = scenes[(i + k) % scenes.length]
      const at = centroid(toGj(candidate.feature.geometry)).geometry.coordinates
      if (!nearestPlaceName(at[0], at[1]).startsWith('Scene at ')) {
        scene = candidate
        break
      }
    }
    const c =
      scene && !spec.bulk
        ? centroid(toGj(scene.feature.geometry)).geometry.coordinates
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
  const subStatus = spec.kind === 'TASKING' ? seededSubStatus(collection, spec.status, i) : undefined
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

/** Valid form values for each tasking collection (they pass the order forms of order-forms.ts). */
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
