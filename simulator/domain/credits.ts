import { problem } from '../http/errors'
import type { Account } from './types'
import type { World } from './world'

/**
 * Money rules shared by orders, quotations and processing jobs: the budget gate of the contract, and credits
 * that are held on placement, then captured (deducted, recorded on the budget) or released.
 */

/** The budget gate: null when the request may go on, otherwise the contract's problem response. */
export function budgetProblem(
  world: World,
  account: Account,
  budgetId: string | null | undefined,
  instance: string,
): Response | null {
  if (budgetId) {
    if (account.plan !== 'ENTERPRISE') {
      return problem({
        status: 404,
        slug: 'account-not-enterprise',
        title: 'Budgets need the Enterprise plan',
        detail:
          'This account is not on the Enterprise plan, so a budget cannot be used. Send the request without budgetId.',
        instance,
      })
    }
    const record = world.budgets.get(budgetId)
    if (!record || record.accountId !== account.id) {
      return problem({
        status: 404,
        slug: 'budget-not-found',
        title: 'Budget not found',
        detail: `No budget ${budgetId} exists in this account.`,
        instance,
      })
    }
    if (record.budget.status !== 'ACTIVE') {
      return problem({
        status: 400,
        slug: 'budget-not-active',
        title: 'Budget not active',
        detail: `Budget "${record.budget.name}" is ${record.budget.status}; choose an active budget.`,
        instance,
        errors: [{ name: 'budgetId', reason: 'budget is not active' }],
      })
    }
    return null
  }
  if (account.plan === 'ENTERPRISE' && account.budgetSettings.enforcementEnabled) {
    return problem({
      status: 400,
      slug: 'budget-id-required',
      title: 'Budget ID required',
      detail: 'Budget enforcement is on for this account: every order and processing job needs a budgetId.',
      instance,
      errors: [{ name: 'budgetId', reason: 'is required while budget enforcement is enabled' }],
    })
  }
  return null
}

export function holdCredits(account: Account, amount: number): boolean {
  if (account.creditBalance < amount) return false
  account.creditBalance -= amount
  account.heldCredits += amount
  return true
}

export function releaseCredits(account: Account, amount: number): void {
  const a = Math.min(amount, account.heldCredits)
  account.heldCredits -= a
  account.creditBalance += a
}

/** Turns held credits into spent ones and records the consumption on the budget, if any. */
export function captureCredits(
  world: World,
  account: Account,
  amount: number,
  budgetId: string | null | undefined,
  ref: { orderId?: string; jobId?: string },
): void {
  account.heldCredits -= Math.min(amount, account.heldCredits)
  recordUsage(world, budgetId, amount, ref)
}

/** Deducts credits at once (accepting a quotation). False when the balance does not cover them. */
export function chargeCredits(
  world: World,
  account: Account,
  amount: number,
  budgetId: string | null | undefined,
  ref: { orderId?: string; jobId?: string },
): boolean {
  if (account.creditBalance < amount) return false
  account.creditBalance -= amount
  recordUsage(world, budgetId, amount, ref)
  return true
}

function recordUsage(
  world: World,
  budgetId: string | null | undefined,
  credits: number,
  ref: { orderId?: string; jobId?: string },
): void {
  if (!budgetId) return
  const record = world.budgets.get(budgetId)
  if (!record) return
  record.records.push({ ...ref, credits, recordedAt: new Date(world.now()).toISOString() })
}
