import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/client'
import type { paths } from '../../api/schema'

export type CollectionListQuery = NonNullable<paths['/v2/collections']['get']['parameters']['query']>

export const glossaryKeys = {
  all: ['glossary'] as const,
  collections: () => [...glossaryKeys.all, 'collections'] as const,
  collectionList: (q: CollectionListQuery) => [...glossaryKeys.collections(), 'list', q] as const,
}

export function collectionListOptions(client: ApiClient, query: CollectionListQuery) {
  return queryOptions({
    queryKey: glossaryKeys.collectionList(query),
    queryFn: async ({ signal }) => {
      const { data, response } = await client.GET('/v2/collections', { params: { query }, signal })
      if (!data) throw new Error(`Could not load collections (HTTP ${response.status}).`)
      return data
    },
    staleTime: 5 * 60_000,
  })
}
