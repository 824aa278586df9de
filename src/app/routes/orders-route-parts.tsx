import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { budgetListOptions } from '../../data/budgets/queries'
import { collectionListOptions, dataProductListOptions } from '../../data/glossary/queries'
import type { OrderLookups } from '../../features/orders/components/orders-page'
import { orderListOptions, orderOptions } from '../../data/orders/queries'
import { ordersQuery, readOrdersView, viewProblems } from '../../features/orders/url-state'
import { prefetch, type RouteContext } from '../route-context'

// Every data product fits one page (the glossary has a few dozen); so do an account's budgets.
const productsOptions = (client: ApiClient) => dataProductListOptions(client, { size: 100 })
const budgetsOptions = (client: ApiClient) => budgetListOptions(client, { size: 100, sort: 'name,asc' })
const taskingOptions = (client: ApiClient) => collectionListOptions(client, { type: 'TASKING', size: 100 })

/**
 * The orders pages name data products and budgets, which other areas own: the app reads them here and hands
 * them down (features do not import each other). Budgets only for users who may read them.
 */
function withLookups(Page: ComponentType<OrderLookups>, opts: { tasking?: boolean } = {}) {
  return function OrdersRoute() {
    const client = useApiClient()
    const canBudgets = permissionsOf(useSession().user).budgets
    const products = useQuery({ ...productsOptions(client), throwOnError: false })
    const budgets = useQuery({ ...budgetsOptions(client), enabled: canBudgets, throwOnError: false })
    const tasking = useQuery({
      ...taskingOptions(client),
      enabled: opts.tasking === true,
      throwOnError: false,
    })
    return (
      <Page
        dataProducts={products.data?.content.flatMap((p) => (p.id ? [{ id: p.id, title: p.title }] : []))}
        budgets={canBudgets ? budgets.data?.content : null}
        // Tasking without a quotation (a fixed price) has no study or quotation steps to show.
        fixedPriceProducts={tasking.data?.content
          .filter((c) => !c.integrations.includes('QUOTATION_REQUIRED'))
          .flatMap((c) => c.dataProducts.flatMap((p) => (p.id ? [p.id] : [])))}
      />
    )
  }
}

function prefetchLookups(ctx: RouteContext) {
  const { client, session } = ctx.services
  prefetch(ctx, productsOptions(client))
  if (permissionsOf(session.getSnapshot().user).budgets) prefetch(ctx, budgetsOptions(client))
}

/** The list's loader and page, loaded with the route (see orders-routes.tsx). */
export async function ordersListRoute(ctx: RouteContext): Promise<Pick<RouteObject, 'loader' | 'Component'>> {
  const { client } = ctx.services
  const { OrdersPage } = await import('../../features/orders/components/orders-page')
  return {
    loader: ({ request }) => {
      const view = readOrdersView(new URL(request.url).searchParams)
      // A view with a problem is not sent: the page says what to fix.
      if (Object.keys(viewProblems(view)).length === 0)
        prefetch(ctx, orderListOptions(client, ordersQuery(view)))
      prefetchLookups(ctx)
      return null
    },
    Component: withLookups(OrdersPage),
  }
}

/** One order's loader and page. */
export async function orderRoute(ctx: RouteContext): Promise<Pick<RouteObject, 'loader' | 'Component'>> {
  const { client } = ctx.services
  const { OrderPage } = await import('../../features/orders/components/order-page')
  return {
    loader: ({ params }) => {
      if (params.orderId) prefetch(ctx, orderOptions(client, params.orderId))
      prefetchLookups(ctx)
      prefetch(ctx, taskingOptions(client))
      return null
    },
    Component: withLookups(OrderPage, { tasking: true }),
  }
}
