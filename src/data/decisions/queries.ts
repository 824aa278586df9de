import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import {
  explainQuotationError,
  explainStudyError,
  mayHaveBeenDecided,
  type ExplainedError,
} from './decision-errors'
import { taskingKeys, type TaskingListQuery } from './keys'

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
    queryKey: taskingKeys.studyList(query),
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
    queryKey: taskingKeys.quotationList(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/tasking/quotation', { params: { query }, signal })),
    refetchInterval: NEW_ITEMS_INTERVAL_MS,
    refetchIntervalInBackground: false,
    throwOnError: false,
  })
}

/**
 * One study, read through the list filtered by `id` (the contract has no GET of one study). An empty page
 * means no such study in this account: `null`, which the page shows as "not found".
 */
export function studyOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: taskingKeys.study(id),
    queryFn: async ({ signal }): Promise<FeasibilityStudy | null> => {
      const page = await ok(
        client.GET('/v2/tasking/feasibility-studies', { params: { query: { id, size: 1 } }, signal }),
      )
      return page.content[0] ?? null
    },
  })
}

/** One quotation, through the list filtered by `id`; `null` when the account has none with this id. */
export function quotationOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: taskingKeys.quotation(id),
    queryFn: async ({ signal }): Promise<Quotation | null> => {
      const page = await ok(
        client.GET('/v2/tasking/quotation', { params: { query: { id, size: 1 } }, signal }),
      )
      return page.content[0] ?? null
    },
  })
}

/** The order a study or quotation belongs to: its name, requested window and area. */
export function taskingOrderOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: taskingKeys.order(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/orders/{order-id}', { params: { path: { 'order-id': id } }, signal })),
    // The decision pages show what they have without the order; its failure is said beside it.
    throwOnError: false,
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
    queryKey: taskingKeys.orderNames(ids),
    queryFn: async ({ signal }): Promise<Pick<TaskingOrder, 'id' | 'displayName'>[]> => {
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

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' } as const

/** What the app passes so a decision also refreshes what other areas show (orders, budget usage). */
export type OnDecided = () => void

async function afterDecision(qc: QueryClient, onDecided: OnDecided | undefined) {
  onDecided?.()
  await qc.invalidateQueries({ queryKey: taskingKeys.all })
}

/**
 * A refusal that says the item may be decided after all (someone decided first, or the answer was lost) gets
 * the refresh of a success, so the count, the lists, the orders and the budgets follow the decision. Not
 * awaited: the page explains the refusal at once and shows the item as it is read again.
 */
function afterRefusal(qc: QueryClient, onDecided: OnDecided | undefined, explained: ExplainedError): void {
  if (mayHaveBeenDecided(explained.kind)) void afterDecision(qc, onDecided)
}

/** Chooses one option of a study (final: the provider then quotes that option). */
export function chooseOptionMutation(client: ApiClient, qc: QueryClient, onDecided?: OnDecided) {
  return mutationOptions({
    mutationFn: (v: { studyId: string; optionId: string }) =>
      ok(
        client.PATCH('/v2/tasking/feasibility-studies/{feasibility-study-id}', {
          params: { path: { 'feasibility-study-id': v.studyId } },
          body: { acceptedOptionId: v.optionId },
          headers: MERGE_PATCH,
        }),
      ),
    onSuccess: (study) => {
      qc.setQueryData(taskingKeys.study(study.id), study)
      return afterDecision(qc, onDecided)
    },
    onError: (e) => afterRefusal(qc, onDecided, explainStudyError(e)),
    // The page explains every refusal where the choice was made.
    meta: { toast: false },
  })
}

/** Accepts (charging `creditsPrice`, optionally to `budgetId`) or rejects a quotation. */
export function decideQuotationMutation(client: ApiClient, qc: QueryClient, onDecided?: OnDecided) {
  return mutationOptions({
    mutationFn: (v: { quotationId: string; patch: QuotationPatch }) =>
      ok(
        client.PATCH('/v2/tasking/quotation/{quotation-id}', {
          params: { path: { 'quotation-id': v.quotationId } },
          body: v.patch,
          headers: MERGE_PATCH,
        }),
      ),
    onSuccess: (quotation) => {
      qc.setQueryData(taskingKeys.quotation(quotation.id), quotation)
      return afterDecision(qc, onDecided)
    },
    onError: (e) => afterRefusal(qc, onDecided, explainQuotationError(e)),
    meta: { toast: false },
  })
}
