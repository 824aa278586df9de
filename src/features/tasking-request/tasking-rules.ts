import type { Polygon } from 'geojson'
import { isApiError, type FieldError } from '../../api/errors'
import type { components } from '../../api/schema'
import { fieldSchema, type JsonSchema, type Params } from '../../lib/order-params/form-model'
import { formatUtcDay } from '../../lib/format'
import { areaKm2, bboxOf } from '../../lib/geo/measure'
import {
  adviceFor,
  isOrderOfAttempt,
  type Attempt,
  type CreateOrderResponse,
  type FeatureError,
  type Order,
} from '../../data/orders/placement'
import { WINDOW_FIELDS } from '../../data/orders/tasking-request'

/**
 * The rules of a tasking request, as pure functions: the AOI's polygons as the request's features (one order
 * each), the request itself, the starting acquisition window, what feasibility and opportunities answers
 * mean per feature, and how the answer of placing (or the orders list after a lost answer) becomes the
 * request's outcome.
 */

export type Collection = components['schemas']['Collection']
export type DataProduct = components['schemas']['DataProduct']
export type Opportunity = components['schemas']['Opportunity']
export type FeasibilityResponse = components['schemas']['FeasibilityRequirementResponse']
export type OpportunitiesResponse = components['schemas']['OpportunitiesResponse']
export type Difficulty = components['schemas']['FeasibilityDifficulty']

// --------------------------------------------------------------------------------------------- features

/** One polygon of the AOI: one feature of the request, one order. */
export interface TaskingFeature {
  index: number
  label: string
  polygon: Polygon
  areaKm2: number
}

/** A polygon of the request in words: "Area 1" (a GeoJSON "feature" is nothing an analyst drew). */
export const featureLabel = (index: number) => `Area ${index + 1}`

/** Several polygons are several features, so several orders: each named in the page by its position. */
export function featuresOf(polygons: readonly Polygon[]): TaskingFeature[] {
  return polygons.map((polygon, index) => ({
    index,
    label: featureLabel(index),
    polygon,
    areaKm2: areaKm2(polygon),
  }))
}

// ----------------------------------------------------------------------------------------------- the form

/**
 * Fields of the form the page fills itself: the geometry goes in `featureCollection`, and the order name
 * has its own field (some tasking forms list `displayName` among their params).
 */
export function omittedFields(schema: JsonSchema): string[] {
  return ['geometry', 'displayName'].filter((f) => fieldSchema(schema, f) !== undefined)
}

/** A name an analyst recognises in the orders list: the product and the day the window opens. */
export function defaultTaskingName(productTitle: string, params: Params | undefined): string {
  // The day in the console's one format ("27 Nov 2026"), not the ISO date the form holds.
  const start = typeof params?.acquisitionStart === 'string' ? formatUtcDay(params.acquisitionStart, '') : ''
  return `${productTitle} tasking${start ? ` from ${start}` : ''}`.slice(0, 200)
}

// ------------------------------------------------------------------------------------------------ credits

export type ChargeRule = 'quotation' | 'fixed'

export const chargeRuleOf = (collection: Collection | undefined): ChargeRule =>
  collection?.integrations.includes('QUOTATION_REQUIRED') ? 'quotation' : 'fixed'

/** When tasking credits actually leave the account: the estimate is not always what is charged. */
export function chargeNote(rule: ChargeRule): string {
  return rule === 'quotation'
    ? 'Credits are charged only when you accept the provider’s quotation (in Decisions); placing charges nothing. The estimate is indicative.'
    : 'Fixed price: the estimate is held from the account’s credits when the orders are placed, and charged on delivery (released if the acquisition fails).'
}

// ------------------------------------------------------------------------------------------- feasibility

export const DIFFICULTY_WORDS: Record<Difficulty, string> = { EASY: 'Easy', MEDIUM: 'Medium', HARD: 'Hard' }

export type FeatureFeasibility =
  | { kind: 'study' }
  | { kind: 'no-study'; difficulty: Difficulty | null }
  | { kind: 'error'; message: string; details: string | null; advice: string | null }
  | { kind: 'unknown' }

/** What the feasibility answer says about one feature. */
export function feasibilityOf(response: FeasibilityResponse | undefined, index: number): FeatureFeasibility {
  if (!response) return { kind: 'unknown' }
  const result = response.results.find((r) => r.index === index)
  if (result)
    return result.feasibilityStudyRequired
      ? { kind: 'study' }
      : { kind: 'no-study', difficulty: result.difficulty ?? null }
  const error = response.errors.find((e) => e.index === index)
  if (error)
    return { kind: 'error', message: error.message, details: error.details ?? null, advice: adviceFor(error) }
  return { kind: 'unknown' }
}

// ------------------------------------------------------------------------------------------ opportunities

