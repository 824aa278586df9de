import type { RouteObject } from 'react-router'
import {
  quotationListOptions,
  quotationOptions,
  studyListOptions,
  studyOptions,
} from '../../data/decisions/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { DecisionsPage } from './components/decisions-page'
import { QuotationPage } from './components/quotation-page'
import { StudyPage } from './components/study-page'
import { inboxRequests, readInboxView } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

/** The inbox: its loader prefetches the four lists the page reads (waiting and decided, of both kinds). */
export function decisionsListRoute(ctx: RouteContext): RoutePart {
  const { client } = ctx.services
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

export function studyRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.id) prefetch(ctx, studyOptions(ctx.services.client, params.id))
      return null
    },
    Component: StudyPage,
  }
}

export function quotationRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.id) prefetch(ctx, quotationOptions(ctx.services.client, params.id))
      return null
    },
    Component: QuotationPage,
  }
}
