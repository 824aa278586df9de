import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { fetchLinkedDocument, type LinkFetch } from '../../api/links'
import type { components, paths } from '../../api/schema'

export type Eula = components['schemas']['Eula']
export type EulaDocument = components['schemas']['EulaDocument']
export type EulaListQuery = NonNullable<paths['/v2/eulas']['get']['parameters']['query']>

/** Hierarchical keys: invalidating `licenceKeys.all` reaches every licence, list and document. */
export const licenceKeys = {
  all: ['licences'] as const,
  lists: () => [...licenceKeys.all, 'list'] as const,
  list: (q: EulaListQuery) => [...licenceKeys.lists(), q] as const,
  eulas: () => [...licenceKeys.all, 'eula'] as const,
  eula: (id: string) => [...licenceKeys.eulas(), id] as const,
  /** Under the EULA's own key, so invalidating a EULA reaches its versions too. */
  documents: (id: string) => [...licenceKeys.eula(id), 'documents'] as const,
}

export function eulaOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: licenceKeys.eula(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/eulas/{eula-id}', { params: { path: { 'eula-id': id } }, signal })),
    throwOnError: false,
  })
}

/** One page of the account's EULAs, with whether each current document is accepted. */
export function eulaListOptions(client: ApiClient, query: EulaListQuery) {
  return queryOptions({
    queryKey: licenceKeys.list(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/eulas', { params: { query }, signal })),
    throwOnError: false,
  })
}

/** Every version of a EULA's document, newest first (a EULA has a handful: one page holds them). */
export function eulaDocumentsOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: licenceKeys.documents(id),
    queryFn: ({ signal }) =>
      ok(
        client.GET('/v2/eulas/{eula-id}/documents', {
          params: { path: { 'eula-id': id }, query: { size: 100, sort: 'version,desc' } },
          signal,
        }),
      ),
    throwOnError: false,
  })
}

/**
 * A licence document's text behind its signed link (no bearer), read once: a document's text never changes,
 * so its key stands outside `licenceKeys` and accepting a licence does not read it again.
 */
export function licenceDocumentOptions(fetchLink: LinkFetch, url: string) {
  return queryOptions({
    queryKey: ['licence-document', url] as const,
    queryFn: ({ signal }) => fetchLinkedDocument(fetchLink, url, signal),
    staleTime: Infinity,
    throwOnError: false,
  })
}

/** Accepts the EULA's current document, as the contract records acceptance. */
/** Accepting a EULA's document: a JSON merge patch of its acceptance. */
export const acceptEulaCall = (eulaId: string, documentId: string) => ({
  method: 'PATCH' as const,
  path: '/v2/eulas/{eula-id}/documents/{eula-document-id}' as const,
  params: { path: { 'eula-id': eulaId, 'eula-document-id': documentId } },
  body: { isAccepted: true as const },
  contentType: 'application/merge-patch+json',
})

export function acceptEulaMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { eulaId: string; documentId: string }) => {
      const call = acceptEulaCall(v.eulaId, v.documentId)
      return ok(
        client.PATCH(call.path, {
          params: call.params,
          body: call.body,
          headers: { 'content-type': call.contentType },
        }),
      )
    },
    // Every page that shows this licence (the checkout, the tasking request, the licence pages and their
    // lists, the shell's banner) sees the acceptance at once: one key space for all of them.
    onSuccess: () => qc.invalidateQueries({ queryKey: licenceKeys.all }),
  })
}

/** What the shared licence gate needs to show and accept a licence (components do not import data). */
export const licenceAccess = { acceptEulaMutation, eulaDocumentsOptions, licenceDocumentOptions }
export type LicenceAccess = typeof licenceAccess
