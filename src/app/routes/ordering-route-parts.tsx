import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { budgetKeys } from '../../data/budgets/queries'
import { useBudgetChoices } from '../../data/budgets/use-budget-choices'
import { collectionListOptions } from '../../data/glossary/queries'
import type { CheckoutPageProps } from '../../features/checkout/components/checkout-page'
import { orderKeys } from '../../data/orders/queries'
import { prefetch, type RouteContext } from '../route-context'

type CollectionType = 'ARCHIVE' | 'TASKING'

/** The collections of one type with their data products and licences: what the page's orders are ordered as. */
const collectionsOf = (client: ApiClient, type: CollectionType) =>
  collectionListOptions(client, { type, size: 100 })

/**
 * The checkout and the tasking request read the glossary and the budgets through the app (features do not
 * import each other), and placing refreshes what other areas show: new orders in every list of orders, holds
 * in the budgets' usage.
 */
// The tasking page takes the same props as the checkout.
function withGlossaryAndBudgets(Page: ComponentType<CheckoutPageProps>, type: CollectionType) {
  return function OrderingRoute() {
    const client = useApiClient()
    const q = useQuery({ ...collectionsOf(client, type), throwOnError: false })
    const budgets = useBudgetChoices()
    const qc = useQueryClient()
    return (
      <Page
        collections={q.data?.content}
        glossaryError={q.error}
        onRetryGlossary={() => void q.refetch()}
        budgets={budgets}
        onPlaced={() => {
          void qc.invalidateQueries({ queryKey: orderKeys.all })
          void qc.invalidateQueries({ queryKey: budgetKeys.all })
        }}
      />
    )
  }
}

function orderingRoute(
  ctx: RouteContext,
  Page: ComponentType<CheckoutPageProps>,
  type: CollectionType,
): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: () => {
      prefetch(ctx, collectionsOf(ctx.services.client, type))
      return null
    },
    Component: withGlossaryAndBudgets(Page, type),
  }
}

/** The archive checkout: the basket's scenes are ordered as archive data products. */
export async function checkoutRoute(ctx: RouteContext) {
  const { CheckoutPage } = await import('../../features/checkout/components/checkout-page')
  return orderingRoute(ctx, CheckoutPage, 'ARCHIVE')
}

/** A new tasking request, ordered as a tasking data product. */
export async function taskingRoute(ctx: RouteContext) {
  const { TaskingPage } = await import('../../features/tasking-request/components/tasking-page')
  return orderingRoute(ctx, TaskingPage, 'TASKING')
}
