/**
 * What a refused decision means and what to do about it, in plain words. Pure: the pages pick the place
 * (budget picker, page alert, "not found" page) from `kind`.
 */
import { isApiError, whatToDo } from '../../api/errors'
import { explainBudgetProblem } from '../../components/budget-gate/budget-rules'

export type DecisionErrorKind =
  /** 402: the account lacks the credits. */
  | 'credits'
  /** 503: nothing was decided; the same decision may be sent again. */
  | 'unavailable'
  /** A budget problem: choose (another) budget. */
  | 'budget'
  /** Someone decided first: read the item again and show that decision. */
  | 'decided'
  /** The option is not one of the study's (any more): read the study again. */
  | 'option'
  /** The item (or its order) does not exist in this account. */
  | 'not-found'
  /**
   * No answer, or a server error after the request arrived: whether the decision was recorded is unknown, so
   * the page reads everything again and shows what the service says now.
   */
  | 'unknown'
  | 'other'

export interface ExplainedError {
  kind: DecisionErrorKind
  title: string
  details: string
}

/**
 * Whether a refusal means the item may have been decided after all (someone decided first, or this decision's
 * answer was lost): then everything a success refreshes — the item, the lists, the navigation's count, and
 * the orders and budgets of other areas — is refreshed too.
 */
export const mayHaveBeenDecided = (kind: DecisionErrorKind): boolean =>
  kind === 'decided' || kind === 'unknown'

const UNKNOWN_DETAILS =
  'We could not tell whether the decision was recorded; here is what the service says now. If it still waits, decide again.'

function common(e: unknown): ExplainedError | null {
  if (!isApiError(e))
    return {
      kind: 'other',
      title: 'The decision failed',
      details: 'Nothing was decided. Try again in a moment.',
    }
  if (e.kind === 'network')
    return { kind: 'unknown', title: 'The service did not answer', details: UNKNOWN_DETAILS }
  if (e.status === 503)
    return {
      kind: 'unavailable',
      title: 'The service cannot take decisions right now',
      details: 'Nothing was decided; try again in a few minutes.',
    }
  // Any other server error may come after the decision was applied (a gateway timing out, a failure while
  // answering). 501 is left out: a PATCH the service does not implement was not applied.
  if (e.status >= 500 && e.status !== 501)
    return { kind: 'unknown', title: 'The service ran into an error', details: UNKNOWN_DETAILS }
  return null
}

export function explainQuotationError(e: unknown): ExplainedError {
  const known = common(e)
  if (known || !isApiError(e)) return known ?? { kind: 'other', title: 'The decision failed', details: '' }
  const budget = explainBudgetProblem(e.code, 'accept')
  if (budget) return { kind: 'budget', title: budget.message, details: budget.details }
  if (e.status === 402)
    return {
      kind: 'credits',
      title: 'Not enough credits',
      details: [
        e.detail,
        'Nothing was decided or charged. Add credits to the account, or ask an account administrator to; another budget does not help, as credits come from the account.',
      ]
        .filter(Boolean)
        .join(' '),
    }
  if (e.code === 'quotation-already-decided')
    return {
      kind: 'decided',
      title: 'This quotation was already decided',
      details: 'Someone decided it before you: the decision below is the one that counts.',
    }
  if (e.status === 404)
    return { kind: 'not-found', title: 'No such quotation', details: e.detail ?? whatToDo(e) }
  return { kind: 'other', title: e.title, details: [e.detail, whatToDo(e)].filter(Boolean).join(' ') }
}

export function explainStudyError(e: unknown): ExplainedError {
  const known = common(e)
  if (known || !isApiError(e)) return known ?? { kind: 'other', title: 'The choice failed', details: '' }
  if (e.code === 'feasibility-study-already-decided')
    return {
      kind: 'decided',
      title: 'This study was already decided',
      details: 'Someone chose an option before you: the choice below is the one that counts.',
    }
  if (e.code === 'feasibility-option-not-found')
    return {
      kind: 'option',
      title: 'That option is not offered any more',
      details: 'The study is being read again: choose among the options it shows now.',
    }
  if (e.status === 404)
    return { kind: 'not-found', title: 'No such feasibility study', details: e.detail ?? whatToDo(e) }
  return { kind: 'other', title: e.title, details: [e.detail, whatToDo(e)].filter(Boolean).join(' ') }
}
