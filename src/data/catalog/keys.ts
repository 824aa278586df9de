import type { components } from '../../api/schema'

type SearchRequest = components['schemas']['CatalogSearchRequest']
export type PreviewKind = 'thumbnail' | 'quicklook'

/** One key space for the catalog: searches per host, body and page cursor; previews per kind, host and scene. */
export const catalogKeys = {
  all: ['catalog'] as const,
  searches: () => [...catalogKeys.all, 'search'] as const,
  search: (host: string, body: SearchRequest, page: string | null) =>
    [...catalogKeys.searches(), host, body, page] as const,
  previews: () => [...catalogKeys.all, 'preview'] as const,
  preview: (kind: PreviewKind, host: string, id: string) =>
    [...catalogKeys.previews(), kind, host, id] as const,
}
