import { useQueryClient } from '@tanstack/react-query'
import { useCallback, type ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { budgetKeys } from '../../data/budgets/queries'
import { useBudgetChoices } from '../../data/budgets/use-budget-choices'
import { orderKeys } from '../../data/orders/queries'
import type { QuotationPageProps } from '../../features/decisions/components/quotation-page'
import type { StudyPageProps } from '../../features/decisions/components/study-page'
import { inboxRequests, readInboxView } from '../../features/decisions/inbox'
import {
  quotationListOptions,
  quotationOptions,
  studyListOptions,
  studyOptions,
} from '../../data/decisions/queries'
import { prefetch, type RouteContext } from '../route-context'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

/**
 * A decision moves its order on (sub-status, status, deliveries) and an acceptance charges a budget: the
 * orders and budgets areas' caches are refreshed here, as the tasking feature cannot import them.
 */
function useOnDecided() {
  const qc = useQueryClient()
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: orderKeys.all })
    void qc.invalidateQueries({ queryKey: budgetKeys.all })
  }, [qc])
}

function withOnDecided(Page: ComponentType<StudyPageProps>) {
  return function StudyRoute() {
    return <Page onDecided={useOnDecided()} />
  }
}

/** The quotation page also gets the budgets this user may charge (from the budgets area). */
function withBudgets(Page: ComponentType<QuotationPageProps>) {
  return function QuotationRoute() {
    const budgets = useBudgetChoices()
    return <Page budgets={budgets} onDecided={useOnDecided()} />
  }
}

/** The inbox's loader and page, loaded with the route (see decisions-routes.tsx). */
export async function decisionsListRoute(ctx: RouteContext): Promise<RoutePart> {
  const { client } = ctx.services
  const { DecisionsPage } = await import('../../features/decisions/components/decisions-page')
  return {
    loader: ({ request }) => {
      const { pending, decided } = inboxRequests(readInboxView(new URL(request.url).searchParams))
      prefetch(ctx, studyListOptions(client, pending))
      prefetch(ctx, quotationListOptions(client, pending))
      prefetch(ctx, studyListOptions(client, decided))
      prefetch(ctx, quotationListOptions(client, decided))
      return null
    },
    Component: DecisionsPage,
  }
}

export async function studyRoute(ctx: RouteContext): Promise<RoutePart> {
  const { client } = ctx.services
  const { StudyPage } = await import('../../features/decisions/components/study-page')
  return {
    loader: ({ params }) => {
      if (params.id) prefetch(ctx, studyOptions(client, params.id))
      return null
    },
    Component: withOnDecided(StudyPage),
  }
}

export async function quotationRoute(ctx: RouteContext): Promise<RoutePart> {
  const { client } = ctx.services
  const { QuotationPage } = await import('../../features/decisions/components/quotation-page')
  return {
    loader: ({ params }) => {
      if (params.id) prefetch(ctx, quotationOptions(client, params.id))
      return null
    },
    Component: withBudgets(QuotationPage),
  }
}
