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

/** How a budget's page charts its usage: credits per day, or the running total (`?chart=cumulative`). */
export type ChartMode = 'daily' | 'cumulative'

/** A budget page's chart mode; anything but `cumulative` is the default, per day. */
export const readChartMode = (params: URLSearchParams): ChartMode =>
  params.get('chart') === 'cumulative' ? 'cumulative' : 'daily'

/** The budget page's search with another chart mode (the default left out), every other parameter kept. */
export function withChartMode(params: URLSearchParams, mode: ChartMode): URLSearchParams {
  const next = new URLSearchParams(params)
  if (mode === 'cumulative') next.set('chart', mode)
  else next.delete('chart')
  return next
}
