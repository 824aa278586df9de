import type { paths } from '../../api/schema'

export type OrderListQuery = NonNullable<paths['/v2/orders']['get']['parameters']['query']>

/** Hierarchical keys: invalidating `orderKeys.all` reaches every list and every order. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (q: OrderListQuery) => [...orderKeys.lists(), q] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  /** Under the order's own key, so invalidating an order reaches its coverage too. */
  coverages: (id: string) => [...orderKeys.detail(id), 'coverage'] as const,
  coverage: (id: string, updatedAt: string) => [...orderKeys.coverages(id), updatedAt] as const,
  /** The names of a set of orders (sorted ids), for pages that list what belongs to them. */
  names: (ids: readonly string[]) => [...orderKeys.all, 'names', ids] as const,
  /** The scenes the account's archive orders hold (placing invalidates them with every other order key). */
  ownedScenesAll: () => [...orderKeys.all, 'owned-scenes'] as const,
  /** …held by the orders placed since an instant (null: every order). */
  ownedScenes: (since: string | null) => [...orderKeys.ownedScenesAll(), since] as const,
  /** …held by the newest page of orders, read when a page that marks scenes opens, before it knows them. */
  ownedNewest: () => [...orderKeys.all, 'owned-newest'] as const,
}
