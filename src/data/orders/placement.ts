import type { MultiPolygon, Polygon } from 'geojson'
import { isApiError } from '../../api/errors'
import { BUDGET_PROBLEMS, explainBudgetProblem } from '../../lib/budget-rules'
import type { components } from '../../api/schema'

/**
 * The rules of placing orders safely, as pure functions: what one checkout line sends, how an answer turns
 * into the line's state, which failures may have created an order anyway (and so must be reconciled before
 * another attempt), and the service's problems in plain words.
 */

export type CreateOrderRequest = components['schemas']['CreateOrderRequest']
export type CreateOrderResponse = components['schemas']['CreateOrderResponse']
export type EstimateResponse = components['schemas']['EstimateResponse']
export type FeatureError = components['schemas']['FeatureError']
export type Order = components['schemas']['Order']

/** Where a line stands. `placing` and `unknown` block another attempt until the outcome is known. */
export type Placement =
  | { kind: 'idle' }
  | { kind: 'placing'; attempt: Attempt }
  | { kind: 'unknown'; attempt: Attempt; checkFailed?: boolean }
  | { kind: 'placed'; orderId: string }
  | {
      kind: 'failed'
      message: string
      details?: string
      /** The service's field errors (`params.x`), shown on their form fields. */
      fields?: { name: string; reason: string }[]
    }

/** What identifies the order an attempt may have created, kept with the line until the outcome is known. */
export interface Attempt {
  displayName: string
  dataProductId: string
  sceneId: string | null
  workspaceId: string
  startedAt: string
  /** Orders that matched before the attempt: whatever matches now and is not among them is the attempt's. */
  before: string[]
}

export const IDLE: Placement = { kind: 'idle' }

/**
 * The body of an order request: one feature per area, and the service creates one order per feature, all
 * with this name (a checkout line has one area; a tasking request one per AOI polygon).
 */
export function orderRequest(opts: {
  dataProductId: string
  displayName: string
  tags: readonly string[]
  params: Record<string, unknown>
  areas: readonly (Polygon | MultiPolygon)[]
  budgetId: string | null
}): CreateOrderRequest {
  return {
    dataProduct: opts.dataProductId,
    displayName: opts.displayName.trim(),
    params: opts.params,
    featureCollection: {
      type: 'FeatureCollection',
      features: opts.areas.map((geometry) => ({ type: 'Feature', geometry, properties: {} })),
    },
    ...(opts.tags.length > 0 ? { tags: [...opts.tags] } : {}),
    ...(opts.budgetId ? { budgetId: opts.budgetId } : {}),
  }
}

/** The request as placed: with the budget chosen at the budget gate, where there is one. */
export const withBudget = (request: CreateOrderRequest, budgetId: string | null): CreateOrderRequest => ({
  ...request,
  ...(budgetId ? { budgetId } : {}),
})

/** Several AOI polygons become one MultiPolygon: one line, one order. */
export function areaOf(polygons: readonly Polygon[]): Polygon | MultiPolygon | null {
  if (polygons.length === 0) return null
  if (polygons.length === 1) return polygons[0]
  return { type: 'MultiPolygon', coordinates: polygons.map((p) => p.coordinates) }
}

/** The 202 answer for a one-feature request. */
export function outcomeOf(response: CreateOrderResponse): Placement {
  const created = response.results.find((r) => r.index === 0)
  if (created) return { kind: 'placed', orderId: created.id }
  const error = response.errors.find((e) => e.index === 0)
  return {
    kind: 'failed',
    message: error?.message ?? 'The service created no order.',
    details: [error?.details, error ? adviceFor(error) : null].filter(Boolean).join(' ') || undefined,
  }
}

/** Whether a failed request may have created the order anyway: no answer, or a 5xx (the one rule, `create-once`). */
export { mayHaveCreated } from '../create-once'

/**
 * Whether an order in the list is the one an attempt created: same workspace, name, data product and
 * (archive) scene, and not there before the attempt. Used only after an ambiguous failure; comparing with
 * the list taken just before the attempt needs no agreement between the console's and the service's clocks.
 */
export function isOrderOfAttempt(order: Order, attempt: Attempt): boolean {
  if (attempt.before.includes(order.id)) return false
  if (order.workspaceId.toLowerCase() !== attempt.workspaceId.toLowerCase()) return false
  if (order.displayName !== attempt.displayName.trim()) return false
  if ((order.dataProductId ?? '').toLowerCase() !== attempt.dataProductId.toLowerCase()) return false
  if (attempt.sceneId !== null) {
    const details = order.orderDetails
    const imageId = details && 'imageId' in details ? details.imageId : undefined
    if (imageId !== undefined && imageId !== attempt.sceneId) return false
  }
  return true
}

/** What to change for a per-feature error of the estimate or of placing. */
export function adviceFor(error: FeatureError): string | null {
  const text = `${error.message} ${error.details ?? ''}`.toLowerCase()
  if (text.includes('outside the scene') || text.includes('does not intersect'))
    return 'Choose “Whole scene”, or draw the AOI over this scene’s footprint.'
  if (text.includes('too small') || text.includes('below the minimum'))
    return 'Draw a larger AOI, or order the whole scene.'
  if (text.includes('too large') || text.includes('above the maximum'))
    return 'Draw a smaller AOI over the part you need.'
  if (text.includes('intersects itself')) return 'Fix the AOI’s crossing edges on the Areas page (one click).'
  if (text.includes('vertices')) return 'Simplify the AOI on the Areas page.'
  if (text.includes('insufficient credits')) return 'Add credits to the account, or order fewer scenes.'
  return null
}

/** The service's refusals of placing, in plain words, with what to do. */
export function explainPlacementError(error: unknown): { message: string; details?: string } {
  if (!isApiError(error)) return { message: 'Placing failed.', details: 'Try again in a moment.' }
  // Budget refusals are worded once, for placing and for accepting a quotation alike.
  const budget = explainBudgetProblem(error.code, 'place')
  if (budget) return budget
  switch (error.code) {
    case 'eula-not-accepted':
      return {
        message: 'The license of this data product is not accepted.',
        details: `${error.detail ?? ''} Accept it above, then place again.`.trim(),
      }
    case 'workspace-not-found':
      return {
        message: 'The workspace is not available.',
        details: 'Choose another workspace in the header, then place again.',
      }
    case 'bad-order-request': {
      const fields = error.fieldErrors.map((f) => `${f.name.replace(/^params\./, '')} ${f.reason}`)
      return {
        message: 'The service refused the order as it stands.',
        details: fields.length > 0 ? `Change: ${fields.join('; ')}.` : error.detail,
      }
    }
  }
  if (error.kind === 'forbidden')
    return { message: 'Your role cannot place orders.', details: 'Ask an account administrator.' }
  return { message: error.title, details: error.detail }
}

/** Budget problems of the contract are about the whole checkout, not one line (kept here for its callers). */
export { BUDGET_PROBLEMS }
