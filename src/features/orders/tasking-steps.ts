import type { Order } from '../../data/orders/queries'
import { isTerminal, type OrderStatus, type OrderSubStatus } from '../../data/orders/status'

/**
 * The study-and-quotation steps of a tasking order, drawn from its sub-status alone, what happens next in
 * plain words, and whether the order can have delivered coverage. Pure: unit-tested in tasking-steps.test.ts.
 */

export type TaskingStepId = 'study' | 'choose' | 'quotation' | 'decide' | 'outcome'

/**
 * `unknown`: passed, or skipped because the collection needs no study, while the order's studies are not read
 * (the order keeps no history); `skipped`: the service has no study for the order.
 */
export type TaskingStepState = 'done' | 'unknown' | 'skipped' | 'current' | 'failed' | 'upcoming'

export interface TaskingStep {
  id: TaskingStepId
  label: string
  state: TaskingStepState
  /** Where the order is now (`aria-current="step"`). */
  current: boolean
}

/** The words beside each step, so that the state never rests on colour alone. */
export const TASKING_STATE_WORDS: Record<TaskingStepState, string> = {
  done: 'done',
  unknown: 'done or not needed',
  skipped: 'not needed',
  current: 'now',
  failed: 'failed',
  upcoming: 'to come',
}

const LABELS: Record<TaskingStepId, string> = {
  study: 'Feasibility study',
  choose: 'Choose an option',
  quotation: 'Quotation',
  decide: 'Decide the quotation',
  outcome: 'Accepted',
}

const ORDER: readonly TaskingStepId[] = ['study', 'choose', 'quotation', 'decide', 'outcome']

/** The step each sub-status waits at. */
const AT: Record<OrderSubStatus, TaskingStepId> = {
  FEASIBILITY_WAITING_UPLOAD: 'study',
  FEASIBILITY_WAITING_RESPONSE: 'choose',
  QUOTATION_WAITING_UPLOAD: 'quotation',
  QUOTATION_WAITING_RESPONSE: 'decide',
  QUOTATION_ACCEPTED: 'outcome',
  QUOTATION_REJECTED: 'outcome',
}

/**
 * Steps before the current one are done, those after it to come. An order seen at a QUOTATION_* sub-status
 * may or may not have had a study (collections without one start there, and the order keeps no history):
 * `study` says whether the service has one for the order (`present`, `absent`); until it is known the study
 * steps read "done or not needed". A rejection ends the line on a failed "Rejected".
 */
export function taskingSteps(sub: OrderSubStatus, study?: 'present' | 'absent'): TaskingStep[] {
  const at = ORDER.indexOf(AT[sub])
  const studyPassed = at >= ORDER.indexOf('quotation')
  const passedStudy: TaskingStepState =
    study === 'present' ? 'done' : study === 'absent' ? 'skipped' : 'unknown'
  return ORDER.map((id, i) => {
    let state: TaskingStepState
    if (i > at) state = 'upcoming'
    else if (i < at) state = studyPassed && (id === 'study' || id === 'choose') ? passedStudy : 'done'
    else state = sub === 'QUOTATION_REJECTED' ? 'failed' : 'current'
    const label = id === 'outcome' && sub === 'QUOTATION_REJECTED' ? 'Rejected' : LABELS[id]
    return { id, label, state, current: i === at }
  })
}

export type TaskingNext =
  /** The analyst is awaited: `action` names the button to the decisions inbox. */
  | { who: 'analyst'; action: 'Choose an option' | 'Decide the quotation'; text: string }
  /** The provider is awaited: nothing to do but wait (the page refreshes itself). */
  | { who: 'provider'; text: string }
  | { who: 'nobody'; text: string }

/** What happens next for an order at `sub`, and who it waits for. */
export function taskingNext(sub: OrderSubStatus, status: OrderStatus): TaskingNext {
  const decided = sub === 'QUOTATION_ACCEPTED' || sub === 'QUOTATION_REJECTED'
  // A final order whose sub-status stopped midway (failed or canceled meanwhile) waits for no one.
  if (isTerminal(status) && !decided)
    return {
      who: 'nobody',
      text: 'The order ended before this step was completed: nothing more will happen.',
    }
  switch (sub) {
    case 'FEASIBILITY_WAITING_UPLOAD':
      return {
        who: 'provider',
        text: 'Next: the provider studies whether the area can be acquired as asked, and sends a feasibility study with options. Nothing to do until then; this page refreshes by itself.',
      }
    case 'FEASIBILITY_WAITING_RESPONSE':
      return {
        who: 'analyst',
        action: 'Choose an option',
        text: 'The provider’s feasibility study has arrived. Choose one of its options; the provider then prepares a quotation.',
      }
    case 'QUOTATION_WAITING_UPLOAD':
      return {
        who: 'provider',
        text: 'Next: the provider sends a quotation, the price of the acquisition in credits. Nothing to do until then; this page refreshes by itself.',
      }
    case 'QUOTATION_WAITING_RESPONSE':
      return {
        who: 'analyst',
        action: 'Decide the quotation',
        text: 'The provider’s quotation has arrived. Accept it to start the acquisition (its credits are charged then), or reject it.',
      }
    case 'QUOTATION_ACCEPTED':
      return { who: 'nobody', text: afterAcceptance(status) }
    case 'QUOTATION_REJECTED':
      return {
        who: 'nobody',
        text: 'The quotation was rejected, so this order will not be acquired. Place a new tasking request to try again.',
      }
  }
}

/** An accepted quotation says little by itself: what became of the order afterwards does. */
function afterAcceptance(status: OrderStatus): string {
  switch (status) {
    case 'FULFILLED':
      return 'The quotation was accepted and the order is fulfilled: every delivery has arrived.'
    case 'FAILED_PERMANENTLY':
      return 'The quotation was accepted, but the order failed before the whole area was acquired.'
    case 'CANCELED':
      return 'The quotation was accepted, but the order was canceled.'
    default:
      return 'The quotation was accepted: the provider acquires the area, and each delivery adds to the coverage.'
  }
}

/** The sub-status of a tasking order, when it has one (fixed-price tasking has none). */
export function subStatusOf(order: Order): OrderSubStatus | undefined {
  if (order.type !== 'TASKING' || !order.orderDetails || !('subStatus' in order.orderDetails))
    return undefined
  return order.orderDetails.subStatus ?? undefined
}

const COVERAGE_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'BEING_FULFILLED',
  'FULFILLED',
  'FAILED_PERMANENTLY',
])

/**
 * Whether the page asks for delivered coverage: tasking orders in the statuses the contract names. A
 * rejected quotation was never acquired, so asking for its coverage would only ever answer "none".
 */
export function showsCoverage(order: Order): boolean {
  return (
    order.type === 'TASKING' &&
    COVERAGE_STATUSES.has(order.status) &&
    subStatusOf(order) !== 'QUOTATION_REJECTED'
  )
}
