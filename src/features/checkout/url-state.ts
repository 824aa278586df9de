import { readSharedText, type SHARE_PARAM } from '../../lib/share-link'

/**
 * What a link hands the checkout on arrival: `?product=<data product id>` (a collection's data products: a
 * line for that product), `?again=<order id>` (an archive order's "Order again", `paths.checkoutAgain`: the
 * order's line) and `?shared=` (a Viewer's checkout shared as a link, still encoded: lib/share-link). Each is
 * acted on once and then leaves the URL, so a reload does not add its line again.
 */
export interface CheckoutHandOver {
  productId: string | null
  againOrderId: string | null
  shared: string | null
}

/** The parameter of each hand-over, by the name the URL gives it. */
export type CheckoutHandOverParam = 'product' | 'again' | typeof SHARE_PARAM

/** An empty product or order names none. */
const named = (raw: string | null) => (raw ? raw : null)

export function readCheckoutHandOver(params: URLSearchParams): CheckoutHandOver {
  return {
    productId: named(params.get('product')),
    againOrderId: named(params.get('again')),
    shared: readSharedText(params),
  }
}

/** The checkout's search once a hand-over was acted on: that parameter gone, every other one kept. */
export function withoutHandOver(params: URLSearchParams, param: CheckoutHandOverParam): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(param)
  return next
}
