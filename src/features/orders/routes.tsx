import type { RouteObject } from 'react-router'
import { permissionsOf } from '../../api/console-context'
import { orderListOptions, orderOptions } from '../../data/orders/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { OrderPage } from './components/order-page'
import { OrdersPage } from './components/orders-page'
import { ordersQuery, readOrdersView, viewProblems } from './url-state'
import { budgetsOptions, productsOptions, taskingCollectionsOptions } from './use-order-lookups'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

function prefetchLookups(ctx: RouteContext) {
  const { client, session } = ctx.services
  prefetch(ctx, productsOptions(client))
  if (permissionsOf(session.getSnapshot().user).budgets) prefetch(ctx, budgetsOptions(client))
}

/** The orders list: the page of the URL's view, and the names it shows beside orders. */
export function ordersListRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const view = readOrdersView(new URL(request.url).searchParams)
      // A view with a problem is not sent: the page says what to fix.
      if (Object.keys(viewProblems(view)).length === 0)
        prefetch(ctx, orderListOptions(ctx.services.client, ordersQuery(view)))
      prefetchLookups(ctx)
      return null
    },
    Component: OrdersPage,
  }
}

/** One order. */
export function orderRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.orderId) prefetch(ctx, orderOptions(ctx.services.client, params.orderId))
      prefetchLookups(ctx)
      prefetch(ctx, taskingCollectionsOptions(ctx.services.client))
      return null
    },
    Component: OrderPage,
  }
}
