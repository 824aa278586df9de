import type { RouteObject } from 'react-router'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { itemOptions } from '../../data/storage/queries'
import { ChangeReviewPage } from './components/change-review-page'
import { readChangeView } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

export function changeReviewRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const { item } = readChangeView(new URL(request.url).searchParams)
      if (item) prefetch(ctx, itemOptions(ctx.services.client, item.collectionId, item.itemId))
      return null
    },
    Component: ChangeReviewPage,
  }
}
