import type { paths } from '../../api/schema'

/** The filters both lists take (the studies' list has the same parameters). */
export type TaskingListQuery = NonNullable<paths['/v2/tasking/quotation']['get']['parameters']['query']>

/**
 * Hierarchical keys: a decision invalidates `taskingKeys.all` and so reaches every list, item, count and the
 * orders read for these pages (their sub-status moves with the decision).
 */
export const taskingKeys = {
  all: ['tasking'] as const,
  studies: () => [...taskingKeys.all, 'studies'] as const,
  studyList: (q: TaskingListQuery) => [...taskingKeys.studies(), 'list', q] as const,
  study: (id: string) => [...taskingKeys.studies(), 'detail', id] as const,
  quotations: () => [...taskingKeys.all, 'quotations'] as const,
  quotationList: (q: TaskingListQuery) => [...taskingKeys.quotations(), 'list', q] as const,
  quotation: (id: string) => [...taskingKeys.quotations(), 'detail', id] as const,
  /** The navigation's count (`pending-count.ts` holds the same key, so the shell need not load these). */
  pendingCount: () => [...taskingKeys.all, 'pending-count'] as const,
  orders: () => [...taskingKeys.all, 'orders'] as const,
  orderNames: (ids: readonly string[]) => [...taskingKeys.orders(), 'names', ids] as const,
  order: (id: string) => [...taskingKeys.orders(), 'detail', id] as const,
}
