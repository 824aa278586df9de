/**
 * What a refused decision means and what to do about it, in plain words. Pure: the pages pick the place
 * (budget picker, page alert, "not found" page) from `kind`.
 */
import { isApiError, whatToDo } from '../../api/errors'

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
  /** No answer: whether the decision arrived is unknown, so the item is read again. */
  | 'network'
  | 'other'

export interface ExplainedError {
  kind: DecisionErrorKind
  title: string
  details: string
}

const BUDGET: Record<string, { title: string; details: string }> = {
  'budget-id-required': {
    title: 'This account requires a budget on every order.',
    details: 'Budget enforcement is on: choose an active budget, then accept again.',
  },
  'budget-not-active': {
    title: 'The chosen budget is not active.',
    details: 'Choose an active budget; an account administrator can reactivate this one.',
  },
  'budget-not-found': {
    title: 'The chosen budget no longer exists.',
    details: 'Choose another budget from the list.',
  },
  'account-not-enterprise': {
    title: 'Budgets are part of the Enterprise plan.',
    details: 'Accept without a budget.',
  },
}

export const isBudgetProblem = (e: unknown): boolean => isApiError(e) && !!e.code && e.code in BUDGET

function common(e: unknown): ExplainedError | null {
  if (!isApiError(e))
    return {
      kind: 'other',
      title: 'The decision failed',
      details: 'Nothing was decided. Try again in a moment.',
    }
  if (e.kind === 'network')
    return {
      kind: 'network',
      title: 'The service did not answer',
      details:
        'It is not known whether the decision arrived: it is being read again. If it still waits, decide again.',
    }
  if (e.status === 503)
    return {
      kind: 'unavailable',
      title: 'The service cannot take decisions right now',
      details: 'Nothing was decided; try again in a few minutes.',
    }
  return null
}

export function explainQuotationError(e: unknown): ExplainedError {
  const known = common(e)
  if (known || !isApiError(e)) return known ?? { kind: 'other', title: 'The decision failed', details: '' }
  const budget = e.code ? BUDGET[e.code] : undefined
  if (budget) return { kind: 'budget', ...budget }
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
