import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import type { components } from '../../api/schema'
import { collectionsQueryString } from '../storage/query'
import { orderKeys, type OrderListQuery } from './keys'
import { isTerminal, pollInterval } from './status'

export type Order = components['schemas']['Order']
export type OrderPage = components['schemas']['OrderPage']
export type OrderPatch = components['schemas']['OrderPatch']
export type Coverage = components['schemas']['Coverage']
export type CoveragePart = components['schemas']['CoveragePart']

/** Where the orders page's own timing marks go; `npm run bench` reads them in Chromium. */
export const MARKS = {
  response: 'swath:orders-response',
  rows: 'swath:orders-rows',
} as const

/**
 * One page of orders. It asks again every few seconds while the page holds an order that can still change,
 * and stops once every order on it is final; TanStack Query skips the ticks while the tab is hidden
 * (`refetchIntervalInBackground: false`), so a background tab costs the service nothing.
 */
export function orderListOptions(client: ApiClient, query: OrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: async ({ signal }) => {
      const data = await ok(
        client.GET('/v2/orders', {
          params: { query },
          // Repeated enum filters, comma-joined id lists: the contract's mix (see serializeOrderListQuery).
          querySerializer: (q: OrderListQuery) => serializeOrderListQuery(q),
          signal,
        }),
      )
      performance.mark(MARKS.response, { detail: { count: data.content.length } })
      return data
    },
    refetchInterval: (q) => pollInterval(q.state.data?.content.map((o) => o.status)),
    refetchIntervalInBackground: false,
    // A poll of a 1,000-row page must not cost a long task: orders are compared by id and updatedAt instead of
    // member by member (TanStack's default deep comparison walks every AOI coordinate).
    structuralSharing: (old, next) => shareOrderPage(old as OrderPage | undefined, next as OrderPage),
    // The page shows a refused query (400) at the filter it names, and other failures with a retry.
    throwOnError: false,
  })
}

/**
 * The new page with every order that did not change (same id and `updatedAt`: the service moves `updatedAt`
 * with every change of an order) replaced by the old object, and the old page itself when nothing changed:
 * rows then re-render only for orders that changed, and an unchanged poll re-renders nothing.
 */
export function shareOrderPage(old: OrderPage | undefined, next: OrderPage): OrderPage {
  if (!old) return next
  const before = new Map(old.content.map((o) => [o.id, o]))
  let same = old.content.length === next.content.length
  const content = next.content.map((o, i) => {
    const prev = before.get(o.id)
    const keep = prev && prev.updatedAt === o.updatedAt && prev.status === o.status ? prev : o
    if (keep !== old.content[i]) same = false
    return keep
  })
  if (
    same &&
    old.totalElements === next.totalElements &&
    old.totalPages === next.totalPages &&
    old.number === next.number &&
    old.size === next.size
  )
    return old
  return { ...next, content }
}

/** One order, asked again while it can still change (as the list does). */
export function orderOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/orders/{order-id}', { params: { path: { 'order-id': id } }, signal })),
    refetchInterval: (q) => pollInterval(q.state.data ? [q.state.data.status] : undefined),
    refetchIntervalInBackground: false,
  })
}

/** The contract's limit on `orderIds`. */
export const ORDER_IDS_PER_REQUEST = 100

/**
 * The orders of an inbox, to name them: `orderIds` comma-joined (as the contract says, unlike the repeated
 * enum filters), at most 100 a request. `ids` should be sorted, so the same set is one cache entry.
 */
export function orderNamesOptions(client: ApiClient, ids: readonly string[]) {
  return queryOptions({
    queryKey: orderKeys.names(ids),
    queryFn: async ({ signal }): Promise<Pick<Order, 'id' | 'displayName'>[]> => {
      const chunks: string[][] = []
      for (let i = 0; i < ids.length; i += ORDER_IDS_PER_REQUEST)
        chunks.push(ids.slice(i, i + ORDER_IDS_PER_REQUEST))
      const pages = await Promise.all(
        chunks.map((chunk) =>
          ok(
            client.GET('/v2/orders', {
              params: { query: { orderIds: chunk, size: chunk.length } },
              querySerializer: () =>
                new URLSearchParams({ orderIds: chunk.join(','), size: String(chunk.length) }).toString(),
              signal,
            }),
          ),
        ),
      )
      return pages.flatMap((p) => p.content.map((o) => ({ id: o.id, displayName: o.displayName })))
    },
    // Names change rarely; the rows still show (with the order id) when this fails.
    staleTime: 5 * 60_000,
    throwOnError: false,
  })
}

