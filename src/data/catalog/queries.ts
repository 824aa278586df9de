import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import { createLimiter } from '../../lib/limiter'
import { catalogKeys, type PreviewKind } from './keys'

export type SearchRequest = components['schemas']['CatalogSearchRequest']
export type SearchResponse = components['schemas']['CatalogSearchResponse']
export type Scene = components['schemas']['CatalogFeature']

/** Where the page's own timing marks go; `npm run bench` reads them in Chromium. */
export const MARKS = {
  response: 'swath:search-response',
  rows: 'swath:list-rows',
  footprints: 'swath:footprints-idle',
} as const

/** The request of one page of a search: the same body, with the `next` cursor of a link for later pages. */
export function searchCall(host: string, body: SearchRequest, page: string | null) {
  return {
    method: 'POST' as const,
    path: '/catalog/hosts/{host-name}/stac/search' as const,
    params: { path: { 'host-name': host }, query: page ? { next: page } : {} },
    body,
  }
}

/**
 * One page of a search. Paging POSTs the same body with the `next` cursor of a `next`/`prev` link. A search
 * is read-only, but it is a POST: the client does not retry it on its own; a host error (542) is shown with
 * a retry button instead.
 */
export function searchOptions(client: ApiClient, host: string, body: SearchRequest, page: string | null) {
  return queryOptions({
    queryKey: catalogKeys.search(host, body, page),
    queryFn: async ({ signal }) => {
      const call = searchCall(host, body, page)
      const data = await ok(client.POST(call.path, { params: call.params, body: call.body, signal }))
      performance.mark(MARKS.response, { detail: { count: data.features.length } })
      // The host travels with its scenes: while the next search runs, the page still shows these, and their
      // previews and basket entries must name their own host.
      return { ...data, host }
    },
    // Archives change slowly; going back to a search shows it at once.
    staleTime: 5 * 60_000,
    // The page shows the error itself, beside the filters that caused it.
    throwOnError: false,
  })
}

/** The cursor of a response's `next` or `prev` link, if it has one. */
export function cursorOf(response: SearchResponse | undefined, rel: 'next' | 'prev'): string | null {
  const href = response?.links.find((l) => l.rel === rel)?.href
  if (!href) return null
  try {
    return new URL(href, 'http://relative.invalid').searchParams.get('next')
  } catch {
    return null
  }
}

// Previews load a few at a time: a fast scroll must not queue hundreds of image requests at once.
const previewLimiter = createLimiter(4)

/**
 * A scene preview fetched through the authenticated client and kept as an object URL. The URL is revoked
 * when the cache drops the entry (see `revokePreviewsOnEviction`).
 */
export function previewOptions(client: ApiClient, kind: PreviewKind, host: string, id: string) {
  return queryOptions({
    queryKey: catalogKeys.preview(kind, host, id),
    queryFn: ({ signal }) =>
      previewLimiter.run(async () => {
        const path = { 'host-name': host, 'image-id': id }
        const blob = await ok(
          kind === 'thumbnail'
            ? client.GET('/catalog/{host-name}/image/{image-id}/thumbnail', {
                params: { path },
                parseAs: 'blob',
                signal,
              })
            : client.GET('/catalog/{host-name}/image/{image-id}/quicklook', {
                params: { path },
                parseAs: 'blob',
                signal,
              }),
        )
        return URL.createObjectURL(blob)
      }, signal),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    throwOnError: false,
  })
}

const watched = new WeakSet<QueryClient>()

/** Frees the image behind a preview's object URL when the cache forgets the preview. */
export function revokePreviewsOnEviction(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return
  watched.add(queryClient)
  const prefix = JSON.stringify(catalogKeys.previews()).slice(0, -1)
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return
    const url: unknown = event.query.state.data
    if (
      typeof url === 'string' &&
      url.startsWith('blob:') &&
      JSON.stringify(event.query.queryKey).startsWith(prefix)
    )
      URL.revokeObjectURL(url)
  })
}