/** One opportunity as the list, the timeline and the map show it. */
export interface OpportunityRow {
  /** Unique across features (two features may share a pass): `<feature>:<opportunity id>`. */
  key: string
  /** Position in time order: the map's feature id. */
  position: number
  feature: number
  opportunity: Opportunity
}

/** Every feature's opportunities in one list, in time order (then by feature). */
export function opportunityRows(response: OpportunitiesResponse | undefined): OpportunityRow[] {
  if (!response) return []
  const all = response.results.flatMap((r) =>
    r.opportunities.map((opportunity) => ({ feature: r.index, opportunity })),
  )
  all.sort(
    (a, b) =>
      Date.parse(a.opportunity.start) - Date.parse(b.opportunity.start) ||
      a.feature - b.feature ||
      a.opportunity.id.localeCompare(b.opportunity.id),
  )
  return all.map((r, position) => ({ ...r, key: `${r.feature}:${r.opportunity.id}`, position }))
}

/**
 * A short fingerprint of the rows one opportunities answer gives (FNV-1a over their keys and times): what
 * hover and selection are kept for. Two answers with the same passes share it, so a pick survives a refetch
 * that changes nothing; another answer gets another one.
 */
export function opportunitiesScope(rows: readonly OpportunityRow[]): string {
  let hash = 0x811c9dc5
  for (const r of rows) {
    const text = `${r.key}@${r.opportunity.start}/${r.opportunity.end};`
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
  }
  return `${rows.length}:${(hash >>> 0).toString(36)}`
}

/** Angles as the opportunities list writes them: "12.3°". */
export const degrees = (v: number) => `${v.toFixed(1)}°`

/** Cloud forecasts reach about a week ahead: later passes have none yet. */
export const cloudWords = (v: number | null | undefined) =>
  v === null || v === undefined ? 'no forecast yet' : `${Math.round(v)} %`

export type OpportunitiesProblem =
  | { kind: 'not-published'; message: string }
  | { kind: 'window'; message: string; fields: FieldError[] }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }

/** The window's fields as the service names them in field errors. */
const WINDOW_FIELD_NAMES: ReadonlySet<string> = new Set(WINDOW_FIELDS.map((f) => `params.${f}`))

const reasonsOf = (fields: readonly FieldError[]) =>
  fields.map((f) => `${f.name.replace(/^params\./, '')} ${f.reason}`).join('; ')

/**
 * Why no opportunities are shown. A 501 is the provider's way of working, not a failure: the request can
 * be placed all the same. A 400 naming the window's fields is a window to change, shown at those fields; any
 * other 400 is a refusal of the request that retrying will not change, said as such.
 */
export function explainOpportunitiesError(
  error: unknown,
  collectionTitle: string,
  rule: ChargeRule,
): OpportunitiesProblem {
  if (isApiError(error) && (error.status === 501 || error.code === 'opportunities-not-implemented')) {
    const then =
      rule === 'quotation'
        ? 'the provider sends a quotation.'
        : 'the provider schedules the acquisition itself.'
    return {
      kind: 'not-published',
      message: `Opportunities are not published for ${collectionTitle}: ${error.detail ?? error.title} You can still place the request; ${then}`,
    }
  }
  if (isApiError(error) && error.status === 400) {
    const window = error.fieldErrors.filter((f) => WINDOW_FIELD_NAMES.has(f.name))
    const others = error.fieldErrors.filter((f) => !WINDOW_FIELD_NAMES.has(f.name))
    if (window.length > 0)
      return {
        kind: 'window',
        message: `To see them, change the window: ${reasonsOf(window)}.${others.length > 0 ? ` Also refused: ${reasonsOf(others)}.` : ''} Placing does not need them.`,
        fields: window,
      }
    const said = others.length > 0 ? reasonsOf(others) : (error.detail ?? error.title)
    return {
      kind: 'refused',
      message: `The service refused to list them for this request: ${said.replace(/\.$/, '')}. Placing does not need them.`,
    }
  }
  return {
    kind: 'failed',
    message: isApiError(error) ? (error.detail ?? error.title) : 'Opportunities could not be listed.',
  }
}

// --------------------------------------------------------------------------------------------- placing

/** What identifies the orders an attempt may have created: the identity of the checkout's, and the features. */
export interface TaskingAttempt extends Attempt {
  features: { label: string; areaKm2: number; geometry: Polygon }[]
}

export interface PlacedFeature {
  index: number
  orderId: string
}

export interface RefusedFeature {
  index: number
  message: string
  details?: string
}

