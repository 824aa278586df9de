import { iso } from './clock'
import {
  aoiOf,
  areaKm2,
  bboxOfArea,
  deliveryStrips,
  rect,
  rectAround,
  type AnyGeometry,
  type AreaGeometry,
} from './coverage'
import { captureCredits, holdCredits, releaseCredits } from './credits'
import { PRIORITY_FACTORS, setStatus, setSubStatus, TASKING_RATES } from './order-state'
import { createRng, hashString, uuidFrom, type Rng } from './random'
import { ids, SEED_EPOCH } from './seed-constants'
import { dataProductId } from './seed-glossary'
import { createDelivery } from './stac'
import type { OrderRecord, S, TaskingFlow, User } from './types'
import type { World } from './world'

/**
 * The tasking flow of a placed TASKING order, on the simulated clock:
 * feasibility study (when needed) → option chosen → quotation → decision → three deliveries 6 h apart
 * (~40 %, ~75 %, 100 % of the AOI) → FULFILLED; about one order in ten stalls at 75 % and ends
 * FAILED_PERMANENTLY. Also the rules the tasking endpoints share with the flow (study needed, difficulty,
 * price), and the tasking part of the seed.
 */

export const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
export const STUDY_DELAY_MS = 2 * HOUR_MS
export const QUOTATION_DELAY_MS = 1 * HOUR_MS
export const DELIVERY_INTERVAL_MS = 6 * HOUR_MS
/** Cumulative share of the AOI after each delivery. */
export const DELIVERY_FRACTIONS = [0.4, 0.75, 1] as const

type SubStatus = S['OrderSubStatus']
type Difficulty = S['FeasibilityDifficulty']
type Actor = S['Actor']
const SYSTEM: Actor = { id: 'system', type: 'INTERNAL' }
export const userActor = (user: User): Actor => ({ id: user.id, type: 'USER' })

// ---------------------------------------------------------------------------------------------- rules

