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
export function budgetBlocker(gate: BudgetGateInput, budgetId: string | null): string | null {
  if (!gate.available) return null
  if (gate.enforced && !budgetId) return 'This account requires a budget on every order: choose one.'
  if (budgetId && !gate.loading && !gate.budgets.some((b) => b.id === budgetId))
    return 'The chosen budget is no longer active: choose another.'
  return null
}