/** How often the coverage of an order still being delivered is asked again. */
export const COVERAGE_POLL_MS = 60_000

/**
 * What the deliveries of a tasking order cover so far; null while nothing is delivered. The key carries the
 * order's `updatedAt`, which every delivery and status change moves: the order's own 10 s poll then brings
 * fresh coverage at once (a last delivery is not left at the previous figures once the order is final and
 * polling stops), and the previous figures stay on screen while it loads.
 *
 * The contract gives coverage only "when at least one asset has been delivered": storage is asked first
 * whether the order delivered anything (one collection is enough), and coverage only then, so an order still
 * waiting for its first acquisition costs no 404 in the browser's console on every load.
 */
export function coverageOptions(client: ApiClient, order: Pick<Order, 'id' | 'status' | 'updatedAt'>) {
  return queryOptions({
    queryKey: orderKeys.coverage(order.id, order.updatedAt),
    queryFn: async ({ signal }): Promise<Coverage | null> => {
      const delivered = await ok(
        client.GET('/v2/assets/stac/collections', {
          params: { query: {} },
          querySerializer: () => collectionsQueryString({ orderIds: [order.id], limit: 1, page: 0 }),
          signal,
        }),
      )
      if (delivered.collections.length === 0) return null
      try {
        return await ok(
          client.GET('/v2/coverage/orders/{order-id}', {
            params: { path: { 'order-id': order.id } },
            signal,
          }),
        )
      } catch (e) {
        // The order exists (the page has read it): a 404 here is "nothing delivered yet"
        // (`coverage-not-found`), and the service notes give its plain 404 no other meaning.
        if (isApiError(e) && e.status === 404) return null
        throw e
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: isTerminal(order.status) ? false : COVERAGE_POLL_MS,
    refetchIntervalInBackground: false,
    // The coverage section shows its own error and retry; the rest of the page stays usable.
    throwOnError: false,
  })
}

const invalidate = (qc: QueryClient) => qc.invalidateQueries({ queryKey: orderKeys.all })

/** Merge-patch of the display name and/or the tags (`tags: []` clears them). */
export function patchOrderMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { id: string; patch: OrderPatch }) =>
      ok(
        client.PATCH('/v2/orders/{order-id}', {
          params: { path: { 'order-id': v.id } },
          body: v.patch,
          headers: { 'content-type': 'application/merge-patch+json' },
        }),
      ),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.id), order)
      return invalidate(qc)
    },
    // The edit form shows its own error beside the fields.
    meta: { toast: false },
  })
}

/** The service's answer when the order moved past the statuses that can be canceled. */
export const isCantBeCanceled = (e: unknown): boolean =>
  isApiError(e) && e.status === 400 && e.code === 'order-cant-be-canceled'

/**
 * Cancels an order. When the service refuses because the status moved meanwhile, the order is read again so
 * the page shows where it is now (and no longer offers the button).
 */
export function cancelOrderMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (id: string) =>
      ok(client.POST('/v2/orders/{order-id}/cancellation', { params: { path: { 'order-id': id } } })),
    onSettled: () => invalidate(qc),
    // The dialog and the page explain a refusal themselves.
    meta: { toast: false },
  })
}

/**
 * The query string of a list request as the contract wants it: enum and tag filters as repeated parameters
 * (Spring style), the three id lists comma-joined (the contract says so for them).
 */
export function serializeOrderListQuery(q: OrderListQuery): string {
  const out = new URLSearchParams()
  if (q.workspaceId) out.set('workspaceId', q.workspaceId)
  if (q.type) out.set('type', q.type)
  for (const s of q.status ?? []) out.append('status', s)
  for (const s of q.subStatus ?? []) out.append('subStatus', s)
  if (q.displayName) out.set('displayName', q.displayName)
  if (q.dataProductIds?.length) out.set('dataProductIds', q.dataProductIds.join(','))
  if (q.orderIds?.length) out.set('orderIds', q.orderIds.join(','))
  if (q.budgetIds?.length) out.set('budgetIds', q.budgetIds.join(','))
  for (const t of q.tags ?? []) out.append('tags', t)
  if (q.page !== undefined) out.set('page', String(q.page))
  if (q.size !== undefined) out.set('size', String(q.size))
  if (q.sort) out.set('sort', q.sort)
  return out.toString()
}
