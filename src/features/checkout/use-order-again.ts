import { useQueryClient } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { useEffect, useRef, useState } from 'react'
import { useApiClient } from '../../api/console-context'
import { useAoiStore } from '../../components/aoi/aoi-store'
import { defaultsOf } from '../../lib/order-params/form-model'
import { orderFormOptions } from '../../data/orders/ordering-queries'
import { orderOptions, type Order } from '../../data/orders/queries'
import { withSceneId, type Collection } from '../../data/orders/scene-line'
import { useCheckoutStore } from './checkout-store'
import { useCheckoutView } from './use-checkout-view'

/** What "Order again" from an order's page did: a line filled from the order, or why not. */
export type AgainOutcome =
  { kind: 'applied'; orderId: string; orderName: string } | { kind: 'refused'; reason: string } | null

const polygonsOf = (g: unknown): Polygon[] => {
  const geometry = g as { type?: string; coordinates?: unknown }
  if (geometry?.type === 'Polygon') return [geometry as Polygon]
  if (geometry?.type === 'MultiPolygon')
    return (geometry.coordinates as Polygon['coordinates'][]).map((coordinates) => ({
      type: 'Polygon',
      coordinates,
    }))
  return []
}

/**
 * `?again=<order id>` (an archive order's "Order again"): a new line with the order's data product, its scene
 * in the order form (the form's other defaults around it), its area, name and tags — the same line, to place
 * again once checked. The order is read from the service; the parameter then leaves the URL, so a reload does
 * not add the line twice.
 */
export function useOrderAgain(collections: Collection[] | undefined): AgainOutcome {
  const [{ againOrderId: orderId }, leave] = useCheckoutView()
  const client = useApiClient()
  const qc = useQueryClient()
  const [outcome, setOutcome] = useState<AgainOutcome>(null)
  // Effects run twice on mount in development (StrictMode): one link, one line.
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (!orderId || !collections || handled.current === orderId) return
    handled.current = orderId
    const clear = () => leave('again')
    void (async () => {
      let order: Order
      try {
        order = await qc.fetchQuery(orderOptions(client, orderId))
      } catch {
        setOutcome({ kind: 'refused', reason: 'The order could not be read.' })
        clear()
        return
      }
      const productId = order.dataProductId
      const collection = collections.find((c) => c.dataProducts.some((p) => p.id === productId))
      const details = order.orderDetails as { aoi?: unknown; imageId?: string } | undefined
      if (order.type !== 'ARCHIVE' || !productId || !collection || !details?.imageId) {
        setOutcome({
          kind: 'refused',
          reason: 'Only an archive order of a data product the account can still order can be ordered again.',
        })
        clear()
        return
      }
      const form = await qc.fetchQuery(orderFormOptions(client, productId)).catch(() => null)
      const sceneParams = form
        ? withSceneId(form, defaultsOf(form, {}), details.imageId)
        : { id: details.imageId }
      const aoi = polygonsOf(details.aoi)
      const store = useCheckoutStore.getState()
      store.addProductLine(collection.name, productId)
      const added = useCheckoutStore.getState().productLines.at(-1)
      if (added)
        store.update(added.key, {
          dataProductId: productId,
          displayName: order.displayName,
          tags: [...order.tags],
          params: sceneParams,
          area: 'aoi',
          ...(aoi.length > 0 ? { aoi } : {}),
        })
      // The analyst's own AOI stays; an empty toolkit takes the order's, so the map shows what is ordered.
      if (aoi.length > 0 && useAoiStore.getState().polygons.length === 0)
        useAoiStore.getState().setPolygons(aoi)
      store.setStep('edit')
      setOutcome({ kind: 'applied', orderId: order.id, orderName: order.displayName })
      clear()
    })()
  }, [orderId, collections, client, qc, leave])
  return outcome
}
