import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'

export type Eula = components['schemas']['Eula']

/** Hierarchical keys: invalidating `licenceKeys.all` reaches every licence and document. */
export const licenceKeys = {
  all: ['licences'] as const,
  eulas: () => [...licenceKeys.all, 'eula'] as const,
  eula: (id: string) => [...licenceKeys.eulas(), id] as const,
}

export function eulaOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: licenceKeys.eula(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/v2/eulas/{eula-id}', { params: { path: { 'eula-id': id } }, signal })),
    throwOnError: false,
  })
}

/** Accepts the EULA's current document, as the contract records acceptance. */
export function acceptEulaMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { eulaId: string; documentId: string }) =>
      ok(
        client.PATCH('/v2/eulas/{eula-id}/documents/{eula-document-id}', {
          params: { path: { 'eula-id': v.eulaId, 'eula-document-id': v.documentId } },
          body: { isAccepted: true },
          headers: { 'content-type': 'application/merge-patch+json' },
        }),
      ),
    // Every page that shows this licence (the checkout, the tasking request, …) sees the acceptance at once.
    onSuccess: (_doc, v) => qc.invalidateQueries({ queryKey: licenceKeys.eula(v.eulaId) }),
  })
}

/** What the shared licence gate needs to show and accept a licence (components do not import data). */
export const licenceAccess = { acceptEulaMutation }
export type LicenceAccess = typeof licenceAccess
