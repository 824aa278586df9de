import { captureCredits } from '../budgets/credits'
import { SYSTEM_ACTOR, setStatus } from './state'
import { hashString } from '../world/random'
import { createDelivery } from '../storage/stac'
import { startTaskingFlow } from '../tasking/flow'
import type { OrderRecord, S } from '../world/types'
import type { World } from '../world/world'
import { type OrderStatus } from './create'
import { ARCHIVE_PRICES, type Area2D, clipToFootprint } from './pricing'
import { findScene } from '../catalog/publishing'

/**
 * The simulated lifecycle of an order: placing (a first attempt may fail and be retried), then for archive
 * orders fulfilment and delivery to storage; tasking orders go on in the tasking flow once placed.
 */

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
    const fails = failsPlacement(orderId) || w.forcedPlacementFailures.has(orderId)
    if (r.order.type === 'ARCHIVE' && attempt === 1 && fails) {
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
  // The control plane asked for the next placements to fail (journeys need a failure they can count on).
  if (world.placementFailuresAhead > 0 && world.orders.get(orderId)?.order.type === 'ARCHIVE') {
    world.placementFailuresAhead--
    world.forcedPlacementFailures.add(orderId)
  }
  schedulePlacing(world, orderId, from + TIMINGS.beginPlacement * 1000, 'CREATED', 1)
}

/**
 * Carries a seeded order on from the status it was seeded in, as a new order in that status would go on:
 * its next step falls due within that step's duration after `from` (the seed's clock), at a point derived
 * from the id, as if the step had begun a while before. Tasking orders past placement are the tasking area's.
 */
export function resumeLifecycle(world: World, record: OrderRecord, from = world.now()): void {
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

export function deliverArchive(world: World, record: OrderRecord, at: number): void {
  const imageId = typeof record.params.id === 'string' ? record.params.id : undefined
  const scene = imageId ? findScene(world, imageId) : undefined
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
