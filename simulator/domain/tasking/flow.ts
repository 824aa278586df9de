import { iso } from '../world/clock'
import { aoiOf, areaKm2, bboxOfArea, deliveryStrips, rect, type AreaGeometry } from '../geometries/coverage'
import { captureCredits, holdCredits, releaseCredits } from '../budgets/credits'
import { setStatus, setSubStatus } from '../orders/state'
import { createRng, hashString, type Rng } from '../world/random'
import { createDelivery } from '../storage/stac'
import type { OrderRecord, S, TaskingFlow, User } from '../world/types'
import type { World } from '../world/world'
import {
  type AcquisitionWindow,
  type Actor,
  DAY_MS,
  DELIVERY_FRACTIONS,
  DELIVERY_INTERVAL_MS,
  HOUR_MS,
  QUOTATION_DELAY_MS,
  STUDY_DELAY_MS,
  SYSTEM,
  type SubStatus,
  difficultyOf,
  isWindow,
  parseWindow,
  priceFor,
  quotationRequired,
  sensorOf,
  studyRequired,
  userActor,
} from './rules'

/**
 * The tasking flow of a placed TASKING order, on the simulated clock: feasibility study (when needed) → option
 * chosen → quotation → decision → three deliveries 6 h apart (~40 %, ~75 %, 100 % of the AOI) → FULFILLED;
 * about one order in ten stalls at 75 % and ends FAILED_PERMANENTLY.
 */

export const collectionOf = (world: World, record: OrderRecord): S['Collection'] | undefined =>
  world.collections.find((c) => c.name === record.collectionName)

/** The order's tasking details, created from its params when the order has none yet. */
export function detailsOf(record: OrderRecord): S['TaskingOrderDetails'] {
  const d = record.order.orderDetails
  if (d && 'acquisitionStart' in d) return d
  const w = parseWindow(record.params)
  const window = isWindow(w)
    ? w
    : { start: Date.parse(record.order.createdAt), end: Date.parse(record.order.createdAt) + 14 * DAY_MS }
  const details: S['TaskingOrderDetails'] = {
    ...record.params,
    acquisitionStart: iso(window.start),
    acquisitionEnd: iso(window.end),
    geometry: record.geometry,
  }
  record.order.orderDetails = details
  return details
}

export function windowOf(world: World, record: OrderRecord): AcquisitionWindow {
  const d = detailsOf(record)
  const w = parseWindow(d)
  return isWindow(w) ? w : { start: world.now(), end: world.now() + 14 * DAY_MS }
}

export const stamp = (ms: number) => iso(ms)

/** Moves an order on through the orders area's setters, so `updatedAt`/`updatedBy` and held credits follow. */
export function move(
  world: World,
  record: OrderRecord,
  change: { status?: S['OrderStatus']; subStatus?: SubStatus },
  by: Actor = SYSTEM,
  at = world.now(),
): void {
  if (change.subStatus) {
    detailsOf(record)
    setSubStatus(world, record, change.subStatus, by, at)
  }
  if (change.status) setStatus(world, record, change.status, by, at)
}

const sameOrder = (world: World, orderId: string): OrderRecord | undefined => world.orders.get(orderId)
export const subStatusOf = (record: OrderRecord): SubStatus | undefined => detailsOf(record).subStatus

export function flowOf(world: World, record: OrderRecord): TaskingFlow {
  // Kept in the world: a reset builds a new world and so drops all flow state with it.
  let state = world.taskingFlows.get(record.order.id)
  if (!state) {
    state = { delivered: [] }
    world.taskingFlows.set(record.order.id, state)
  }
  return state
}

/** The footprints delivered so far for an order (empty when none). */
export function deliveredFootprints(world: World, orderId: string): AreaGeometry[] {
  return world.taskingFlows.get(orderId)?.delivered ?? []
}

/** About one order in ten stalls after its second delivery: derived from the id, so it is reproducible. */
export const stallsAt75 = (orderId: string): boolean => hashString(`tasking-stall:${orderId}`) % 10 === 0

/** Called by the orders area once a TASKING order is PLACED. */
export function startTaskingFlow(world: World, record: OrderRecord): void {
  const collection = collectionOf(world, record)
  if (!collection) return
  const window = windowOf(world, record)
  const account = world.accounts.get(record.order.accountId)
  if (quotationRequired(collection) && account && record.heldCredits > 0) {
    // Tasking is charged only when the quotation is accepted: nothing stays held meanwhile.
    releaseCredits(account, record.heldCredits)
    record.heldCredits = 0
  }
  if (studyRequired(collection, areaKm2(aoiOf(record.geometry)), window.end - window.start)) {
    move(world, record, { subStatus: 'FEASIBILITY_WAITING_UPLOAD' })
    scheduleStudy(world, record.order.id, world.now() + STUDY_DELAY_MS)
  } else if (quotationRequired(collection)) {
    move(world, record, { subStatus: 'QUOTATION_WAITING_UPLOAD' })
    scheduleQuotation(world, record.order.id, world.now() + QUOTATION_DELAY_MS)
  } else {
    // Fixed-price tasking: its estimate is held now, captured on fulfilment, released if it fails.
    if (record.heldCredits === 0 && record.credits > 0) {
      if (!account || !holdCredits(account, record.credits)) {
        move(world, record, { status: 'FAILED_PERMANENTLY' })
        return
      }
      record.heldCredits = record.credits
    }
    beginFulfilment(world, record)
  }
}

