import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  readCheckoutHandOver,
  withoutHandOver,
  type CheckoutHandOver,
  type CheckoutHandOverParam,
} from './url-state'

/**
 * What the checkout's URL hands it (a data product, an order to place again, a shared checkout), and taking
 * a hand-over out of the URL once acted on. Taking it out replaces the entry, so Back does not return to the
 * link and a reload does not add its line again.
 */
export function useCheckoutView(): [CheckoutHandOver, (param: CheckoutHandOverParam) => void] {
  const [params, setParams] = useSearchParams()
  const { productId, againOrderId, shared } = readCheckoutHandOver(params)
  const handOver = useMemo(() => ({ productId, againOrderId, shared }), [productId, againOrderId, shared])
  const leave = useCallback(
    (param: CheckoutHandOverParam) => setParams((p) => withoutHandOver(p, param), { replace: true }),
    [setParams],
  )
  return [handOver, leave]
}
