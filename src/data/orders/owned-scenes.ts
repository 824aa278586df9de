import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
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
 * The first instant a set of scenes could have been ordered: an order names a scene the archive had already
 * acquired, so orders placed before the oldest scene's acquisition cannot hold any of them. Floored to the
 * month (UTC), so the pages of one search share a cache entry; null when a scene's date is unknown (then
 * every order is read).
 */
export function ownedSince(acquired: readonly (string | null | undefined)[]): string | null {
  let oldest = Infinity
  for (const a of acquired) {
    const t = a ? Date.parse(a) : NaN
    if (Number.isNaN(t)) return null
    oldest = Math.min(oldest, t)
  }
  if (!Number.isFinite(oldest)) return null
  const d = new Date(oldest)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString()
}

/** One page of the account's archive orders in the owning statuses, newest first, the largest the contract allows. */
function ownedPage(client: ApiClient, n: number, signal?: AbortSignal) {
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

/** Kept for a minute: the catalog marks owned scenes on every search and the checkout warns from the same entries. */
const OWNED_STALE = 60_000

/**
 * The account's archive orders in the owning statuses placed since `since` (all of them for null), newest
 * first, page after page only until a page reaches back before `since` — the contract has no filter by scene
 * or date, but its default sort is by creation (decision 59): on the large world, a search of this year's
 * scenes reads this year's orders, not all 7,000. Placing an order invalidates every order key, these with
 * them.
 */
export function ownedScenesOptions(client: ApiClient, since: string | null = null) {
  return queryOptions({
    queryKey: orderKeys.ownedScenes(since),
    queryFn: async ({ signal }): Promise<OwnedScenes> => {
      if (since === null) {
        // Every order: the first page says how many follow, the rest come together.
        const first = await ownedPage(client, 0, signal)
        const rest = await Promise.all(
          Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
            ownedPage(client, i + 1, signal),
          ),
        )
        return ownedScenesOf([first, ...rest].flatMap((p) => p.content))
      }
      const from = Date.parse(since)
      const orders: Order[] = []
      for (let n = 0; ; n++) {
        const p = await ownedPage(client, n, signal)
        orders.push(...p.content)
        const last = p.content.at(-1)
        if (p.last || !last || Date.parse(last.createdAt) < from) break
      }
      return ownedScenesOf(orders.filter((o) => Date.parse(o.createdAt) >= from))
    },
    staleTime: OWNED_STALE,
    // A mark the page cannot add is no reason to fail the page: the results show without it.
    throwOnError: false,
  })
}

/** The scenes of the orders placed since `since` (null: of every order). */
export interface OwnedSince {
  since: string | null
  scenes: OwnedScenes
}

/**
 * The newest page of orders, read when a page that marks scenes opens — before a search has said which
 * scenes, so before their dates are known (decision 60). Read after the rows, the guard's answer came while the
 * map drew the footprints, and the marks it brought rendered the list in the map's time. The page holds every
 * order from the month after its oldest one (`since`; null when it is the last page: every order), which
 * answers a search of recent scenes on its own; an older one reads back further (`ownedScenesOptions`).
 */
export function ownedNewestOptions(client: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.ownedNewest(),
    queryFn: async ({ signal }): Promise<OwnedSince> => {
      const first = await ownedPage(client, 0, signal)
      const oldest = first.content.at(-1)
      if (first.last || !oldest) return { since: null, scenes: ownedScenesOf(first.content) }
      const d = new Date(oldest.createdAt)
      // Orders of the oldest one's month may be on the next page: the page answers from the month after.
      const since = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString()
      const from = Date.parse(since)
      return { since, scenes: ownedScenesOf(first.content.filter((o) => Date.parse(o.createdAt) >= from)) }
    },
    staleTime: OWNED_STALE,
    throwOnError: false,
  })
}

/** Whether what was read since `had` answers a need since `needed` (null: every order). */
const covers = (had: string | null, needed: string | null) =>
  had === null || (needed !== null && had <= needed)

const NONE: readonly OwnedOrder[] = []

/**
 * The orders of the account holding each of a set of scenes, given their acquisition dates (empty while
 * unknown or when the lookup failed). The newest page of orders (read as the page opened) answers recent
 * scenes; an entry already read further back serves a later need (a scene's drawer opened from the list reads
 * nothing more). Pass the dates memoised: they are read once per array.
 */
export function useOwnedScenes(acquired: readonly (string | null | undefined)[]): {
  of: (sceneId: string) => readonly OwnedOrder[]
  ready: boolean
} {
  const client = useApiClient()
  const qc = useQueryClient()
  const needed = useMemo(() => ownedSince(acquired), [acquired])
  const newest = useQuery(ownedNewestOptions(client))
  const byNewest = newest.data && covers(newest.data.since, needed) ? newest.data.scenes : undefined
  // Scanned only when the newest page does not answer (the cache holds every thumbnail's entry too).
  const since = byNewest || newest.isPending ? needed : coveringSince(qc, needed)
  const back = useQuery({
    ...ownedScenesOptions(client, since),
    enabled: acquired.length > 0 && !byNewest && !newest.isPending,
  })
  const data = byNewest ?? back.data
  const of = useCallback((id: string) => data?.get(id) ?? NONE, [data])
  return useMemo(() => ({ of, ready: data !== undefined }), [of, data])
}

/**
 * The `since` to read for a need: `needed` itself when it is cached or nothing covers it, else the latest
 * fresh cached entry that reaches back at least as far (ISO instants of one format compare as strings).
 */
function coveringSince(qc: QueryClient, needed: string | null): string | null {
  const covering: (string | null)[] = []
  for (const q of qc.getQueryCache().findAll({ queryKey: orderKeys.ownedScenesAll() })) {
    if (q.state.data === undefined || q.isStaleByTime(OWNED_STALE)) continue
    const since = q.queryKey.at(-1) as string | null
    if (covers(since, needed)) covering.push(since)
  }
  if (covering.length === 0 || covering.includes(needed)) return needed
  return (
    covering
      .filter((x): x is string => x !== null)
      .sort()
      .at(-1) ?? null
  )
}

/**
 * The orders holding each scene as the cache has them now, without subscribing (an action reads them when it
 * runs, so their answer renders nothing): the newest page when it answers, else an entry read back at least as
 * far, fresh or not — what the hook would show.
 */
export function ownedScenesNow(
  qc: QueryClient,
  acquired: readonly (string | null | undefined)[],
): (sceneId: string) => readonly OwnedOrder[] {
  const needed = ownedSince(acquired)
  const newest = qc.getQueryData<OwnedSince>(orderKeys.ownedNewest())
  let scenes = newest && covers(newest.since, needed) ? newest.scenes : undefined
  if (!scenes) {
    const entries = qc
      .getQueryCache()
      .findAll({ queryKey: orderKeys.ownedScenesAll() })
      .filter((q) => q.state.data !== undefined && covers(q.queryKey.at(-1) as string | null, needed))
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    scenes = entries[0]?.state.data as OwnedScenes | undefined
  }
  return (id) => scenes?.get(id) ?? NONE
}

/**
 * Starts reading the newest page of orders (`ownedNewestOptions`) without subscribing: a page calls it as it
 * opens, so the guard's first answer is there before the search's.
 */
export function prefetchOwnedScenes(qc: QueryClient, client: ApiClient): void {
  void qc.prefetchQuery(ownedNewestOptions(client))
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