export interface AcquisitionWindow {
  start: number
  end: number
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i

/** The acquisition window of order params, or the field error that makes it unusable. */
export function parseWindow(
  params: Record<string, unknown> | undefined,
): AcquisitionWindow | S['ProblemFieldError'] {
  const read = (name: 'acquisitionStart' | 'acquisitionEnd'): number | S['ProblemFieldError'] => {
    const v = params?.[name]
    if (v === undefined || v === null)
      return { name: `params.${name}`, reason: 'is required (an RFC 3339 date-time)' }
    const t = typeof v === 'string' && DATE_TIME.test(v) ? Date.parse(v) : NaN
    return Number.isFinite(t) ? t : { name: `params.${name}`, reason: 'must be an RFC 3339 date-time' }
  }
  const start = read('acquisitionStart')
  if (typeof start !== 'number') return start
  const end = read('acquisitionEnd')
  if (typeof end !== 'number') return end
  if (end <= start) return { name: 'params.acquisitionEnd', reason: 'must be after acquisitionStart' }
  return { start, end }
}

export const isWindow = (w: AcquisitionWindow | S['ProblemFieldError']): w is AcquisitionWindow =>
  'start' in w

/** The rule of POST /v2/tasking/orders/feasibility, also used by the flow. */
export function studyRequired(collection: S['Collection'], aoiSqKm: number, windowMs: number): boolean {
  if (collection.integrations.includes('FEASIBILITY_STUDY_REQUIRED')) return true
  if (collection.integrations.includes('FEASIBILITY_STUDY_MAY_BE_REQUIRED'))
    return aoiSqKm > 100 || windowMs < 7 * DAY_MS
  return false
}

export const quotationRequired = (collection: S['Collection']): boolean =>
  collection.integrations.includes('QUOTATION_REQUIRED')

/** Larger areas and shorter windows are harder to acquire: two points each, summed. */
export function difficultyOf(aoiSqKm: number, windowMs: number): Difficulty {
  const areaScore = aoiSqKm > 100 ? 2 : aoiSqKm > 25 ? 1 : 0
  const windowScore = windowMs < 7 * DAY_MS ? 2 : windowMs < 14 * DAY_MS ? 1 : 0
  const score = areaScore + windowScore
  return score === 0 ? 'EASY' : score <= 2 ? 'MEDIUM' : 'HARD'
}

/** Smallest area a provider tasks, km²: smaller AOIs are quoted at this size. */
const MIN_QUOTED_SQ_KM: Record<string, number> = {
  'phr-tasking': 100,
  'pneo-tasking': 100,
  'capella-tasking': 25,
}

/**
 * Quoted credits: the orders area's tasking rate and priority factor (as in the estimate), applied to at
 * least the provider's minimum area, and half as much again for a rush window under 7 days.
 */
export function priceFor(
  collectionName: string,
  aoiSqKm: number,
  windowMs: number,
  params: Record<string, unknown> = {},
): number {
  const rate = TASKING_RATES[collectionName] ?? 20
  const priority = typeof params.priority === 'string' ? (PRIORITY_FACTORS[params.priority] ?? 1) : 1
  const billed = Math.max(aoiSqKm, MIN_QUOTED_SQ_KM[collectionName] ?? 25)
  const rush = windowMs < 7 * DAY_MS ? 1.5 : 1
  return Math.round((billed * rate * priority * rush) / 10) * 10
}

interface SensorInfo {
  constellation: string
  gsd: number
  optical: boolean
}
const SENSORS: Record<string, SensorInfo> = {
  'phr-tasking': { constellation: 'Pléiades', gsd: 0.5, optical: true },
  'pneo-tasking': { constellation: 'Pléiades Neo', gsd: 0.3, optical: true },
  'capella-tasking': { constellation: 'Capella', gsd: 0.5, optical: false },
  'blacksky-tasking': { constellation: 'BlackSky', gsd: 0.9, optical: true },
}
const sensorOf = (collectionName: string): SensorInfo =>
  SENSORS[collectionName] ?? { constellation: collectionName, gsd: 1, optical: true }

// ------------------------------------------------------------------------------------- order helpers

export const collectionOf = (world: World, record: OrderRecord): S['Collection'] | undefined =>
  world.collections.find((c) => c.name === record.collectionName)

/** The order's tasking details, created from its params when the order has none yet. */
function detailsOf(record: OrderRecord): S['TaskingOrderDetails'] {
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

const stamp = (ms: number) => iso(ms)

/** Moves an order on through the orders area's setters, so `updatedAt`/`updatedBy` and held credits follow. */
function move(
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
const subStatusOf = (record: OrderRecord): SubStatus | undefined => detailsOf(record).subStatus

// ------------------------------------------------------------------------------------------- state

function flowOf(world: World, record: OrderRecord): TaskingFlow {
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

// -------------------------------------------------------------------------------------------- flow

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
function scheduleStudy(world: World, orderId: string, at: number): void {
  world.schedule(at, (world) => {
    const record = sameOrder(world, orderId)
    if (!record || subStatusOf(record) !== 'FEASIBILITY_WAITING_UPLOAD') return
    const study = buildStudy(world, record, world.rng, at)
    world.studies.set(study.id, study)
    move(world, record, { subStatus: 'FEASIBILITY_WAITING_RESPONSE' }, SYSTEM, at)
  })
}

function scheduleQuotation(world: World, orderId: string, at: number): void {
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
function buildStudy(
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
function buildQuotation(world: World, record: OrderRecord, id: string, at: number): S['Quotation'] {
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

function scheduleDelivery(world: World, orderId: string, index: number, at: number): void {
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

function deliverStrip(
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

// -------------------------------------------------------------------------------------------- seed

/**
 * Gives the seeded TASKING orders their studies, quotations and deliveries as their sub-status says, and
 * schedules what is pending. Then adds orders of its own for every situation the console must be able to
 * show that the orders seed does not already provide.
 */
export function seedTasking(world: World): void {
  const now = world.now()
  const earlier = existingDeliveries(world)
  const existing = [...world.orders.values()].filter((r) => r.order.type === 'TASKING')
  for (const record of existing) adopt(world, record, now, earlier)
  for (const scenario of SCENARIOS) {
    if (scenario.present(world)) continue
    const record = scenarioOrder(scenario)
    world.orders.set(record.order.id, record)
    adopt(world, record, now, earlier, scenario.options)
  }
}

/**
 * Orders older than this keep their decisions but get no deliveries of their own: they are the bulk history
 * of the large seed, which the orders seed also leaves without deliveries, and would cost seconds to build.
 */
const HISTORY_MS = 180 * DAY_MS

const seedRng = (record: OrderRecord, what: string): Rng =>
  createRng(`tasking-seed:${what}:${record.order.id}`)

function adopt(
  world: World,
  record: OrderRecord,
  now: number,
  earlier: Map<string, AreaGeometry[]>,
  optionCount?: 2 | 3,
): void {
  const status = record.order.status
  if (
    status === 'CREATED' ||
    status === 'BEING_PLACED' ||
    status === 'PLACEMENT_FAILED' ||
    status === 'CANCELED'
  )
    return
  const collection = collectionOf(world, record)
  if (!collection) return
  const window = windowOf(world, record)
  const needsStudy = studyRequired(collection, areaKm2(aoiOf(record.geometry)), window.end - window.start)
  const sub = subStatusOf(record)
  const t0 = Date.parse(record.order.createdAt)
  // The history of a seeded order: placed, study 2 h later, option chosen, quotation, decision.
  const at = (hours: number) => Math.min(t0 + hours * HOUR_MS, now)
  const analyst =
    world.users.find((u) => u.accountId === record.order.accountId && u.role === 'ADMIN') ?? world.users[0]

  const decidedStudy = () => {
    if (!needsStudy) return
    const study = buildStudy(world, record, seedRng(record, 'study'), at(2), optionCount)
    const option = study.options?.[study.options.length > 2 ? 1 : 0]
    if (!option) return
    Object.assign(study, {
      decision: 'ACCEPTED',
      decisionOption: option,
      decisionAt: stamp(at(5)),
      decisionById: analyst.id,
      decisionByType: 'USER',
      updatedAt: stamp(at(5)),
    })
    const details = detailsOf(record)
    if (option.acquisitionStart) details.acquisitionStart = option.acquisitionStart
    if (option.acquisitionEnd) details.acquisitionEnd = option.acquisitionEnd
    world.studies.set(study.id, study)
  }
  const quotation = (decision: S['Decision']) => {
    if (!quotationRequired(collection)) return
    const q = buildQuotation(world, record, uuidFrom(`tasking-seed:quotation:${record.order.id}`), at(6))
    if (decision !== 'NOT_DECIDED')
      Object.assign(q, {
        decision,
        decisionAt: stamp(at(8)),
        decisionById: analyst.id,
        decisionByType: 'USER',
        updatedAt: stamp(at(8)),
      })
    world.quotations.set(q.id, q)
  }
  const deliveries = (count: number, pendingNext: boolean) => {
    // The orders seed already delivered some orders (whole AOI at once): take those over, add none.
    const before = earlier.get(record.order.id)
    if (before) {
      flowOf(world, record).delivered.push(...before)
      return
    }
    if (t0 < SEED_EPOCH - HISTORY_MS) return
    const state = flowOf(world, record)
    for (let i = 0; i < count; i++) deliverStrip(world, record, state, i, at(14 + 6 * i))
    if (pendingNext)
      scheduleDelivery(world, record.order.id, count, now + seedRng(record, 'next').int(1, 5) * HOUR_MS)
  }
  const fulfilment = () => {
    if (status === 'FULFILLED') deliveries(DELIVERY_FRACTIONS.length, false)
    else if (status === 'FAILED_PERMANENTLY') deliveries(2, false)
    else if (status === 'BEING_FULFILLED') deliveries(1, true)
    else {
      move(world, record, { status: 'BEING_FULFILLED' }, SYSTEM, at(8))
      deliveries(0, true)
    }
  }

  switch (sub) {
    case undefined:
      if (status === 'PLACED') startTaskingFlow(world, record)
      else fulfilment()
      break
    case 'FEASIBILITY_WAITING_UPLOAD':
      scheduleStudy(world, record.order.id, now + seedRng(record, 'upload').int(30, 110) * 60_000)
      break
    case 'FEASIBILITY_WAITING_RESPONSE': {
      const study = buildStudy(world, record, seedRng(record, 'study'), at(2), optionCount)
      world.studies.set(study.id, study)
      break
    }
    case 'QUOTATION_WAITING_UPLOAD':
      decidedStudy()
      scheduleQuotation(world, record.order.id, now + seedRng(record, 'upload').int(20, 50) * 60_000)
      break
    case 'QUOTATION_WAITING_RESPONSE':
      decidedStudy()
      quotation('NOT_DECIDED')
      break
    case 'QUOTATION_ACCEPTED':
      decidedStudy()
      quotation('ACCEPTED')
      fulfilment()
      break
    case 'QUOTATION_REJECTED':
      decidedStudy()
      quotation('REJECTED')
      if (status !== 'FAILED_PERMANENTLY')
        move(world, record, { status: 'FAILED_PERMANENTLY' }, SYSTEM, at(8))
      break
  }
}

/** Footprints of the TASKING deliveries already in storage, by order (transformed collections' items). */
function existingDeliveries(world: World): Map<string, AreaGeometry[]> {
  const out = new Map<string, AreaGeometry[]>()
  for (const c of world.stacCollections.values()) {
    if (!c.orderId || c.source !== 'TASKING' || !c.transformed) continue
    for (const itemId of c.itemIds) {
      const g = world.stacItems.get(itemId)?.item.geometry
      if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue
      const list = out.get(c.orderId) ?? []
      list.push(g)
      out.set(c.orderId, list)
    }
  }
  return out
}

interface Scenario {
  key: string
  account: 'enterprise' | 'starter'
  displayName: string
  collection: string
  product: string
  centre: [number, number]
  sizeKm: [number, number]
  windowDays: number
  daysAgo: number
  status: S['OrderStatus']
  subStatus: SubStatus
  options?: 2 | 3
  present: (world: World) => boolean
}

const enterprise = (world: World) => world.accounts.get(ids.enterpriseAccount)
const taskingOf = (world: World, accountId: string) =>
  [...world.orders.values()].filter((r) => r.order.type === 'TASKING' && r.order.accountId === accountId)
const hasOrder = (world: World, pred: (r: OrderRecord) => boolean) =>
  taskingOf(world, ids.enterpriseAccount).some(pred)
const subOf = (r: OrderRecord) => {
  const d = r.order.orderDetails
  return d && 'subStatus' in d ? d.subStatus : undefined
}
const quotationsOf = (world: World, accountId: string) =>
  [...world.quotations.values()].filter((q) => q.accountId === accountId)
const balance = (world: World) => enterprise(world)?.creditBalance ?? 0

const SCENARIOS: Scenario[] = [
  {
    key: 'feasibility-upload',
    account: 'enterprise',
    displayName: 'Lyon logistics hub – Neo tasking',
    collection: 'pneo-tasking',
    product: 'pneo-tasking-display',
    centre: [4.93, 45.73],
    sizeKm: [12, 10],
    windowDays: 30,
    daysAgo: 0.3,
    status: 'PLACED',
    subStatus: 'FEASIBILITY_WAITING_UPLOAD',
    present: (w) => hasOrder(w, (r) => subOf(r) === 'FEASIBILITY_WAITING_UPLOAD'),
  },
  {
    key: 'feasibility-response',
    account: 'enterprise',
    displayName: 'Port of Rotterdam – Neo tasking',
    collection: 'pneo-tasking',
    product: 'pneo-tasking-display',
    centre: [4.05, 51.95],
    sizeKm: [10, 8],
    windowDays: 21,
    daysAgo: 1,
    status: 'PLACED',
    subStatus: 'FEASIBILITY_WAITING_RESPONSE',
    options: 3,
    present: (w) =>
      [...w.studies.values()].some(
        (s) =>
          s.accountId === ids.enterpriseAccount && s.decision === 'NOT_DECIDED' && s.options?.length === 3,
      ),
  },
  {
    key: 'quotation-affordable',
    account: 'enterprise',
    displayName: 'Camargue wetlands – Pléiades tasking',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    centre: [4.6, 43.5],
    sizeKm: [15, 10],
    windowDays: 30,
    daysAgo: 2,
    status: 'PLACED',
    subStatus: 'QUOTATION_WAITING_RESPONSE',
    present: (w) =>
      quotationsOf(w, ids.enterpriseAccount).some(
        (q) => q.decision === 'NOT_DECIDED' && q.creditsPrice <= balance(w),
      ),
  },
  {
    key: 'quotation-expensive',
    account: 'enterprise',
    displayName: 'Nile delta survey – Neo tasking',
    collection: 'pneo-tasking',
    product: 'pneo-tasking-display',
    centre: [31.2, 30.9],
    sizeKm: [95, 95],
    windowDays: 30,
    daysAgo: 3,
    status: 'PLACED',
    subStatus: 'QUOTATION_WAITING_RESPONSE',
    present: (w) =>
      quotationsOf(w, ids.enterpriseAccount).some(
        (q) => q.decision === 'NOT_DECIDED' && q.creditsPrice > balance(w),
      ),
  },
  {
    key: 'study-decided',
    account: 'enterprise',
    displayName: 'Alpine glacier – Pléiades tasking',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    centre: [7.98, 46.5],
    sizeKm: [14, 9],
    windowDays: 45,
    daysAgo: 4,
    status: 'PLACED',
    subStatus: 'QUOTATION_WAITING_RESPONSE',
    present: (w) =>
      [...w.studies.values()].some((s) => s.accountId === ids.enterpriseAccount && s.decision === 'ACCEPTED'),
  },
  {
    key: 'quotation-upload',
    account: 'enterprise',
    displayName: 'Antwerp night pass – Capella tasking',
    collection: 'capella-tasking',
    product: 'capella-tasking-spotlight',
    centre: [4.4, 51.26],
    sizeKm: [5, 5],
    windowDays: 14,
    daysAgo: 0.2,
    status: 'PLACED',
    subStatus: 'QUOTATION_WAITING_UPLOAD',
    present: (w) => hasOrder(w, (r) => subOf(r) === 'QUOTATION_WAITING_UPLOAD'),
  },
  {
    key: 'being-fulfilled',
    account: 'enterprise',
    displayName: 'Garonne floodplain – Pléiades tasking',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    centre: [0.3, 44.45],
    sizeKm: [9, 8],
    windowDays: 30,
    daysAgo: 5,
    status: 'BEING_FULFILLED',
    subStatus: 'QUOTATION_ACCEPTED',
    present: (w) =>
      hasOrder(
        w,
        (r) => r.order.status === 'BEING_FULFILLED' && deliveredFootprints(w, r.order.id).length > 0,
      ),
  },
  {
    key: 'fulfilled',
    account: 'enterprise',
    displayName: 'Hamburg harbour – Neo tasking',
    collection: 'pneo-tasking',
    product: 'pneo-tasking-display',
    centre: [9.95, 53.53],
    sizeKm: [8, 6],
    windowDays: 20,
    daysAgo: 12,
    status: 'FULFILLED',
    subStatus: 'QUOTATION_ACCEPTED',
    present: (w) =>
      hasOrder(w, (r) => r.order.status === 'FULFILLED' && deliveredFootprints(w, r.order.id).length > 0),
  },
  {
    key: 'rejected',
    account: 'enterprise',
    displayName: 'Baltic shipping lane – Capella tasking',
    collection: 'capella-tasking',
    product: 'capella-tasking-spotlight',
    centre: [19.5, 55.8],
    sizeKm: [10, 10],
    windowDays: 14,
    daysAgo: 9,
    status: 'FAILED_PERMANENTLY',
    subStatus: 'QUOTATION_REJECTED',
    present: (w) => quotationsOf(w, ids.enterpriseAccount).some((q) => q.decision === 'REJECTED'),
  },
  {
    key: 'starter-quotation',
    account: 'starter',
    displayName: 'Vineyard parcels – Pléiades tasking',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    centre: [-0.58, 44.85],
    sizeKm: [8, 8],
    windowDays: 21,
    daysAgo: 1.5,
    status: 'PLACED',
    subStatus: 'QUOTATION_WAITING_RESPONSE',
    present: (w) => quotationsOf(w, ids.starterAccount).length > 0,
  },
]

function scenarioOrder(s: Scenario): OrderRecord {
  const accountId = s.account === 'enterprise' ? ids.enterpriseAccount : ids.starterAccount
  const workspaceId = s.account === 'enterprise' ? ids.mainWorkspace : ids.starterWorkspace
  const userId = s.account === 'enterprise' ? ids.analyst : ids.starter
  const created = SEED_EPOCH + 9 * HOUR_MS - s.daysAgo * DAY_MS
  const start = created + DAY_MS
  const geometry = rectAround(s.centre[0], s.centre[1], s.sizeKm[0], s.sizeKm[1])
  const params = {
    acquisitionStart: iso(start),
    acquisitionEnd: iso(start + s.windowDays * DAY_MS),
    acquisitionMode: 'mono',
    maxCloudCover: 20,
    maxIncidenceAngle: 30,
  }
  const id = uuidFrom(`tasking-seed:order:${s.key}`)
  const sqKm = areaKm2(geometry)
  return {
    order: {
      id,
      displayName: s.displayName,
      status: s.status,
      type: 'TASKING',
      workspaceId,
      accountId,
      dataProductId: dataProductId(s.collection, s.product),
      budgetId: null,
      tags: ['tasking', s.collection],
      createdAt: iso(created),
      updatedAt: iso(created),
      createdBy: { id: userId, type: 'USER' },
      updatedBy: { id: userId, type: 'USER' },
      orderDetails: { ...params, geometry, subStatus: s.subStatus },
    },
    geometry,
    credits: priceFor(s.collection, sqKm, s.windowDays * DAY_MS, params),
    heldCredits: 0,
    params,
    collectionName: s.collection,
  }
}

// ----------------------------------------------------------------------------------- opportunities

interface PassPlan {
  constellation: string
  satellites: readonly string[]
  /** Local solar hour of the passes for sun-synchronous orbits; null: any time between 08 and 16 h. */
  localHour: number | null
  swathKm: number
  lengthKm: number
  maxOffNadir: number
}

/** Constellations whose provider publishes passes. Capella (radar) does not: opportunities answer 501 there. */
const PASS_PLANS: Record<string, PassPlan> = {
  'phr-tasking': {
    constellation: 'Pléiades',
    satellites: ['PHR1A', 'PHR1B'],
    localHour: 10.5,
    swathKm: 20,
    lengthKm: 60,
    maxOffNadir: 30,
  },
  'pneo-tasking': {
    constellation: 'Pléiades Neo',
    satellites: ['PNEO3', 'PNEO4'],
    localHour: 10.5,
    swathKm: 14,
    lengthKm: 50,
    maxOffNadir: 35,
  },
  'blacksky-tasking': {
    constellation: 'BlackSky',
    satellites: ['BSG-103', 'BSG-108', 'BSG-115', 'BSG-121'],
    localHour: null,
    swathKm: 6,
    lengthKm: 20,
    maxOffNadir: 40,
  },
}

export const opportunitiesSupported = (collectionName: string): boolean => collectionName in PASS_PLANS

/** Longest acquisition window the opportunities endpoint looks into. */
export const MAX_OPPORTUNITY_WINDOW_DAYS = 90

const deg = (r: number) => (r * 180) / Math.PI
const rad = (d: number) => (d * Math.PI) / 180
const r1 = (v: number) => Math.round(v * 10) / 10

/** Sun elevation in degrees from latitude, day of year and local solar hour (simple declination model). */
export function sunElevation(lat: number, t: number, lon: number): number {
  const date = new Date(t)
  const dayOfYear = Math.floor((t - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1
  const declination = -23.44 * Math.cos(rad((360 / 365) * (dayOfYear + 10)))
  const solarHour = ((((t % DAY_MS) / HOUR_MS + lon / 15) % 24) + 24) % 24
  const hourAngle = (solarHour - 12) * 15
  const sinEl =
    Math.sin(rad(lat)) * Math.sin(rad(declination)) +
    Math.cos(rad(lat)) * Math.cos(rad(declination)) * Math.cos(rad(hourAngle))
  return deg(Math.asin(Math.max(-1, Math.min(1, sinEl))))
}

/** A strip of `widthKm` × `lengthKm` centred on a point, turned `headingDeg` from north. */
function strip(
  lon: number,
  lat: number,
  widthKm: number,
  lengthKm: number,
  headingDeg: number,
): S['Polygon'] {
  const kmPerDegLon = 111.32 * Math.max(0.05, Math.cos(rad(lat)))
  const h = rad(headingDeg)
  const corner = (across: number, along: number): number[] => {
    const east = across * Math.cos(h) + along * Math.sin(h)
    const north = -across * Math.sin(h) + along * Math.cos(h)
    return [
      Math.round((lon + east / kmPerDegLon) * 1e6) / 1e6,
      Math.round((lat + north / 111.32) * 1e6) / 1e6,
    ]
  }
  const [w, l] = [widthKm / 2, lengthKm / 2]
  const ring = [corner(-w, -l), corner(w, -l), corner(w, l), corner(-w, l)]
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] }
}

/**
 * The passes over one feature inside the window (and not in the past): a pure function of the collection,
 * the AOI's centre and the UTC day, so asking twice gives the same answer. 1–3 passes a day; optical passes
 * need the sun at least 10° up; `maxIncidenceAngle` (or `incidenceAngle`) in the params filters them.
 */
export function opportunitiesFor(
  collectionName: string,
  geometry: AnyGeometry,
  window: AcquisitionWindow,
  params: Record<string, unknown>,
  index: number,
  now: number,
): S['Opportunity'][] {
  const plan = PASS_PLANS[collectionName]
  if (!plan) return []
  const [w, s, e, n] = bboxOfArea(geometry)
  const [lon, lat] = [(w + e) / 2, (s + n) / 2]
  const halfWidthDeg = (e - w) / 2
  const limitRaw = params.maxIncidenceAngle ?? params.incidenceAngle
  const limit = typeof limitRaw === 'number' && Number.isFinite(limitRaw) ? limitRaw : Infinity
  const from = Math.max(window.start, now)
  const out: S['Opportunity'][] = []
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS <= window.end; day++) {
    const rng = createRng(`opportunities:${collectionName}:${day}:${lon.toFixed(2)}:${lat.toFixed(2)}`)
    const count = rng.int(1, 3)
    for (let i = 0; i < count; i++) {
      const satellite = plan.satellites[(i + day) % plan.satellites.length]
      const localHour =
        plan.localHour === null
          ? rng.float(8, 16)
          : plan.localHour + (i - (count - 1) / 2) * 0.7 + rng.float(-0.2, 0.2)
      const start = Math.round(day * DAY_MS + (localHour - lon / 15) * HOUR_MS)
      const end = start + rng.int(6, 14) * 1000
      const offNadir = r1(rng.float(0, plan.maxOffNadir))
      const incidence = r1(Math.min(89, offNadir * 1.12))
      const crossTrack = rng.float(-0.6, 0.6) * halfWidthDeg
      const heading = plan.localHour === null ? rng.float(-40, 40) : -8 + rng.float(-2, 2)
      const cloud = rng.int(0, 100)
      if (start < from || end > window.end || incidence > limit) continue
      const sun = r1(sunElevation(lat, start, lon))
      if (sun < 10) continue
      out.push({
        id: uuidFrom(
          `opportunity:${collectionName}:${satellite}:${start}:${lon.toFixed(4)}:${lat.toFixed(4)}`,
        ),
        index,
        start: iso(start),
        end: iso(end),
        footprint: strip(
          lon + crossTrack,
          lat,
          plan.swathKm,
          Math.max(plan.lengthKm, (n - s) * 111.32 + 10),
          heading,
        ),
        sensor: satellite,
        constellation: plan.constellation,
        offNadirAngle: offNadir,
        incidenceAngle: incidence,
        sunElevation: sun,
        // Weather forecasts reach about a week ahead.
        cloudForecast: start - now <= 7 * DAY_MS ? cloud : null,
      })
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start))
}
