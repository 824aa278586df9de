import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { CreateOrderRequest, Order } from './placement'

export type OrderForm = Record<string, unknown>

export const orderingKeys = {
  all: ['ordering'] as const,
  form: (dataProductId: string) => [...orderingKeys.all, 'form', dataProductId] as const,
  estimate: (workspaceId: string | null, request: CreateOrderRequest) =>
    [...orderingKeys.all, 'estimate', workspaceId, request] as const,
}

/** The order form of a data product (`application/schema+json`); forms change rarely. */
export function orderFormOptions(client: ApiClient, dataProductId: string) {
  return queryOptions({
    queryKey: orderingKeys.form(dataProductId),
    queryFn: async ({ signal }): Promise<OrderForm> => {
      const form: OrderForm = await ok(
        client.GET('/orders/schema/{data-product-id}', {
          params: { path: { 'data-product-id': dataProductId } },
          signal,
        }),
      )
      return form
    },
    staleTime: 30 * 60_000,
  })
}

/** The estimate's request: the order request itself, which changes nothing. */
export const estimateCall = (request: CreateOrderRequest) => ({
  method: 'POST' as const,
  path: '/v2/orders/estimate' as const,
  params: {},
  body: request,
})

/** Placing: the order request, in a workspace. */
export const createOrderCall = (workspaceId: string, request: CreateOrderRequest) => ({
  method: 'POST' as const,
  path: '/v2/orders' as const,
  params: { query: { workspaceId } },
  body: request,
})

/**
 * The estimate of one line. A POST, but it changes nothing, so it is read like a query keyed by the request:
 * the same form asks once, and the previous figure stays on screen while the next one loads. Without a
 * request (the line is not complete) nothing is sent; `idleKey` keeps such lines apart in the cache.
 */
export function estimateOptions(
  client: ApiClient,
  workspaceId: string | null,
  request: CreateOrderRequest | null,
  idleKey = '',
) {
  return queryOptions({
    queryKey: request
      ? orderingKeys.estimate(workspaceId, request)
      : ([...orderingKeys.all, 'estimate', 'idle', idleKey] as const),
    queryFn: request
      ? ({ signal }) => {
          const call = estimateCall(request)
          return ok(client.POST(call.path, { body: call.body, signal }))
        }
      : skipToken,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    throwOnError: false,
  })
}

/** One POST per line: one feature, one order. Never retried by the client (decision 5). */
export function createOrder(client: ApiClient, workspaceId: string, request: CreateOrderRequest) {
  const call = createOrderCall(workspaceId, request)
  return ok(client.POST(call.path, { params: call.params, body: call.body }))
}

/** The largest page of the orders list the service serves (the contract's `size` maximum). */
export const ORDERS_PAGE_MAX = 1000

/**
 * The account's recent orders of one data product with one name: what an attempt whose answer was lost
 * may have created. Newest first, one page of `size` (clamped to what the service allows): the caller picks
 * it, as a tasking request creates up to 100 orders at once and all of them must be in the page
 * (`place-once.ts` says how large each read is).
 */
export async function recentOrdersNamed(
  client: ApiClient,
  q: { workspaceId: string; displayName: string; dataProductId: string },
  size: number,
): Promise<Order[]> {
  const page = await ok(
    client.GET('/v2/orders', {
      params: {
        query: {
          workspaceId: q.workspaceId,
          displayName: q.displayName.trim(),
          dataProductIds: [q.dataProductId],
          sort: 'createdAt,desc',
          size: Math.max(1, Math.min(ORDERS_PAGE_MAX, Math.ceil(size))),
        },
      },
    }),
  )
  return page.content
}
