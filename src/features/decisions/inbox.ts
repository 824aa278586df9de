/**
 * The pure heart of the decisions inbox: how studies and quotations merge into one list (what waits first,
 * oldest on top; then what was decided, newest first). The URL ↔ view mapping and the four list requests a
 * view needs are `url-state.ts`.
 */
import { countLabel, formatCredits } from '../../lib/format'
import type { Decision, FeasibilityStudy, Quotation } from '../../data/decisions/queries'

export type DecisionKind = 'study' | 'quotation'

export interface InboxRow {
  kind: DecisionKind
  id: string
  orderId: string
  decision: Decision
  /** When it started waiting (its creation). */
  createdAt: string
  /** When it was decided; null while it waits. */
  decidedAt: string | null
  /** What the decision is about: "3 options", "12,300 credits". */
  asked: string
}

const studyRow = (s: FeasibilityStudy): InboxRow => ({
  kind: 'study',
  id: s.id,
  orderId: s.orderId,
  decision: s.decision,
  createdAt: s.createdAt,
  decidedAt: s.decision === 'NOT_DECIDED' ? null : (s.decisionAt ?? s.updatedAt),
  asked: countLabel(s.options?.length ?? 0, 'option'),
})

const quotationRow = (q: Quotation): InboxRow => ({
  kind: 'quotation',
  id: q.id,
  orderId: q.orderId,
  decision: q.decision,
  createdAt: q.createdAt,
  decidedAt: q.decision === 'NOT_DECIDED' ? null : (q.decisionAt ?? q.updatedAt),
  asked: `${formatCredits(q.creditsPrice)} credits`,
})

const time = (iso: string | null): number => {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? 0 : t
}

export interface InboxLists {
  pendingStudies: readonly FeasibilityStudy[]
  pendingQuotations: readonly Quotation[]
  decidedStudies: readonly FeasibilityStudy[]
  decidedQuotations: readonly Quotation[]
}

/**
 * One list: everything still waiting (oldest first: it has held its order longest), then at most
 * `decidedLimit` decided items, newest decision first. Each list is filtered by its decision again, and an
 * item that moved between two requests (seen waiting and decided) appears once, as decided.
 */
export function mergeInbox(
  lists: InboxLists,
  decidedLimit: number,
): { pending: InboxRow[]; decided: InboxRow[] } {
  const decided = [
    ...lists.decidedStudies.map(studyRow),
    ...lists.decidedQuotations.map(quotationRow),
  ].filter((r) => r.decision !== 'NOT_DECIDED')
  const decidedIds = new Set(decided.map((r) => r.id))
  const pending = [
    ...lists.pendingStudies.map(studyRow),
    ...lists.pendingQuotations.map(quotationRow),
  ].filter((r) => r.decision === 'NOT_DECIDED' && !decidedIds.has(r.id))
  pending.sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id.localeCompare(b.id))
  decided.sort((a, b) => time(b.decidedAt) - time(a.decidedAt) || a.id.localeCompare(b.id))
  return { pending, decided: decided.slice(0, decidedLimit) }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (s: string): boolean => UUID.test(s)

/**
 * The distinct orders of some rows and of the filter, sorted (one cache entry per set). A filter that is not
 * a UUID is left out: the orders list would refuse the whole request for it.
 */
export function orderIdsOf(rows: readonly InboxRow[], filter: string | null = null): string[] {
  const ids = new Set(rows.map((r) => r.orderId))
  if (filter && isUuid(filter)) ids.add(filter)
  return [...ids].sort()
}
