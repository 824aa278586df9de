import { useEffect, useRef } from 'react'
import type { Order } from '../../data/orders/queries'

/**
 * Deliveries land while an order is being fulfilled: once the page sees it fulfilled, what it reads of them
 * is asked again, or it would stay as it was when fulfilment began (often empty) until a reload.
 */
export function useRefetchWhenFulfilled(status: Order['status'], refetch: () => unknown) {
  const seen = useRef(status)
  useEffect(() => {
    if (seen.current === status) return
    seen.current = status
    if (status === 'FULFILLED') void refetch()
  }, [status, refetch])
}
