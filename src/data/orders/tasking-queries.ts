import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { CreateOrderRequest } from './placement'
import { orderingKeys } from './ordering-queries'

export const taskingPreviewKeys = {
  all: [...orderingKeys.all, 'tasking'] as const,
  feasibility: (request: CreateOrderRequest | null) =>
    [...taskingPreviewKeys.all, 'feasibility', request ?? 'idle'] as const,
  opportunities: (request: CreateOrderRequest | null) =>
    [...taskingPreviewKeys.all, 'opportunities', request ?? 'idle'] as const,
}

/**
 * Whether each feature of a prospective request needs a feasibility study (and how hard it is when not).
 * A POST that changes nothing, read like a query keyed by the request, as the estimate is: the same request
 * asks once, and the previous answer stays on screen while the next one loads.
 */
export function feasibilityOptions(client: ApiClient, request: CreateOrderRequest | null) {
  return queryOptions({
    queryKey: taskingPreviewKeys.feasibility(request),
    queryFn: request
      ? ({ signal }) => ok(client.POST('/v2/tasking/orders/feasibility', { body: request, signal }))
      : skipToken,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    throwOnError: false,
  })
}

/**
 * The sensor passes over each feature inside the window. A 501 (the provider publishes none) and a 400 (a
 * window too long) are answers the page explains, not failures of the page.
 */
export function opportunitiesOptions(client: ApiClient, request: CreateOrderRequest | null) {
  return queryOptions({
    queryKey: taskingPreviewKeys.opportunities(request),
    queryFn: request
      ? ({ signal }) => ok(client.POST('/v2/tasking/orders/opportunities', { body: request, signal }))
      : skipToken,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    throwOnError: false,
  })
}
