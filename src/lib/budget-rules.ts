/** The budget gate's input and rule, apart from its component. */

/** An active budget as the picker shows it. */
export interface BudgetChoice {
  id: string
  name: string
  allocatedCredits: number
  /** Allocated minus consumed; null while the usage loads or when it could not be read. */
  remainingCredits: number | null
}

/** What the app composes from the budgets feature for the checkout (features do not import each other). */
export interface BudgetGateInput {
  /** Budget controls at all: Enterprise plan and a role that may read budgets. */
  available: boolean
  /** Why there are none, in plain words, when the plan has budgets but the role cannot use them. */
  whyNot: string | null
  /** Whether every order needs a budget; null while unknown. */
  enforced: boolean | null
  budgets: BudgetChoice[]
  loading: boolean
  error: unknown
  retry: () => void
}

/** Why the chosen budget blocks placing, or null. */
export function budgetBlocker(
  gate: BudgetGateInput,
  budgetId: string | null,
  subject: 'order' | 'job' = 'order',
): string | null {
  if (!gate.available) return null
  if (gate.enforced && !budgetId) return `This account requires a budget on every ${subject}: choose one.`
  if (budgetId && !gate.loading && !gate.budgets.some((b) => b.id === budgetId))
    return 'The chosen budget is no longer active: choose another.'
  return null
}

/**
 * The contract's budget refusals (problem slugs). They are about the budget chosen for the whole checkout or
 * decision, not about one line: the budget picker is where they are answered.
 */
export const BUDGET_PROBLEMS: ReadonlySet<string> = new Set([
  'budget-id-required',
  'budget-not-active',
  'budget-not-found',
  'account-not-enterprise',
])

/**
 * What the refused request was doing: placing an order, accepting a quotation (which charges a budget too), or
 * running a processing job.
 */
export type BudgetAct = 'place' | 'accept' | 'run'

// Only what the user does next differs between the two situations; the rest is said the same way.
const ACTS: Record<BudgetAct, { again: string; withoutBudget: string; every: string }> = {
  place: { again: 'place again', withoutBudget: 'Place the order without a budget.', every: 'order' },
  accept: { again: 'accept again', withoutBudget: 'Accept without a budget.', every: 'order' },
  run: { again: 'run again', withoutBudget: 'Run the job without a budget.', every: 'order and job' },
}

/** A budget refusal in plain words, with what to do; null when `code` is not one of `BUDGET_PROBLEMS`. */
export function explainBudgetProblem(
  code: string | null | undefined,
  act: BudgetAct,
): { message: string; details: string } | null {
  const { again, withoutBudget, every } = ACTS[act]
  switch (code) {
    case 'budget-id-required':
      return {
        message: `This account requires a budget on every ${every}.`,
        details: `Budget enforcement is on: choose an active budget, then ${again}.`,
      }
    case 'budget-not-active':
      return {
        message: 'The chosen budget is not active.',
        details: 'Choose an active budget; an account administrator can reactivate this one.',
      }
    case 'budget-not-found':
      return {
        message: 'The chosen budget no longer exists.',
        details: 'Choose another budget from the list.',
      }
    case 'account-not-enterprise':
      return { message: 'Budgets are part of the Enterprise plan.', details: withoutBudget }
  }
  return null
}
