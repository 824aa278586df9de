import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { useBudgetChoices } from '../../features/budgets/use-budget-choices'
import { collectionListOptions } from '../../features/glossary/queries'
import type { CheckoutPageProps } from '../../features/ordering/components/checkout-page'
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
    return (
      <Page
        collections={q.data?.content}
        glossaryError={q.error}
        onRetryGlossary={() => void q.refetch()}
        budgets={budgets}
      />
    )
  }
}

export function checkoutRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'checkout',
      loader: () => {
        prefetch(ctx, archiveCollections(ctx.services.client))
        return null
      },
      lazy: async () => ({
        Component: withGlossaryAndBudgets(
          (await import('../../features/ordering/components/checkout-page')).CheckoutPage,
        ),
      }),
    },
  ]
}
