import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components, paths } from '../../api/schema'

export type Budget = components['schemas']['Budget']
export type BudgetListQuery = NonNullable<paths['/v2/budgets']['get']['parameters']['query']>

/** Hierarchical keys: invalidating `budgetKeys.all` reaches every list and budget. */
export const budgetKeys = {
  all: ['budgets'] as const,
  lists: () => [...budgetKeys.all, 'list'] as const,
  list: (q: BudgetListQuery) => [...budgetKeys.lists(), q] as const,
}

/**
 * One page of the account's budgets. Only Enterprise accounts have budgets and the Viewer role may not read
 * them (`permissionsOf(user).budgets`): callers leave the query disabled otherwise instead of meeting a 403.
 */
export function budgetListOptions(client: ApiClient, query: BudgetListQuery) {
  return queryOptions({
    queryKey: budgetKeys.list(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/budgets', { params: { query }, signal })),
    // Budgets are set up by an administrator now and then; a list a few minutes old is good enough to name them.
    staleTime: 5 * 60_000,
  })
}

/** One budget, by id. */
export const budgetKey = (id: string) => [...budgetKeys.all, 'budget', id] as const

export function budgetOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: budgetKey(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/budgets/{budget-id}', { params: { path: { 'budget-id': id } }, signal })),
    staleTime: 60_000,
    throwOnError: false,
  })
}

export const budgetSettingsKey = [...budgetKeys.all, 'settings'] as const
export const budgetUsageKey = (id: string) => [...budgetKeys.all, 'usage', id] as const

/** Whether every order and job needs a budget (enforcement). */
export function budgetSettingsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: budgetSettingsKey,
    queryFn: ({ signal }) => ok(client.GET('/v2/budgets/settings', { signal })),
    staleTime: 60_000,
  })
}

/** Credits a budget has consumed; moves whenever an order or job on it is charged. */
export function budgetUsageOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: budgetUsageKey(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/budgets/{budget-id}/usage', { params: { path: { 'budget-id': id } }, signal })),
    staleTime: 30_000,
  })
}
