import type { paths } from '../../api/schema'

/** The filters both lists take (the studies' list has the same parameters). */
export type TaskingListQuery = NonNullable<paths['/v2/tasking/quotation']['get']['parameters']['query']>

/**
 * Hierarchical keys: a decision invalidates `decisionKeys.all` and so reaches every list, item and the
 * navigation's count. The orders a decision moves live under the orders' own keys (`data/orders/keys.ts`).
 */
export const decisionKeys = {
  all: ['decisions'] as const,
  studies: () => [...decisionKeys.all, 'studies'] as const,
  studyList: (q: TaskingListQuery) => [...decisionKeys.studies(), 'list', q] as const,
  study: (id: string) => [...decisionKeys.studies(), 'detail', id] as const,
  quotations: () => [...decisionKeys.all, 'quotations'] as const,
  quotationList: (q: TaskingListQuery) => [...decisionKeys.quotations(), 'list', q] as const,
  quotation: (id: string) => [...decisionKeys.quotations(), 'detail', id] as const,
  /** The navigation's count. */
  pendingCount: () => [...decisionKeys.all, 'pending-count'] as const,
}