// The scheduled steps take the world they run in (a copied world runs them on its own records, see
// `WorldEvent`): the parameter shadows the scheduling world on purpose, and records are looked up by id.
export function scheduleStudy(world: World, orderId: string, at: number): void {
  world.schedule(at, (world) => {
    const record = sameOrder(world, orderId)
    if (!record || subStatusOf(record) !== 'FEASIBILITY_WAITING_UPLOAD') return
    const study = buildStudy(world, record, world.rng, at)
    world.studies.set(study.id, study)
    move(world, record, { subStatus: 'FEASIBILITY_WAITING_RESPONSE' }, SYSTEM, at)
  })
}

export function scheduleQuotation(world: World, orderId: string, at: number): void {
  world.schedule(at, (world) => {
    const record = sameOrder(world, orderId)
    if (!record || subStatusOf(record) !== 'QUOTATION_WAITING_UPLOAD') return
    const quotation = buildQuotation(world, record, world.rng.uuid(), at)
    world.quotations.set(quotation.id, quotation)
    move(world, record, { subStatus: 'QUOTATION_WAITING_RESPONSE' }, SYSTEM, at)
  })
}

function addDays(ms: number, days: number): number {
  return ms + days * DAY_MS
}

/**
 * A study with 2–3 options. Orders that are HARD in their own terms get only alternate-parameter options
 * (paramType ALTERNATE); the others also get their original window (paramType ORIGINAL).
 */
export function buildStudy(
  world: World,
  record: OrderRecord,
  rng: Rng,
  at: number,
  optionCount?: 2 | 3,
): S['FeasibilityStudy'] {
  const window = windowOf(world, record)
  const sqKm = areaKm2(aoiOf(record.geometry))
  const span = window.end - window.start
  const difficulty = difficultyOf(sqKm, span)
  const alternate = difficulty === 'HARD'
  const studyId = rng.uuid()
  const [w, s, e, n] = bboxOfArea(aoiOf(record.geometry))
  const footprint = rect(w, s, e, n)
  const price = (start: number, end: number, factor = 1) =>
    Math.round((priceFor(record.collectionName, sqKm, end - start, record.params) * factor) / 10) * 10
  const extend = 14 + rng.int(0, 1) * 7
  const candidates = [
    ...(alternate
      ? []
      : [
          {
            description: 'Option 1: Acquire within the requested window',
            start: window.start,
            end: window.end,
            factor: 1,
          },
        ]),
    {
      description: `Option ${alternate ? 1 : 2}: Extend the acquisition window by ${extend} days`,
      start: window.start,
      end: addDays(window.end, extend),
      factor: 1,
    },
    {
      description: `Option ${alternate ? 2 : 3}: Accept incidence angles up to 40° and a 30-day window`,
      start: window.start,
      end: Math.max(window.end, addDays(window.start, 30)),
      factor: 0.9,
    },
    ...(alternate
      ? [
          {
            description: 'Option 3: Split the area over two acquisition windows of 21 days',
            start: window.start,
            end: addDays(window.start, 42),
            factor: 1.1,
          },
        ]
      : []),
  ]
  const count = optionCount ?? (rng.chance(0.5) ? 3 : 2)
  const created = stamp(at)
  const options: S['FeasibilityOption'][] = candidates.slice(0, count).map((c) => ({
    id: rng.uuid(),
    createdAt: created,
    updatedAt: created,
    studyId,
    description: c.description,
    acquisitionStart: iso(c.start),
    acquisitionEnd: iso(c.end),
    footprint,
    estimatedCredits: price(c.start, c.end, c.factor),
  }))
  return {
    id: studyId,
    createdAt: created,
    updatedAt: created,
    accountId: record.order.accountId,
    workspaceId: record.order.workspaceId,
    orderId: record.order.id,
    type: 'MANUAL',
    options,
    decision: 'NOT_DECIDED',
    decisionById: null,
    decisionByType: null,
    decisionAt: null,
    decisionOption: null,
    difficulty,
    paramType: alternate ? 'ALTERNATE' : 'ORIGINAL',
    comment: null,
  }
}

/** The price: that of the chosen study option when there was a study, otherwise from area and window. */
export function buildQuotation(world: World, record: OrderRecord, id: string, at: number): S['Quotation'] {
  const study = [...world.studies.values()].find(
    (s) => s.orderId === record.order.id && s.decision === 'ACCEPTED',
  )
  const window = windowOf(world, record)
  const creditsPrice =
    study?.decisionOption?.estimatedCredits ??
    priceFor(record.collectionName, areaKm2(aoiOf(record.geometry)), window.end - window.start, record.params)
  return {
    id,
    createdAt: stamp(at),
    updatedAt: stamp(at),
    decision: 'NOT_DECIDED',
    decisionAt: null,
    decisionById: null,
    decisionByType: null,
    accountId: record.order.accountId,
    workspaceId: record.order.workspaceId,
    orderId: record.order.id,
    creditsPrice,
  }
}

