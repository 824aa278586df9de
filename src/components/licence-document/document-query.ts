import { queryOptions } from '@tanstack/react-query'
import { fetchLinkedDocument, type LinkFetch } from '../../api/links'

/** A licence document behind its signed link (no bearer), read once: a document's text never changes. */
export function licenceDocumentOptions(fetchLink: LinkFetch, url: string) {
  return queryOptions({
    queryKey: ['licence-document', url] as const,
    queryFn: ({ signal }) => fetchLinkedDocument(fetchLink, url, signal),
    staleTime: Infinity,
    throwOnError: false,
  })
}
