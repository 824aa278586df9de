import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { budgetKeys } from '../../features/budgets/queries'
import { useBudgetChoices } from '../../features/budgets/use-budget-choices'
import { collectionListOptions } from '../../features/glossary/queries'
import type { TaskingPageProps } from '../../features/ordering/components/tasking-page'
import { orderKeys } from '../../features/orders/queries'
import { prefetch, type RouteContext } from '../route-context'

/** Tasking collections with their data products and licences: what a tasking request is ordered as. */
const taskingCollections = (client: ApiClient) =>
  collectionListOptions(client, { type: 'TASKING', size: 100 })

/** The tasking page reads the glossary and the budgets through the app: features do not import each other. */
function withGlossaryAndBudgets(Page: ComponentType<TaskingPageProps>) {
  return function TaskingRoute() {
    const client = useApiClient()
    const q = useQuery({ ...taskingCollections(client), throwOnError: false })
    const budgets = useBudgetChoices()
    const qc = useQueryClient()
    return (
      <Page
        collections={q.data?.content}
        glossaryError={q.error}
        onRetryGlossary={() => void q.refetch()}
        budgets={budgets}
        onPlaced={() => {
          // New orders belong in every list of orders; fixed-price holds show in the budgets' usage.
          void qc.invalidateQueries({ queryKey: orderKeys.all })
          void qc.invalidateQueries({ queryKey: budgetKeys.all })
        }}
      />
    )
  }
}

export async function taskingRoute(ctx: RouteContext): Promise<Pick<RouteObject, 'loader' | 'Component'>> {
  const { TaskingPage } = await import('../../features/ordering/components/tasking-page')
  return {
    loader: () => {
      prefetch(ctx, taskingCollections(ctx.services.client))
      return null
    },
    Component: withGlossaryAndBudgets(TaskingPage),
  }
}
