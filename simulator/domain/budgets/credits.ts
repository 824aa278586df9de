import type { Account } from '../world/types'
import type { World } from '../world/world'

/**
 * Money rules shared by orders, quotations and processing jobs: the budget gate of the contract, and credits
 * that are held on placement, then captured (deducted, recorded on the budget) or released.
 */

/** Why the budget gate refuses a request; routes answer each with the contract's problem (http/gates.ts). */
export type BudgetRefusal =
  | { kind: 'account-not-enterprise' }
  | { kind: 'budget-not-found'; budgetId: string }
  | { kind: 'budget-not-active'; name: string; status: string }
  | { kind: 'budget-id-required' }

/** The budget gate: null when the request may go on, otherwise why not. */
export function budgetRefusal(
  world: World,
  account: Account,
  budgetId: string | null | undefined,
): BudgetRefusal | null {
  if (budgetId) {
    if (account.plan !== 'ENTERPRISE') return { kind: 'account-not-enterprise' }
    const record = world.budgets.get(budgetId)
    if (!record || record.accountId !== account.id) return { kind: 'budget-not-found', budgetId }
    if (record.budget.status !== 'ACTIVE')
      return { kind: 'budget-not-active', name: record.budget.name, status: record.budget.status }
    return null
  }
  if (account.plan === 'ENTERPRISE' && account.budgetSettings.enforcementEnabled)
    return { kind: 'budget-id-required' }
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
