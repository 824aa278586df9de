/**
 * What a refused decision means and what to do about it, in plain words. Pure: the pages pick the place
 * (budget picker, page alert, "not found" page) from `kind`.
 */
import { isApiError, whatToDo } from '../../api/errors'
import { explainBudgetProblem } from '../../lib/budget-rules'

export type DecisionErrorKind =
  /** 402: the account lacks the credits. */
  | 'credits'
  /**
   * Nothing was decided although no refusal came (a 5xx, or no answer), checked by reading the item again:
   * the same decision may be sent again ("Try again").
   */
  | 'unavailable'
  /** A budget problem: choose (another) budget. */
  | 'budget'
  /** Decided before this decision arrived (by someone else, or by this user elsewhere): shown as it is. */
  | 'decided'
  /** The option is not one of the study's (any more): read the study again. */
  | 'option'
  /** The item (or its order) does not exist in this account. */
  | 'not-found'
  | 'other'

export interface ExplainedError {
  kind: DecisionErrorKind
  title: string
  details: string
}

export type DecisionItemKind = 'quotation' | 'study'

/**
 * A request that was not refused but decided nothing, as reading the item again showed (decision 16: a
 * 5xx or a lost answer is never taken for "nothing decided" before that). `error` is the failure this page
 * saw; none when the answer was lost with an earlier page (a reload) and the attempt was checked since.
 */
export function explainNotDecided(error?: unknown): ExplainedError {
  if (error === undefined)
    return {
      kind: 'unavailable',
      title: 'The decision was not recorded',
      details: 'Its answer was lost with the page; checked since, nothing was decided. Try again.',
    }
  if (isApiError(error) && error.status === 503)
    return {
      kind: 'unavailable',
      title: 'The service cannot take decisions right now',
      details: 'Nothing was decided; try again in a few minutes.',
    }
  if (isApiError(error) && error.kind !== 'network')
    return {
      kind: 'unavailable',
      title: 'The service ran into an error',
      details: 'Checked since: nothing was decided. Try again in a moment.',
    }
  return {
    kind: 'unavailable',
    title: 'The service did not answer',
    details: 'Checked until nothing more could come: nothing was decided. Try again.',
  }
}

/**
 * The item was decided before this decision arrived. By this user (another tab, an earlier page whose answer
 * was lost) it says so; never "someone" for the same person.
 */
export function explainDecidedFirst(item: DecisionItemKind, byMe: boolean): ExplainedError {
  if (item === 'study')
    return {
      kind: 'decided',
      title: 'This study was already decided',
      details: byMe
        ? 'You chose an option yourself before, in this tab or another: that choice, below, is the one that counts.'
        : 'Someone chose an option before you: the choice below is the one that counts.',
    }
  return {
    kind: 'decided',
    title: 'This quotation was already decided',
    details: byMe
      ? 'You decided it yourself before, in this tab or another: that decision, below, is the one that counts.'
      : 'Someone decided it before you: the decision below is the one that counts.',
  }
}

function common(e: unknown): ExplainedError | null {
  if (!isApiError(e))
    return {
      kind: 'other',
      title: 'The decision failed',
      details: 'Nothing was decided. Try again in a moment.',
    }
  // Not a refusal: the decision guard reads the item before saying anything (these are for safety only).
  if (e.kind === 'network' || e.status >= 500) return explainNotDecided(e)
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
  // Who decided is known once the quotation is read again (`explainDecidedFirst`).
  if (e.code === 'quotation-already-decided') return explainDecidedFirst('quotation', false)
  if (e.status === 404)
    return { kind: 'not-found', title: 'No such quotation', details: e.detail ?? whatToDo(e) }
  return { kind: 'other', title: e.title, details: [e.detail, whatToDo(e)].filter(Boolean).join(' ') }
}

export function explainStudyError(e: unknown): ExplainedError {
  const known = common(e)
  if (known || !isApiError(e)) return known ?? { kind: 'other', title: 'The choice failed', details: '' }
  if (e.code === 'feasibility-study-already-decided') return explainDecidedFirst('study', false)
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
