import type { RouteObject } from 'react-router'
import { collectionsOfTypeOptions } from '../../data/glossary/queries'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { CheckoutPage } from './components/checkout-page'

/** The archive checkout: the basket's scenes are ordered as archive data products. */
export function checkoutRoute(ctx: RouteContext): Pick<RouteObject, 'loader' | 'Component'> {
  return {
    loader: () => {
      prefetch(ctx, collectionsOfTypeOptions(ctx.services.client, 'ARCHIVE'))
      return null
    },
    Component: CheckoutPage,
  }
}
