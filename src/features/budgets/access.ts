import type { SessionUser } from '../../api/session'

export type BudgetAccess = { kind: 'yes' } | { kind: 'plan' } | { kind: 'role' }

/**
 * Whether the budget pages are the user's: budgets are an Enterprise-plan feature, and the Viewer role may
 * not read them (the contract), nor may a token without `budget.r`.
 */
export function budgetAccess(user: SessionUser | null): BudgetAccess {
  if (user?.plan !== 'ENTERPRISE') return { kind: 'plan' }
  if (user.role === 'VIEWER' || !user.scopes.includes('budget.r')) return { kind: 'role' }
  return { kind: 'yes' }
}