/** Applies an option choice (the caller checked the decision and the option). */
export function acceptOption(
  world: World,
  study: S['FeasibilityStudy'],
  option: S['FeasibilityOption'],
  user: User,
): void {
  const now = stamp(world.now())
  study.decision = 'ACCEPTED'
  study.decisionOption = option
  study.decisionAt = now
  study.decisionById = user.id
  study.decisionByType = 'USER'
  study.updatedAt = now
  const record = sameOrder(world, study.orderId)
  if (!record) return
  // The chosen option's window becomes the order's acquisition window.
  const details = detailsOf(record)
  if (option.acquisitionStart) details.acquisitionStart = option.acquisitionStart
  if (option.acquisitionEnd) details.acquisitionEnd = option.acquisitionEnd
  move(world, record, { subStatus: 'QUOTATION_WAITING_UPLOAD' }, userActor(user))
  scheduleQuotation(world, record.order.id, world.now() + QUOTATION_DELAY_MS)
}

/** Applies a quotation decision (the caller checked the decision, the budget and charged the credits). */
export function applyQuotationDecision(
  world: World,
  quotation: S['Quotation'],
  record: OrderRecord,
  decision: 'ACCEPTED' | 'REJECTED',
  user: User,
): void {
  const now = stamp(world.now())
  quotation.decision = decision
  quotation.decisionAt = now
  quotation.decisionById = user.id
  quotation.decisionByType = 'USER'
  quotation.updatedAt = now
  if (decision === 'REJECTED') {
    move(world, record, { status: 'FAILED_PERMANENTLY', subStatus: 'QUOTATION_REJECTED' }, userActor(user))
    return
  }
  move(world, record, { subStatus: 'QUOTATION_ACCEPTED' }, userActor(user))
  beginFulfilment(world, record, userActor(user))
}

function beginFulfilment(world: World, record: OrderRecord, by: Actor = SYSTEM): void {
  move(world, record, { status: 'BEING_FULFILLED' }, by)
  flowOf(world, record)
  scheduleDelivery(world, record.order.id, 0, world.now() + DELIVERY_INTERVAL_MS)
}

export function scheduleDelivery(world: World, orderId: string, index: number, at: number): void {
  world.schedule(at, (world) => {
    const record = sameOrder(world, orderId)
    if (!record || record.order.status !== 'BEING_FULFILLED') return
    const state = flowOf(world, record)
    // Chained from the due time, not from when the clock was settled: a long jump keeps the 6 h rhythm.
    if (index === DELIVERY_FRACTIONS.length - 1 && stallsAt75(orderId)) {
      finish(world, record, 'FAILED_PERMANENTLY', at)
      return
    }
    deliverStrip(world, record, state, index, at)
    if (index + 1 < DELIVERY_FRACTIONS.length)
      scheduleDelivery(world, orderId, index + 1, at + DELIVERY_INTERVAL_MS)
    else finish(world, record, 'FULFILLED', at)
  })
}

export function deliverStrip(
  world: World,
  record: OrderRecord,
  state: TaskingFlow,
  index: number,
  at: number,
): void {
  state.strips ??= deliveryStrips(record.geometry, DELIVERY_FRACTIONS)
  const strip = state.strips[index]
  const sensor = sensorOf(record.collectionName)
  const rng = createRng(`tasking-delivery:${record.order.id}:${index}`)
  createDelivery(world, {
    accountId: record.order.accountId,
    workspaceId: record.order.workspaceId,
    source: 'TASKING',
    title: `${record.order.displayName} – acquisition ${index + 1}`,
    description: `Tasked ${sensor.constellation} acquisition ${index + 1} of ${DELIVERY_FRACTIONS.length} for order ${record.order.id}.`,
    geometry: strip,
    // Acquired some hours before it is delivered.
    datetime: at - rng.int(2, 5) * HOUR_MS,
    orderId: record.order.id,
    productId: record.order.dataProductId,
    collectionName: record.collectionName,
    constellation: sensor.constellation,
    gsd: sensor.gsd,
    cloudCover: sensor.optical ? Math.round(rng.float(0, 12) * 10) / 10 : null,
    tags: record.order.tags,
  })
  state.delivered.push(strip)
  record.order.updatedAt = stamp(at)
  record.order.updatedBy = { ...SYSTEM }
}

function finish(
  world: World,
  record: OrderRecord,
  status: 'FULFILLED' | 'FAILED_PERMANENTLY',
  at: number,
): void {
  const account = world.accounts.get(record.order.accountId)
  // Only orders without a quotation (fixed price) come here with held credits.
  if (account && record.heldCredits > 0) {
    if (status === 'FULFILLED')
      captureCredits(world, account, record.heldCredits, record.order.budgetId, { orderId: record.order.id })
    else releaseCredits(account, record.heldCredits)
    record.heldCredits = 0
  }
  move(world, record, { status }, SYSTEM, at)
}
