import type { components } from '../../api/schema'

// The status lists are the contract's, shared with the simulator from contract/statuses.ts.
export { ORDER_STATUSES, ORDER_SUB_STATUSES } from '../../../contract/statuses'

/**
 * Order statuses and tasking sub-statuses in plain words, which of them are final, when an order can be
 * canceled, and the lifecycle steps the order page draws. Pure: unit-tested in status.test.ts.
 */

export type OrderStatus = components['schemas']['OrderStatus']
export type OrderSubStatus = components['schemas']['OrderSubStatus']
export type OrderType = components['schemas']['OrderType']

export const ORDER_TYPES: readonly OrderType[] = ['ARCHIVE', 'TASKING']

export const STATUS_LABELS: Record<OrderStatus, string> = {
  CREATED: 'Created',
  BEING_PLACED: 'Being placed',
  PLACED: 'Placed',
  PLACEMENT_FAILED: 'Placement failed',
  BEING_FULFILLED: 'Being fulfilled',
  FULFILLED: 'Fulfilled',
  FAILED_PERMANENTLY: 'Failed',
  CANCELED: 'Canceled',
}

export const SUB_STATUS_LABELS: Record<OrderSubStatus, string> = {
  FEASIBILITY_WAITING_UPLOAD: 'Feasibility study in preparation',
  FEASIBILITY_WAITING_RESPONSE: 'Feasibility study: choose an option',
  QUOTATION_WAITING_UPLOAD: 'Quotation in preparation',
  QUOTATION_WAITING_RESPONSE: 'Quotation: accept or reject',
  QUOTATION_ACCEPTED: 'Quotation accepted',
  QUOTATION_REJECTED: 'Quotation rejected',
}

export const subStatusLabel = (s: OrderSubStatus | undefined | null): string =>
  s ? (SUB_STATUS_LABELS[s] ?? s) : '—'

export const TYPE_LABELS: Record<OrderType, string> = { ARCHIVE: 'Archive', TASKING: 'Tasking' }

/**
 * A colour per status for its badge's dot; the badge always carries the label too, so colour is never the
 * only signal (and the dot variant keeps the text in the theme's own text colour, readable in both schemes).
 */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  CREATED: 'gray',
  BEING_PLACED: 'blue',
  PLACED: 'indigo',
  PLACEMENT_FAILED: 'orange',
  BEING_FULFILLED: 'cyan',
  FULFILLED: 'teal',
  FAILED_PERMANENTLY: 'red',
  CANCELED: 'dark',
}

const TERMINAL: ReadonlySet<OrderStatus> = new Set(['FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED'])
const CANCELABLE: ReadonlySet<OrderStatus> = new Set(['CREATED', 'PLACEMENT_FAILED'])

/** Nothing more will happen to the order: no need to ask the service again. */
export const isTerminal = (status: OrderStatus): boolean => TERMINAL.has(status)

/** The contract allows cancellation only from these two statuses. */
export const canCancel = (status: OrderStatus): boolean => CANCELABLE.has(status)

/** Why the cancel button is absent, in one sentence; null when the order can be canceled. */
export function whyNotCancelable(status: OrderStatus): string | null {
  if (canCancel(status)) return null
  if (status === 'CANCELED') return 'This order has already been canceled.'
  return `Orders can be canceled only while created or after a failed placement; this one is ${STATUS_LABELS[status].toLowerCase()}.`
}

/** How often a page that shows an order still in progress asks again. */
export const POLL_MS = 10_000

/** The polling interval for a set of orders: only while one of them can still change. */
export function pollInterval(statuses: readonly OrderStatus[] | undefined): number | false {
  if (!statuses || statuses.length === 0) return false
  return statuses.some((s) => !isTerminal(s)) ? POLL_MS : false
}

export type StepState = 'done' | 'current' | 'failed' | 'canceled' | 'upcoming'

export interface TimelineStep {
  status: OrderStatus
  label: string
  state: StepState
  /** The order's own status: the step marked as where it is now. */
  current: boolean
}

/** The main line of the lifecycle; failures and cancellation branch off it. */
const MAIN_LINE: readonly OrderStatus[] = [
  'CREATED',
  'BEING_PLACED',
  'PLACED',
  'BEING_FULFILLED',
  'FULFILLED',
]

/**
 * The lifecycle steps to draw for an order in `status`: the main line with the steps passed, the current one
 * and those still to come; a failure or a cancellation replaces the rest of the line with its own end step.
 * The service does not say which step an order failed or was canceled at; PLACEMENT_FAILED comes only from
 * placement, and FAILED_PERMANENTLY is drawn after fulfilment began, where it usually happens.
 */
export function timelineSteps(status: OrderStatus): TimelineStep[] {
  const step = (s: OrderStatus, state: StepState): TimelineStep => ({
    status: s,
    label: STATUS_LABELS[s],
    state,
    current: s === status,
  })
  const upTo = (last: OrderStatus, state: StepState) => {
    const i = MAIN_LINE.indexOf(last)
    return MAIN_LINE.slice(0, i)
      .map((s) => step(s, 'done'))
      .concat(step(last, state))
  }
  switch (status) {
    case 'PLACEMENT_FAILED':
      // Placement is retried: the rest of the line may still happen.
      return [
        ...upTo('BEING_PLACED', 'done'),
        step('PLACEMENT_FAILED', 'failed'),
        ...MAIN_LINE.slice(2).map((s) => step(s, 'upcoming')),
      ]
    case 'FAILED_PERMANENTLY':
      return [...upTo('BEING_FULFILLED', 'done'), step('FAILED_PERMANENTLY', 'failed')]
    case 'CANCELED':
      return [step('CREATED', 'done'), step('CANCELED', 'canceled')]
    case 'FULFILLED':
      return upTo('FULFILLED', 'current')
    default: {
      const i = MAIN_LINE.indexOf(status)
      return MAIN_LINE.map((s, j) => step(s, j < i ? 'done' : j === i ? 'current' : 'upcoming'))
    }
  }
}
