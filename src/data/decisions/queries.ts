import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import { budgetKeys } from '../budgets/queries'
import { orderKeys } from '../orders/keys'
import { decisionKeys, type TaskingListQuery } from './keys'

export type Quotation = components['schemas']['Quotation']
export type FeasibilityStudy = components['schemas']['FeasibilityStudy']
export type FeasibilityOption = components['schemas']['FeasibilityOption']
export type QuotationPatch = components['schemas']['QuotationPatch']
export type Decision = components['schemas']['Decision']
export type TaskingOrder = components['schemas']['Order']
export type QuotationPage = components['schemas']['QuotationPage']
export type FeasibilityStudyPage = components['schemas']['FeasibilityStudyPage']

/** New studies and quotations arrive on the service's clock, not after anything this console does. */
const NEW_ITEMS_INTERVAL_MS = 60_000

export function studyListOptions(client: ApiClient, query: TaskingListQuery) {
  return queryOptions({
    queryKey: decisionKeys.studyList(query),
    // Repeated `decision` parameters: openapi-fetch's default (form, exploded) is what the contract wants.
    queryFn: ({ signal }) => ok(client.GET('/v2/tasking/feasibility-studies', { params: { query }, signal })),
    refetchInterval: NEW_ITEMS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    // The inbox shows a failure beside its own Retry.
    throwOnError: false,
  })
}

export function quotationListOptions(client: ApiClient, query: TaskingListQuery) {
  return queryOptions({
    queryKey: decisionKeys.quotationList(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/tasking/quotation', { params: { query }, signal })),
    refetchInterval: NEW_ITEMS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    throwOnError: false,
  })
}

/**
 * One study, read through the list filtered by `id` (the contract has no GET of one study); `null` when this
 * account has no such study. Read as it is now: the decision guard (`decide-once.ts`) looks with it too.
 */
export async function readStudy(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<FeasibilityStudy | null> {
  const page = await ok(
    client.GET('/v2/tasking/feasibility-studies', { params: { query: { id, size: 1 } }, signal }),
  )
  return page.content[0] ?? null
}

/** One quotation, through the list filtered by `id`; `null` when the account has none with this id. */
export async function readQuotation(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Quotation | null> {
  const page = await ok(client.GET('/v2/tasking/quotation', { params: { query: { id, size: 1 } }, signal }))
  return page.content[0] ?? null
}

/** One study for a page; `null`, which the page shows as "not found", when the account has none. */
export function studyOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: decisionKeys.study(id),
    queryFn: ({ signal }) => readStudy(client, id, signal),
  })
}

export function quotationOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: decisionKeys.quotation(id),
    queryFn: ({ signal }) => readQuotation(client, id, signal),
  })
}

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' } as const

/** Chooses one option of a study (final: the provider then quotes that option). Sent by `decide-once.ts`. */
export const patchStudy = (client: ApiClient, studyId: string, optionId: string) =>
  ok(
    client.PATCH('/v2/tasking/feasibility-studies/{feasibility-study-id}', {
      params: { path: { 'feasibility-study-id': studyId } },
      body: { acceptedOptionId: optionId },
      headers: MERGE_PATCH,
    }),
  )

/** Accepts (charging `creditsPrice`, optionally to `budgetId`) or rejects a quotation. */
export const patchQuotation = (client: ApiClient, quotationId: string, patch: QuotationPatch) =>
  ok(
    client.PATCH('/v2/tasking/quotation/{quotation-id}', {
      params: { path: { 'quotation-id': quotationId } },
      body: patch,
      headers: MERGE_PATCH,
    }),
  )

/**
 * A decision moves its order on (sub-status, status, deliveries) and an acceptance charges a budget: the
 * decisions, the orders and the budgets are read again wherever they are shown. After every decision learnt,
 * whoever took it (an answer, a lost answer found by looking, "already decided").
 */
export async function refreshAfterDecision(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: decisionKeys.all }),
    qc.invalidateQueries({ queryKey: orderKeys.all }),
    qc.invalidateQueries({ queryKey: budgetKeys.all }),
  ])
}

/** The newest of a list's items (an order may have been studied or quoted again); undefined for none. */
const newest = <T extends { createdAt: string }>(items: readonly T[]): T | undefined =>
  [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]

/**
 * The feasibility study of one tasking order (its newest), or `null` when the service has none: the order
 * went straight to its quotation. Under the studies' keys, so a choice refreshes it; `stage` (the order's
 * sub-status) is part of the key, so the order moving on reads it again at once.
 */
export function orderStudyOptions(client: ApiClient, orderId: string, stage = '') {
  const query: TaskingListQuery = { orderId, size: 20 }
  return queryOptions({
    queryKey: [...decisionKeys.studyList(query), 'newest', stage] as const,
    queryFn: async ({ signal }): Promise<FeasibilityStudy | null> =>
      newest(
        (await ok(client.GET('/v2/tasking/feasibility-studies', { params: { query }, signal }))).content,
      ) ?? null,
    refetchInterval: NEW_ITEMS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    // The order page shows the failure where the study would be.
    throwOnError: false,
  })
}

/** The quotation of one tasking order (its newest), or `null` while the provider has sent none. */
export function orderQuotationOptions(client: ApiClient, orderId: string, stage = '') {
  const query: TaskingListQuery = { orderId, size: 20 }
  return queryOptions({
    queryKey: [...decisionKeys.quotationList(query), 'newest', stage] as const,
    queryFn: async ({ signal }): Promise<Quotation | null> =>
      newest((await ok(client.GET('/v2/tasking/quotation', { params: { query }, signal }))).content) ?? null,
    refetchInterval: NEW_ITEMS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    throwOnError: false,
  })
}
