import type { Geometry } from 'geojson'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import type { Order } from '../../data/orders/queries'
import { startImageryReader } from '../../data/storage/imagery/run-read'
import { MAX_IMAGES, useItemsImagery } from '../../data/storage/imagery/use-imagery'
import { searchOptions } from '../../data/storage/queries'
import { boundsOf } from '../../lib/geometry-bounds'
import { useRefetchWhenFulfilled } from './use-refetch-when-fulfilled'

/**
 * What an order delivered, drawn on its map: the stored items whose order is this one (a storage search on
 * the `order_id` queryable, asked once deliveries can have landed, and again when the order is fulfilled),
 * each read at the size it shows over the order's area. `picturesFirst` says whether the page should hold
 * its map (decision 39): while the deliveries are searched for and their pictures read, so the reads have the
 * machine to themselves and the map draws them in its first frames.
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
  // The reader's worker loads while the order and its deliveries are asked for, not after.
  useEffect(() => {
    if (delivering) startImageryReader()
  }, [delivering])
  const items = q.data?.features
  const view = useMemo(() => (aoi ? boundsOf([aoi]) : null), [aoi])
  const { mapBox, imagery } = useItemsImagery(items, view)
  const picturesFirst = delivering && (q.isPending || imagery.reading)
  return { items, mapBox, imagery, picturesFirst }
}
