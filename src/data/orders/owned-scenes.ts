import { queryOptions, useQuery } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { orderKeys } from './keys'
import { serializeOrderListQuery, type Order } from './queries'
import { ORDERS_PAGE_MAX } from './ordering-queries'
import { formatUtcDay } from '../../lib/format'
import { STATUS_LABELS, type OrderStatus } from './status'

/**
 * The scenes the account already ordered: an archive order names its scene in `orderDetails.imageId` (the
 * service notes' archive order details), and an order counts unless it failed or was canceled — one still
 * being placed or fulfilled is money already committed.
 */
export const OWNING_STATUSES: readonly OrderStatus[] = [
  'CREATED',
  'BEING_PLACED',
  'PLACED',
  'BEING_FULFILLED',
  'FULFILLED',
]

/** One order of a scene the account owns, as the catalog and the checkout say it. */
export interface OwnedOrder {
  orderId: string
  displayName: string
  status: OrderStatus
  dataProductId: string | null
  /** When it was ordered (`createdAt`). */
  orderedAt: string
}

/** Scene id → the orders holding it, newest first. */
export type OwnedScenes = ReadonlyMap<string, readonly OwnedOrder[]>

/** The scene id an archive order names, or null (a tasking order, or details the service left out). */
export function sceneIdOf(order: Pick<Order, 'type' | 'orderDetails'>): string | null {
  if (order.type !== 'ARCHIVE') return null
  const details = order.orderDetails
  const id = details && 'imageId' in details ? details.imageId : undefined
  return typeof id === 'string' && id !== '' ? id : null
}

/** The owned scenes of a list of orders (any order; failed, canceled and tasking ones are left out). */
export function ownedScenesOf(orders: readonly Order[]): OwnedScenes {
  const owning = new Set(OWNING_STATUSES)
  const out = new Map<string, OwnedOrder[]>()
  for (const o of orders) {
    const scene = sceneIdOf(o)
    if (!scene || !owning.has(o.status)) continue
    let list = out.get(scene)
    if (!list) out.set(scene, (list = []))
    list.push({
      orderId: o.id,
      displayName: o.displayName,
      status: o.status,
      dataProductId: o.dataProductId ?? null,
      orderedAt: o.createdAt,
    })
  }
  for (const list of out.values()) list.sort((a, b) => b.orderedAt.localeCompare(a.orderedAt))
  return out
}

/**
 * One query over the account's archive orders in the owning statuses — the largest pages the contract allows,
 * the first alone (it says how many follow), the rest together — kept for a minute: the catalog marks owned
 * scenes on every search and the checkout warns from the same cache entry. Placing an order invalidates every
 * order key, this one with them.
 */
export function ownedScenesOptions(client: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.ownedScenes(),
    queryFn: async ({ signal }): Promise<OwnedScenes> => {
      const page = (n: number) => {
        const query = {
          type: 'ARCHIVE' as const,
          status: [...OWNING_STATUSES],
          page: n,
          size: ORDERS_PAGE_MAX,
          sort: 'createdAt,desc',
        }
        return ok(
          client.GET('/v2/orders', {
            params: { query },
            querySerializer: () => serializeOrderListQuery(query),
            signal,
          }),
        )
      }
      const first = await page(0)
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => page(i + 1)),
      )
      return ownedScenesOf([first, ...rest].flatMap((p) => p.content))
    },
    staleTime: 60_000,
    // A mark the page cannot add is no reason to fail the page: the results show without it.
    throwOnError: false,
  })
}

const NONE: readonly OwnedOrder[] = []

/** The orders of the account holding a scene (empty while unknown or when the lookup failed). */
export function useOwnedScenes(): { of: (sceneId: string) => readonly OwnedOrder[]; ready: boolean } {
  const client = useApiClient()
  const { data } = useQuery(ownedScenesOptions(client))
  return { of: (id) => data?.get(id) ?? NONE, ready: data !== undefined }
}

/** "Ordered 12 Sep 2026 · Fulfilled", and "· in storage" when its delivery is known to be there. */
export function ownedSummary(order: OwnedOrder, inStorage = false): string {
  return [
    `Ordered ${formatUtcDay(order.orderedAt)}`,
    STATUS_LABELS[order.status],
    inStorage ? 'in storage' : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The orders of a scene with one data product (what a checkout line would order again). */
export const sameProduct = (orders: readonly OwnedOrder[], dataProductId: string | null | undefined) =>
  dataProductId ? orders.filter((o) => o.dataProductId === dataProductId) : []

/** The words a result's accessible name gets for a scene the account already ordered, or null. */
export const ownedLabel = (orders: readonly OwnedOrder[]) =>
  orders.length === 0 ? null : `already ordered: ${ownedSummary(orders[0]).toLowerCase()}`
