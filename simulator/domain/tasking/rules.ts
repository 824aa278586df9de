import { PRIORITY_FACTORS, TASKING_RATES } from '../orders/state'
import type { S, User } from '../world/types'

/**
 * Rules the tasking endpoints share with the flow: acquisition windows, when a feasibility study or a
 * quotation is needed, difficulty and price, and the timings of the flow.
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
export const STUDY_DELAY_MS = 2 * HOUR_MS
export const QUOTATION_DELAY_MS = 1 * HOUR_MS
export const DELIVERY_INTERVAL_MS = 6 * HOUR_MS
/** Cumulative share of the AOI after each delivery. */
export const DELIVERY_FRACTIONS = [0.4, 0.75, 1] as const

export type SubStatus = S['OrderSubStatus']
type Difficulty = S['FeasibilityDifficulty']
export type Actor = S['Actor']
export const SYSTEM: Actor = { id: 'system', type: 'INTERNAL' }
export const userActor = (user: User): Actor => ({ id: user.id, type: 'USER' })

export interface AcquisitionWindow {
  start: number
  end: number
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i

/** The one wording of a window that ends before it starts, for the tasking and the order endpoints. */
const WINDOW_BACKWARDS: S['ProblemFieldError'] = {
  name: 'params.acquisitionEnd',
  reason: 'must be after acquisitionStart',
}

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
  if (end <= start) return { ...WINDOW_BACKWARDS }
  return { start, end }
}

/**
 * What a tasking product's order form cannot say, for POST /v2/orders (the form has already checked the
 * dates' format): the window must be ordered and still open, BH ratios ordered. All of them at once.
 */
export function taskingOrderParamErrors(
  params: Record<string, unknown>,
  now: number,
): S['ProblemFieldError'][] {
  const errors: S['ProblemFieldError'][] = []
  const start = Date.parse(String(params.acquisitionStart))
  const end = Date.parse(String(params.acquisitionEnd))
  if (!(end > start)) errors.push({ ...WINDOW_BACKWARDS })
  else if (end <= now) errors.push({ name: 'params.acquisitionEnd', reason: 'must be in the future' })
  if (typeof params.minBH === 'number' && typeof params.maxBH === 'number' && params.minBH > params.maxBH) {
    errors.push({ name: 'params.minBH', reason: 'must not be greater than maxBH' })
  }
  return errors
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
export const sensorOf = (collectionName: string): SensorInfo =>
  SENSORS[collectionName] ?? { constellation: collectionName, gsd: 1, optical: true }
