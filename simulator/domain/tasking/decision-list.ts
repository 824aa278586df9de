import { sortBy, type SortRequest } from '../world/sort'
import type { S } from '../world/types'
import type { World } from '../world/world'

/**
 * The rules of the quotation and feasibility-study lists: which of an account's decisions a query keeps, and
 * in which order. The contract gives these lists no 400, so nothing here refuses: a filter value that is not
 * an id or a decision simply matches nothing.
 */

export const QUOTATION_SORTABLE = ['createdAt', 'updatedAt', 'decisionAt', 'creditsPrice'] as const
export const STUDY_SORTABLE = ['createdAt', 'updatedAt', 'decisionAt'] as const
/** No sort asked, or one the list does not know: newest first. */
export const DECISION_DEFAULT_SORT: SortRequest = { field: 'createdAt', direction: 'desc' }

const DECISIONS: readonly string[] = ['NOT_DECIDED', 'ACCEPTED', 'REJECTED'] satisfies S['Decision'][]

/** What a quotation and a study have in common, as far as their lists look. */
interface Decidable {
  id: string
  accountId: string
  workspaceId: string
  orderId: string
  decision: S['Decision']
}

/** A list query; an empty list keeps every item. Decisions are compared upper case. */
export interface DecisionQuery {
  accountId: string
  ids: readonly string[]
  workspaceIds: readonly string[]
  orderIds: readonly string[]
  decisions: readonly string[]
  sort: SortRequest
}

function keeps(x: Decidable, q: DecisionQuery, decisions: readonly string[]): boolean {
  return (
    x.accountId === q.accountId &&
    (q.ids.length === 0 || q.ids.includes(x.id)) &&
    (q.workspaceIds.length === 0 || q.workspaceIds.includes(x.workspaceId)) &&
    (q.orderIds.length === 0 || q.orderIds.includes(x.orderId)) &&
    (decisions.length === 0 || decisions.some((d) => DECISIONS.includes(d) && d === x.decision))
  )
}

/** A field's value as the sort compares it: strings and numbers, anything else (absent, null) last. */
function sortKey(item: Decidable, field: string): string | number | null {
  const v = (item as unknown as Record<string, unknown>)[field]
  return typeof v === 'string' || typeof v === 'number' ? v : null
}

function listDecidable<T extends Decidable>(all: Iterable<T>, q: DecisionQuery): T[] {
  const decisions = q.decisions.map((d) => d.toUpperCase())
  const kept = [...all].filter((x) => keeps(x, q, decisions))
  return sortBy(kept, q.sort, sortKey)
}

/** The account's quotations that match, sorted. */
export function listQuotations(world: World, q: DecisionQuery): S['Quotation'][] {
  return listDecidable(world.quotations.values(), q)
}

/** The account's feasibility studies that match, sorted. */
export function listStudies(world: World, q: DecisionQuery): S['FeasibilityStudy'][] {
  return listDecidable(world.studies.values(), q)
}
