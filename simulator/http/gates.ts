import { budgetRefusal } from '../domain/budgets/credits'
import type { Account } from '../domain/world/types'
import { isOwnWorkspace } from '../domain/accounts/workspaces'
import type { World } from '../domain/world/world'
import { problem } from './errors'

/**
 * The domain's gates as the contract answers them: the workspace and budget checks that orders, quotations,
 * geometries and processing share, each refusal turned into its problem response (null: go on).
 */

export function workspaceProblem(
  world: World,
  account: Account,
  workspaceId: string,
  instance: string,
): Response | null {
  if (isOwnWorkspace(world, account, workspaceId)) return null
  return problem({
    status: 404,
    slug: 'workspace-not-found',
    title: 'Workspace not found',
    detail: `No workspace ${workspaceId} exists in this account.`,
    instance,
  })
}

export function budgetProblem(
  world: World,
  account: Account,
  budgetId: string | null | undefined,
  instance: string,
): Response | null {
  const refusal = budgetRefusal(world, account, budgetId)
  switch (refusal?.kind) {
    case undefined:
      return null
    case 'account-not-enterprise':
      return problem({
        status: 404,
        slug: 'account-not-enterprise',
        title: 'Budgets need the Enterprise plan',
        detail:
          'This account is not on the Enterprise plan, so a budget cannot be used. Send the request without budgetId.',
        instance,
      })
    case 'budget-not-found':
      return problem({
        status: 404,
        slug: 'budget-not-found',
        title: 'Budget not found',
        detail: `No budget ${refusal.budgetId} exists in this account.`,
        instance,
      })
    case 'budget-not-active':
      return problem({
        status: 400,
        slug: 'budget-not-active',
        title: 'Budget not active',
        detail: `Budget "${refusal.name}" is ${refusal.status}; choose an active budget.`,
        instance,
        errors: [{ name: 'budgetId', reason: 'budget is not active' }],
      })
    case 'budget-id-required':
      return problem({
        status: 400,
        slug: 'budget-id-required',
        title: 'Budget ID required',
        detail: 'Budget enforcement is on for this account: every order and processing job needs a budgetId.',
        instance,
        errors: [{ name: 'budgetId', reason: 'is required while budget enforcement is enabled' }],
      })
  }
}
