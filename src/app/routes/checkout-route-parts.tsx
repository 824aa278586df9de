import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { budgetKeys } from '../../features/budgets/queries'
import { useBudgetChoices } from '../../features/budgets/use-budget-choices'
import { collectionListOptions } from '../../features/glossary/queries'
import type { CheckoutPageProps } from '../../features/ordering/components/checkout-page'
import { orderKeys } from '../../features/orders/queries'
import { prefetch, type RouteContext } from '../route-context'

/** Archive collections with their data products and licences: what a basket's scenes are ordered as. */
const archiveCollections = (client: ApiClient) =>
  collectionListOptions(client, { type: 'ARCHIVE', size: 100 })

/** The checkout reads the glossary and the budgets through the app: features do not import each other. */
function withGlossaryAndBudgets(Page: ComponentType<CheckoutPageProps>) {
  return function CheckoutRoute() {
    const client = useApiClient()
    const q = useQuery({ ...archiveCollections(client), throwOnError: false })
    const budgets = useBudgetChoices()
    const qc = useQueryClient()
    return (
      <Page
        collections={q.data?.content}
        glossaryError={q.error}
        onRetryGlossary={() => void q.refetch()}
        budgets={budgets}
        onPlaced={() => {
          // New orders belong in every list of orders, and their holds in the budgets' usage.
          void qc.invalidateQueries({ queryKey: orderKeys.all })
          void qc.invalidateQueries({ queryKey: budgetKeys.all })
        }}
      />
    )
  }
}

export async function checkoutRoute(ctx: RouteContext): Promise<Pick<RouteObject, 'loader' | 'Component'>> {
  const { CheckoutPage } = await import('../../features/ordering/components/checkout-page')
  return {
    loader: () => {
      prefetch(ctx, archiveCollections(ctx.services.client))
      return null
    },
    Component: withGlossaryAndBudgets(CheckoutPage),
  }
}
