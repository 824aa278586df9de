import type { BudgetListQuery } from '../../data/budgets/queries'

/** The dashboard's status filter as the URL holds it (`?status=ACTIVE`); no parameter means every budget. */
export const STATUS_FILTERS = { all: 'All', ACTIVE: 'Active', INACTIVE: 'Inactive' } as const
export type StatusFilter = keyof typeof STATUS_FILTERS

export function readStatusFilter(params: URLSearchParams): StatusFilter {
  const s = params.get('status')
  return s === 'ACTIVE' || s === 'INACTIVE' ? s : 'all'
}

/** Every budget of the account fits one page (accounts have a handful), by name. */
export function budgetListQuery(status: StatusFilter): BudgetListQuery {
  return { ...(status === 'all' ? {} : { status: [status] }), size: 100, sort: 'name,asc' }
}
