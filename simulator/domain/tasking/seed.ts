import { iso } from '../world/clock'
import { aoiOf, areaKm2, rectAround, type AreaGeometry } from '../geometries/coverage'
import { createRng, uuidFrom, type Rng } from '../world/random'
import { dataProductId, ids, SEED_EPOCH } from '../world/ids'
import type { OrderRecord, S } from '../world/types'
import type { World } from '../world/world'
import {
  buildQuotation,
  buildStudy,
  collectionOf,
  deliverStrip,
  deliveredFootprints,
  detailsOf,
  flowOf,
  move,
  scheduleDelivery,
  scheduleQuotation,
  scheduleStudy,
  stamp,
  startTaskingFlow,
  subStatusOf,
  windowOf,
} from './flow'
import {
  DAY_MS,
  DELIVERY_FRACTIONS,
  HOUR_MS,
  SYSTEM,
  type SubStatus,
  priceFor,
  quotationRequired,
  studyRequired,
} from './rules'

/**
 * The tasking part of the seed: the seeded TASKING orders get their studies, quotations and deliveries as
 * their sub-status says, with what is pending scheduled, plus orders for every situation the console shows.
 */

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
