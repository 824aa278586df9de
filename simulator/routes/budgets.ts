import { UUID } from '../domain/world/random'
import type { BudgetRecord, S } from '../domain/world/types'
import { HttpError, problem } from '../http/errors'
import { parsePageQuery, springPage } from '../http/paging'
import { sortBy } from '../domain/world/sort'
import { queryList, type Api, type ApiContext, type SimRuntime } from '../http/runtime'

/** Budgets, their usage and the account's enforcement settings (contract "Budgets", notes §10). */

export function registerBudgets(api: Api, sim: SimRuntime): void {
  api.get('/v2/budgets', (c) => {
    guard(c)
    const account = c.get('account')
    // Repeated (`status=A&status=B`) or comma-joined; a value that is no status matches no budget.
    const statuses = queryList(c, 'status', true).map((s) => s.toUpperCase())
    // The contract declares no 400 here: bad paging values fall back to the defaults.
    const parsed = parsePageQuery((n) => c.req.query(n), {
      sortable: ['updatedAt', 'createdAt', 'name'],
      defaultSort: 'updatedAt,desc',
      strict: false,
    })
    const page = parsed.ok ? withinInt32(parsed.value) : { page: 0, size: 20 }
    const items = [...sim.world.budgets.values()]
      .filter(
        (r) => r.accountId === account.id && (statuses.length === 0 || statuses.includes(r.budget.status)),
      )
      .map((r) => r.budget)
    const sorted = sortBy(items, page.sort, (b, field) =>
      field === 'name' ? b.name.toLowerCase() : field === 'createdAt' ? b.createdAt : b.updatedAt,
    )
    return c.json(springPage(sorted, page))
  })

  // Registered before `/:budgetId` so the literal segment is never taken for an id.
  api.get('/v2/budgets/settings', (c) => {
    guard(c)
    const settings: S['BudgetSettings'] = { ...c.get('account').budgetSettings }
    return c.json(settings)
  })

  api.get('/v2/budgets/:budgetId', (c) => {
    guard(c)
    return c.json(findBudget(sim, c).budget)
  })

  api.get('/v2/budgets/:budgetId/usage', (c) => {
    guard(c)
    const record = findBudget(sim, c)
    const usage: S['BudgetUsage'] = {
      budgetId: record.budget.id,
      consumedCredits: record.records.reduce((sum, r) => sum + r.credits, 0),
      allocatedCredits: record.budget.allocatedCredits,
      records: record.records.map((r) => ({ ...r })),
    }
    return c.json(usage)
  })
}

/**
 * The middleware already refuses tokens without `budget.r`; the role is checked again because the contract
 * rules the Viewer out by role, whatever scopes a token might carry. Then the plan: budgets are Enterprise only.
 */
function guard(c: ApiContext): void {
  const user = c.get('user')
  const account = c.get('account')
  if (user.role === 'VIEWER') {
    throw new HttpError(
      problem({
        status: 403,
        slug: 'insufficient-role',
        title: 'Forbidden',
        detail: 'Budgets are not available to the Viewer role; ask an account admin.',
        instance: c.req.path,
      }),
    )
  }
  if (account.plan !== 'ENTERPRISE') {
    throw new HttpError(
      problem({
        status: 404,
        slug: 'account-not-enterprise',
        title: 'Budgets need the Enterprise plan',
        detail: 'This account is not on the Enterprise plan, so it has no budgets.',
        instance: c.req.path,
      }),
    )
  }
}

function findBudget(sim: SimRuntime, c: ApiContext): BudgetRecord {
  const id = c.req.param('budgetId') ?? ''
  const record = UUID.test(id) ? sim.world.budgets.get(id) : undefined
  if (!record || record.accountId !== c.get('account').id) {
    throw new HttpError(
      problem({
        status: 404,
        slug: 'budget-not-found',
        title: 'Budget not found',
        detail: `No budget ${id} exists in this account.`,
        instance: c.req.path,
      }),
    )
  }
  return record
}

/** The page number is an int32 in the contract's envelope; a larger one is clamped (an empty page follows). */
function withinInt32<T extends { page: number }>(req: T): T {
  return { ...req, page: Math.min(req.page, 2_147_483_647) }
}
