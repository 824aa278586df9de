import { paths } from '../../../config/paths'
import { orderListOptions } from '../../../data/orders/queries'
import { isTerminal, STATUS_LABELS } from '../../../data/orders/status'
import { readFresh, type NotificationSource } from './source'

type Status = keyof typeof STATUS_LABELS

export interface OrdersSnapshot {
  /** The newest `updatedAt` seen, in ms of the service's clock. */
  since: number
  orders: Record<string, { status: Status; name: string; updatedAt: number }>
}

/** The most recently changed orders: the page of the list the centre compares. */
export const ORDERS_QUERY = { size: 50, sort: 'updatedAt,desc' } as const

export function snapshotOrders(
  content: readonly { id: string; status: Status; displayName: string; updatedAt: string }[],
): OrdersSnapshot {
  const orders: OrdersSnapshot['orders'] = {}
  let since = 0
  for (const o of content) {
    const updatedAt = Date.parse(o.updatedAt) || 0
    orders[o.id] = { status: o.status, name: o.displayName, updatedAt }
    since = Math.max(since, updatedAt)
  }
  return { since, orders }
}

/** Orders whose status moved since the last read, with what changed. */
export const ordersSource: NotificationSource<OrdersSnapshot> = {
  id: 'orders',
  enabled: () => true,
  read: async (ctx) => {
    const page = await readFresh(ctx, orderListOptions(ctx.client, { ...ORDERS_QUERY }))
    return snapshotOrders(page.content)
  },
  diff: (previous, next) => {
    if (!previous) return []
    return Object.entries(next.orders).flatMap(([id, o]) => {
      const before = previous.orders[id]?.status
      if (before === o.status) return []
      // An order the last read did not list (placed since, or further down): news once it has come to an
      // end after that read — one placed and already fulfilled, say.
      if (!before && !(isTerminal(o.status) && o.updatedAt > previous.since)) return []
      return [
        {
          key: `order:${id}:${o.status}`,
          title: `${o.name}: ${STATUS_LABELS[o.status].toLowerCase()}`,
          detail: before
            ? `${STATUS_LABELS[before]} → ${STATUS_LABELS[o.status]}`
            : `Now ${STATUS_LABELS[o.status].toLowerCase()}`,
          href: paths.order(id),
        },
      ]
    })
  },
}
