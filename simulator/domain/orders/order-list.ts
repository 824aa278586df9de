import type { SortRequest } from '../world/sort'
import { sortBy } from '../world/sort'
import type { S } from '../world/types'
import type { World } from '../world/world'
import { ordersOf } from './by-account'

/** The order list's rules: which of an account's orders a query keeps, and in which order. */

export const ORDER_SORTABLE = ['createdAt', 'updatedAt', 'type', 'status', 'displayName'] as const
export type OrderSortField = (typeof ORDER_SORTABLE)[number]

/** A checked list query; absent values and empty sets keep every order. Ids are lower case. */
export interface OrderQuery {
  accountId: string
  workspaceId?: string
  type?: S['Order']['type']
  statuses: ReadonlySet<string>
  subStatuses: ReadonlySet<string>
  /** Part of the name, lower case. */
  displayName?: string
  dataProductIds: ReadonlySet<string>
  orderIds: ReadonlySet<string>
  budgetIds: ReadonlySet<string>
  /** An order with any of them matches. */
  tags: ReadonlySet<string>
  /** A field of ORDER_SORTABLE; none is oldest last, as is `createdAt,desc`. */
  sort?: SortRequest
}

const subStatusOf = (order: S['Order']): unknown =>
  order.orderDetails && 'subStatus' in order.orderDetails ? order.orderDetails.subStatus : undefined

function keeps(order: S['Order'], q: OrderQuery): boolean {
  if (q.workspaceId && order.workspaceId !== q.workspaceId) return false
  if (q.type && order.type !== q.type) return false
  if (q.statuses.size > 0 && !q.statuses.has(order.status)) return false
  if (q.subStatuses.size > 0) {
    const sub = subStatusOf(order)
    if (typeof sub !== 'string' || !q.subStatuses.has(sub)) return false
  }
  if (q.displayName && !order.displayName.toLowerCase().includes(q.displayName)) return false
  if (q.dataProductIds.size > 0 && !(order.dataProductId && q.dataProductIds.has(order.dataProductId)))
    return false
  if (q.orderIds.size > 0 && !q.orderIds.has(order.id)) return false
  if (q.budgetIds.size > 0 && !(order.budgetId && q.budgetIds.has(order.budgetId))) return false
  if (q.tags.size > 0 && !order.tags.some((t) => q.tags.has(t))) return false
  return true
}

/** The account's orders that match, sorted. */
export function listOrders(world: World, q: OrderQuery): S['Order'][] {
  const filtered =
    q.workspaceId ||
    q.type ||
    q.statuses.size ||
    q.subStatuses.size ||
    q.displayName ||
    q.dataProductIds.size ||
    q.orderIds.size ||
    q.budgetIds.size ||
    q.tags.size
  const matches: S['Order'][] = []
  for (const { order } of ordersOf(world, q.accountId)) if (!filtered || keeps(order, q)) matches.push(order)
  const sort = q.sort
  // Orders are stored in creation order, so the usual sorts need no comparison sort at all.
  if (!sort || sort.field === 'createdAt') return sort?.direction === 'asc' ? matches : matches.reverse()
  return sortBy(matches, sort, (o, field) => o[field as OrderSortField])
}
