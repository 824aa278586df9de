import type { RouteObject } from 'react-router'
import {
  budgetListOptions,
  budgetOptions,
  budgetSettingsOptions,
  budgetUsageOptions,
} from '../../data/budgets/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { budgetAccess } from './access'
import { BudgetPage } from './components/budget-page'
import { BudgetsPage } from './components/budgets-page'
import { budgetListQuery, readStatusFilter } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

/** Budgets are read only by those who may (Enterprise plan, not the Viewer): others get the page that explains. */
const mayRead = (ctx: RouteContext) => budgetAccess(ctx.services.session.getSnapshot().user).kind === 'yes'

export function budgetsRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      if (mayRead(ctx)) {
        const status = readStatusFilter(new URL(request.url).searchParams)
        prefetch(ctx, budgetListOptions(ctx.services.client, budgetListQuery(status)))
        prefetch(ctx, budgetSettingsOptions(ctx.services.client))
      }
      return null
    },
    Component: BudgetsPage,
  }
}

export function budgetRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (mayRead(ctx) && params.budgetId) {
        prefetch(ctx, budgetOptions(ctx.services.client, params.budgetId))
        prefetch(ctx, budgetUsageOptions(ctx.services.client, params.budgetId))
        prefetch(ctx, budgetSettingsOptions(ctx.services.client))
      }
      return null
    },
    Component: BudgetPage,
  }
}
