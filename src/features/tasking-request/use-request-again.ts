import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useApiClient } from '../../api/console-context'
import { useAoiStore } from '../../components/aoi/aoi-store'
import { orderOptions, type Order } from '../../data/orders/queries'
import { requestAgain } from './request-again'
import { isPending, TASKING_IDLE, type Collection } from './tasking-rules'
import { useTaskingStore } from './tasking-store'
import { useTaskingRequestView } from './use-tasking-request-view'

export type AgainOutcome =
  { kind: 'applied'; orderName: string; orderId: string } | { kind: 'refused'; reason: string } | null

/** Fills the draft and the AOI from the order, or says why not. */
function applyAgain(order: Order | undefined, orderId: string, collections: Collection[]): AgainOutcome {
  if (!order) return { kind: 'refused', reason: 'The order could not be read.' }
  if (isPending(useTaskingStore.getState().placement))
    return {
      kind: 'refused',
      reason: 'A request of yours is still being placed: ask again once its outcome is known.',
    }
  const again = requestAgain(order, collections, Date.now())
  if (!again.ok) return { kind: 'refused', reason: again.reason }
  useAoiStore.getState().setPolygons(again.value.aoi)
  useTaskingStore.setState({ draft: again.value.draft, step: 'edit', placement: TASKING_IDLE })
  return { kind: 'applied', orderName: order.displayName, orderId }
}

/**
 * "Request again" from an order's page arrives as `?again=<order id>`: once the order and the tasking
 * collections are read, the draft and the AOI become the order's (a new window from today), unless a request
 * of this user's is still being placed. The parameter then leaves the URL, so a reload keeps the analyst's
 * edits instead of filling the form again.
 */
export function useRequestAgain(collections: Collection[] | undefined): AgainOutcome {
  const client = useApiClient()
  const [{ againOrderId: orderId }, leave] = useTaskingRequestView()
  const order = useQuery({
    ...orderOptions(client, orderId ?? ''),
    enabled: orderId !== null,
    throwOnError: false,
  })
  const [outcome, setOutcome] = useState<AgainOutcome>(null)
  // Effects run twice on mount in development (StrictMode): one order, applied once.
  const handled = useRef<string | null>(null)
  const ready = order.data !== undefined || order.error !== null
  useEffect(() => {
    if (orderId === null || handled.current === orderId || !ready || !collections) return
    handled.current = orderId
    setOutcome(applyAgain(order.data, orderId, collections))
    leave('again')
  }, [orderId, ready, order.data, collections, leave])
  return outcome
}
