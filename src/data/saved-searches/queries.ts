import { queryOptions, useQueries } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { paths } from '../../config/paths'
import {
  newsRequest,
  savedSearchNews,
  type CatalogFeature,
  type SavedRequest,
  type SavedSearch,
  type SavedSearchNews,
} from './saved-search'
import { useSavedSearches } from './store'

/** Keys of what saved searches ask the service (the searches themselves are kept in the browser). */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  news: (requests: readonly SavedRequest[], seenUpTo: string | null) =>
    [...savedSearchKeys.all, 'news', requests, seenUpTo] as const,
}

/**
 * What is new in a saved search since `seenUpTo`: its requests, narrowed to recent acquisitions
 * (newsRequest), run once per host. Catalog searches are POSTs the client does not retry; a failed count is
 * shown as unknown, not as an error page.
 */
export function savedSearchNewsOptions(
  client: ApiClient,
  requests: readonly SavedRequest[],
  seenUpTo: string | null,
) {
  return queryOptions({
    queryKey: savedSearchKeys.news(requests, seenUpTo),
    queryFn: async ({ signal }): Promise<SavedSearchNews> => {
      const pages = await Promise.all(
        requests.map(async ({ host, body }): Promise<CatalogFeature[]> => {
          const narrowed = newsRequest(body, seenUpTo)
          if (!narrowed) return []
          const data = await ok(
            client.POST('/catalog/hosts/{host-name}/stac/search', {
              params: { path: { 'host-name': host } },
              body: narrowed,
              signal,
            }),
          )
          return data.features
        }),
      )
      return savedSearchNews(pages, seenUpTo)
    },
    // The archive grows while the page is away: each visit counts again (showing the last count meanwhile).
    staleTime: 0,
    throwOnError: false,
  })
}

/** The news of each saved search, in the order given. */
export function useSavedSearchNews(searches: readonly SavedSearch[]) {
  const client = useApiClient()
  return useQueries({
    queries: searches.map((s) => savedSearchNewsOptions(client, s.requests, s.seenUpTo)),
  })
}

/**
 * The catalog link that opens a saved search with its new scenes marked (`since`: the catalog marks scenes
 * acquired or published after it), and what opening it records: what the analyst has now seen.
 */
export function savedSearchLink(search: SavedSearch): string {
  const params = new URLSearchParams(search.params)
  params.delete('page')
  if (search.seenUpTo) params.set('since', search.seenUpTo)
  return paths.catalog(params.toString())
}

/** Records a look at a saved search when its link is followed, with what its news says was seen. */
export function useLookedAt() {
  const looked = useSavedSearches((s) => s.looked)
  return (search: SavedSearch, news: SavedSearchNews | undefined) => looked(search.id, news?.latest ?? null)
}
