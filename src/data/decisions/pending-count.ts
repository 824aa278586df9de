import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { decisionKeys, type TaskingListQuery } from './keys'

// Its own module: the navigation shows the count on every page, so it must not bring the decision pages' code.

/**
 * How many studies and quotations wait for a decision, for the navigation: two requests of one item each,
 * their `totalElements` summed. Rechecked every minute while the tab is visible.
 */
export function pendingDecisionsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: decisionKeys.pendingCount(),
    queryFn: async ({ signal }): Promise<number> => {
      const query: TaskingListQuery = { decision: ['NOT_DECIDED'], size: 1 }
      const [studies, quotations] = await Promise.all([
        ok(client.GET('/v2/tasking/feasibility-studies', { params: { query }, signal })),
        ok(client.GET('/v2/tasking/quotation', { params: { query }, signal })),
      ])
      return studies.totalElements + quotations.totalElements
    },
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
    // A count in the navigation is never worth an error page.
    throwOnError: false,
  })
}