/** Where the request stands. `placing` and `unknown` block another attempt until the outcome is known. */
export type TaskingPlacement =
  | { kind: 'idle' }
  | { kind: 'placing'; attempt: TaskingAttempt }
  | { kind: 'unknown'; attempt: TaskingAttempt; checkFailed?: boolean }
  | {
      kind: 'placed'
      attempt: TaskingAttempt
      orders: PlacedFeature[]
      refused: RefusedFeature[]
      /** Found in the orders list after the answer was lost. */
      reconciled: boolean
    }
  | {
      kind: 'failed'
      message: string
      details?: string
      /** The service's field errors (`params.x`), shown on their form fields. */
      fields?: FieldError[]
      /** The problem's slug: budget problems are shown at the budget gate. */
      code?: string
      /** Features the service refused one by one (a 202 that created nothing). */
      refused?: RefusedFeature[]
    }

export const TASKING_IDLE: TaskingPlacement = { kind: 'idle' }

const refusalOf = (e: FeatureError): RefusedFeature => ({
  index: e.index,
  message: e.message,
  details: [e.details, adviceFor(e)].filter(Boolean).join(' ') || undefined,
})

/**
 * The 202 of a multi-feature request: the orders created (by feature) and the features refused, each with
 * what to change. A feature the answer says nothing about was not created either.
 */
export function placementOfAnswer(response: CreateOrderResponse, attempt: TaskingAttempt): TaskingPlacement {
  const orders = [...response.results]
    .sort((a, b) => a.index - b.index)
    .map((r) => ({ index: r.index, orderId: r.id }))
  const refused = [...response.errors].sort((a, b) => a.index - b.index).map(refusalOf)
  const told = new Set([...orders.map((o) => o.index), ...refused.map((r) => r.index)])
  attempt.features.forEach((_, index) => {
    if (!told.has(index))
      refused.push({ index, message: 'Not created', details: 'The service’s answer did not mention it.' })
  })
  refused.sort((a, b) => a.index - b.index)
  if (orders.length === 0)
    return {
      kind: 'failed',
      message:
        attempt.features.length === 1
          ? 'The service created no order.'
          : `The service created none of the ${attempt.features.length} orders.`,
      details: 'Each feature’s reason is listed; change what they say, then place again.',
      refused,
    }
  return { kind: 'placed', attempt, orders, refused, reconciled: false }
}

const geometryOfOrder = (order: Order): unknown => {
  const d = order.orderDetails
  return d && 'geometry' in d ? d.geometry : undefined
}

/**
 * The orders an attempt created, found in the orders list after its answer was lost: same workspace, name
 * and data product, not there before the attempt, matched to a feature by its geometry (an order whose
 * geometry is not shown takes the first feature left). An order with another geometry is not this attempt's.
 */
export function ordersOfAttempt(orders: readonly Order[], attempt: TaskingAttempt): PlacedFeature[] {
  const mine = orders
    .filter((o) => isOrderOfAttempt(o, attempt))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
  const sent = attempt.features.map((f) => JSON.stringify(f.geometry))
  const taken = new Set<number>()
  const found: PlacedFeature[] = []
  const unplaced: Order[] = []
  for (const o of mine) {
    const g = geometryOfOrder(o)
    if (g === undefined) {
      unplaced.push(o)
      continue
    }
    const text = JSON.stringify(g)
    const index = sent.findIndex((s, i) => !taken.has(i) && s === text)
    if (index < 0) continue
    taken.add(index)
    found.push({ index, orderId: o.id })
  }
  for (const o of unplaced) {
    const index = sent.findIndex((_, i) => !taken.has(i))
    if (index < 0) break
    taken.add(index)
    found.push({ index, orderId: o.id })
  }
  return found.sort((a, b) => a.index - b.index)
}

/** The outcome after a lost answer, from what the orders list shows. */
export function placementOfReconcile(orders: readonly Order[], attempt: TaskingAttempt): TaskingPlacement {
  const found = ordersOfAttempt(orders, attempt)
  if (found.length === 0)
    return {
      kind: 'failed',
      message: 'The service did not answer, and no order was created.',
      details: 'Place the request again when ready.',
    }
  const placed = new Set(found.map((f) => f.index))
  const refused = attempt.features.flatMap((_, index) =>
    placed.has(index)
      ? []
      : [
          {
            index,
            message: 'Not created',
            details: 'The answer was lost, and no order for this feature is in the orders list.',
          },
        ],
  )
  return { kind: 'placed', attempt, orders: found, refused, reconciled: true }
}

/** Whether another attempt must wait: its outcome is still being learnt. */
export const isPending = (p: TaskingPlacement) => p.kind === 'placing' || p.kind === 'unknown'

/**
 * Where the tasking map looks: around the AOI and every opportunity's footprint, so the analyst sees where
 * the passes fall against the area; null with neither.
 */
export function taskingFrame(
  aoi: readonly Polygon[],
  rows: readonly OpportunityRow[],
): [number, number, number, number] | null {
  const shapes = [...aoi, ...rows.map((r) => r.opportunity.footprint as Polygon)]
  return shapes.length > 0 ? bboxOf(shapes) : null
}
