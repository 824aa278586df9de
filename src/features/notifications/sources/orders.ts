import { paths } from '../../../config/paths'
import { orderListOptions } from '../../../data/orders/queries'
import { isTerminal, STATUS_LABELS } from '../../../data/orders/status'
import { countLabel } from '../../../lib/format'
import { shortDay } from '../words'
import { readFresh, type NotificationSource } from './source'

type Status = keyof typeof STATUS_LABELS

/** One status the centre saw an order in, and since when (the service's `updatedAt`, ms). */
export interface Seen {
  status: Status
  at: number
}

export interface OrdersSnapshot {
  /** The newest `updatedAt` seen, in ms of the service's clock. */
  since: number
  orders: Record<string, { status: Status; name: string; updatedAt: number; path?: Seen[] }>
}

/** The most recently changed orders: the page of the list the centre compares. */
export const ORDERS_QUERY = { size: 50, sort: 'updatedAt,desc' } as const

/** How each status reads in the path an order took. */
const STEP_WORDS: Record<Status, string> = {
  CREATED: 'ordered',
  BEING_PLACED: 'being placed',
  PLACED: 'placed',
  PLACEMENT_FAILED: 'placement failed',
  BEING_FULFILLED: 'being fulfilled',
  FULFILLED: 'delivered',
  FAILED_PERMANENTLY: 'failed',
  CANCELED: 'canceled',
}

/** The statuses an order only passes through: worth naming only while it is in them. */
const PASSING: ReadonlySet<Status> = new Set(['BEING_PLACED', 'BEING_FULFILLED'])

/**
 * The path an order took as the centre saw it — "placed 2 Nov, delivered 4 Nov": each status it was seen in,
 * on the day the service dated it. Reads are a minute apart at best, so statuses between two reads are not
 * seen; the path names only what was, never a step from one to the next (an order seen with its placement
 * failed and then fulfilled was placed again in between, unseen).
 */
export function pathWords(path: readonly Seen[]): string {
  return path
    .filter((s, i) => i === path.length - 1 || !PASSING.has(s.status))
    .map((s) => `${STEP_WORDS[s.status]} ${shortDay(s.at)}`)
    .join(', ')
}

export function snapshotOrders(
  content: readonly {
    id: string
    status: Status
    displayName: string
    updatedAt: string
    createdAt?: string
  }[],
  previous?: OrdersSnapshot,
): OrdersSnapshot {
  const orders: OrdersSnapshot['orders'] = {}
  let since = 0
  for (const o of content) {
    const updatedAt = Date.parse(o.updatedAt) || 0
    const before = previous?.orders[o.id]
    const seen = before?.path ?? (before ? [{ status: before.status, at: before.updatedAt }] : [])
    const path =
      seen.at(-1)?.status === o.status
        ? seen
        : // An order first seen already on: from its creation, when the list says when.
          [
            ...(seen.length === 0 && o.status !== 'CREATED' && o.createdAt
              ? [{ status: 'CREATED' as const, at: Date.parse(o.createdAt) || updatedAt }]
              : seen),
            { status: o.status, at: updatedAt },
          ]
    orders[o.id] = { status: o.status, name: o.displayName, updatedAt, path }
    since = Math.max(since, updatedAt)
  }
  return { since, orders }
}

/** Orders whose status moved since the last read: one entry per order, with the path it took. */
export const ordersSource: NotificationSource<OrdersSnapshot> = {
  id: 'orders',
  enabled: () => true,
  read: async (ctx, previous) => {
    const page = await readFresh(ctx, orderListOptions(ctx.client, { ...ORDERS_QUERY }))
    return snapshotOrders(page.content, previous)
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
          key: `order:${id}`,
          title: `${o.name}: ${STATUS_LABELS[o.status].toLowerCase()}`,
          detail: pathWords(o.path ?? [{ status: o.status, at: o.updatedAt }]),
          href: paths.order(id),
          when: new Date(o.updatedAt).toISOString(),
          fold: 'orders',
          state: STATUS_LABELS[o.status].toLowerCase(),
        },
      ]
    })
  },
  foldLine: (members, day) => {
    const byStatus = new Map<string, number>()
    for (const m of members) byStatus.set(m.state ?? '', (byStatus.get(m.state ?? '') ?? 0) + 1)
    const ids = members.map((m) => m.key.slice('order:'.length))
    return {
      title: `${countLabel(members.length, 'order')} changed on ${shortDay(day)}`,
      detail: [...byStatus]
        .sort((a, b) => b[1] - a[1])
        .map(([status, n]) => `${n} ${status}`)
        .join(', '),
      href: paths.orders(`orderIds=${ids.slice(0, 100).join(',')}`),
    }
  },
}
