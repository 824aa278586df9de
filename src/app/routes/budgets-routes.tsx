import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/**
 * The budget dashboard and one budget. One lazy module holds their loaders and pages
 * (`features/budgets/routes.tsx`), and with it the chart library: no other page loads it.
 */
export function budgetsRoutes(ctx: RouteContext): RouteObject[] {
  const routes = () => import('../../features/budgets/routes')
  return [
    { path: 'budgets', lazy: async () => (await routes()).budgetsRoute(ctx) },
    { path: 'budgets/:budgetId', lazy: async () => (await routes()).budgetRoute(ctx) },
  ]
}
