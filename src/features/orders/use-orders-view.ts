import { useCallback, useMemo } from 'react'
import { useLatestSearch } from '../../lib/use-latest-search'
import { ordersSearch, readOrdersView, type OrdersView } from './url-state'

/**
 * The orders list's view read from and written to the URL, so back and forward move between views and every
 * view can be shared. A change starts again at page 1 unless it names a page itself: the old page number
 * means nothing once the filters, sort or page size differ.
 */
export function useOrdersView(): [OrdersView, (change: Partial<OrdersView>) => void] {
  const [params, setParams] = useLatestSearch()
  const view = useMemo(() => readOrdersView(params), [params])
  const update = useCallback(
    (change: Partial<OrdersView>) =>
      setParams((latest) => ordersSearch({ ...readOrdersView(latest), page: 1, ...change })),
    [setParams],
  )
  return [view, update]
}
