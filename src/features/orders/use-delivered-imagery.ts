import type { Geometry } from 'geojson'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import type { Order } from '../../data/orders/queries'
import { MAX_IMAGES, useItemsImagery } from '../../data/storage/imagery/use-imagery'
import { searchOptions } from '../../data/storage/queries'
import { boundsOf } from '../../lib/geometry-bounds'
import { useRefetchWhenFulfilled } from './use-refetch-when-fulfilled'

/**
 * What an order delivered, drawn on its map: the stored items whose order is this one (a storage search on
 * the `order_id` queryable, asked once deliveries can have landed, and again when the order is fulfilled),
 * each read at the size it shows over the order's area.
 */
export function useDeliveredImagery(order: Order, aoi: Geometry | null) {
  const client = useApiClient()
  const delivering = order.status === 'FULFILLED' || order.status === 'BEING_FULFILLED'
  const q = useQuery({
    ...searchOptions(client, {
      filter: { op: '=', args: [{ property: 'order_id' }, order.id] },
      'filter-lang': 'cql2-json',
      limit: MAX_IMAGES,
    }),
    enabled: delivering,
  })
  useRefetchWhenFulfilled(order.status, q.refetch)
  const items = q.data?.features
  const view = useMemo(() => (aoi ? boundsOf([aoi]) : null), [aoi])
  return { items, ...useItemsImagery(items, view) }
}
