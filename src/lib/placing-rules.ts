import { BUDGET_PROBLEMS, budgetBlocker, type BudgetGateInput } from './budget-rules'

/**
 * The rules every placing page shares — the checkout, the tasking request and the processing launch: where
 * placing sends (workspace and budget), what stops the review, and how a budget refusal is said. They were
 * written once per page; the pages now read them through `usePlacingFlow` (components/placing-flow/).
 */

/** Where placing sends its orders or job: the workspace and the budget. */
export interface PlaceTarget {
  workspaceId: string
  budgetId: string | null
}

/** A refusal of placing in plain words, as the pages show it. */
export interface PlacingProblem {
  message: string
  details?: string
}

/** A failed attempt as the pages keep it: its words, and the problem's slug where the service gave one. */
export interface PlacingFailure extends PlacingProblem {
  code?: string
}

/**
 * Where placing sends, or null before a workspace is chosen. A budget kept from another session (the draft
 * outlives a sign-in) is sent only where budgets apply to this user.
 */
export function placeTargetOf(
  gate: Pick<BudgetGateInput, 'available'>,
  workspaceId: string | null,
  budgetId: string | null,
): PlaceTarget | null {
  return workspaceId ? { workspaceId, budgetId: gate.available ? budgetId : null } : null
}

/** The name of the budget charged, for the review's total; null when none is charged. */
export function chargedBudgetName(
  gate: Pick<BudgetGateInput, 'available' | 'budgets'>,
  budgetId: string | null,
): string | null {
  if (!gate.available || !budgetId) return null
  return gate.budgets.find((b) => b.id === budgetId)?.name ?? 'the chosen budget'
}

/**
 * What stops the review, in the order the pages list it: the page's own (lines, features, inputs), then the
 * budget, then the workspace.
 */
export function placingBlockers(opts: {
  own: readonly string[]
  gate: BudgetGateInput
  budgetId: string | null
  workspaceId: string | null
  /** What is charged: an order (the default) or a processing job. */
  subject?: 'order' | 'job'
}): string[] {
  const budget = budgetBlocker(opts.gate, opts.budgetId, opts.subject)
  return [
    ...opts.own,
    ...(budget ? [budget] : []),
    ...(opts.workspaceId ? [] : ['Choose a workspace in the header.']),
  ]
}

/** The failure when it is one of the contract's budget refusals (answered at the budget gate), else null. */
export const budgetRefusalOf = <F extends PlacingFailure>(failure: F | null): F | null =>
  failure?.code && BUDGET_PROBLEMS.has(failure.code) ? failure : null

/**
 * A budget refusal as the page shows it. A user whose role cannot choose budgets is not told to choose one
 * when the account requires a budget: an administrator has to place it (`whatIsPlaced`: "these orders").
 */
export function budgetProblemOf(
  refusal: PlacingFailure | null,
  gate: Pick<BudgetGateInput, 'available'>,
  whatIsPlaced: string,
): PlacingProblem | null {
  if (!refusal) return null
  return {
    message: refusal.message,
    details:
      refusal.code === 'budget-id-required' && !gate.available
        ? `Budget enforcement is on, and your role cannot choose budgets. Ask an account administrator to place ${whatIsPlaced}.`
        : refusal.details,
  }
}
