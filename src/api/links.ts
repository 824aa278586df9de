import { apiErrorFromResponse, isAbortError, networkError } from './errors'

/**
 * Signed links the service hands out (EULA documents, downloads) are fetched as they are, without the bearer
 * token: they carry their own authorisation and may live on another host.
 */
export type LinkFetch = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>

export const browserLinkFetch: LinkFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, credentials: 'omit' })

/** A document behind a signed link: its media type, and its text when it is text (null otherwise, e.g. PDF). */
export interface LinkedDocument {
  contentType: string
  text: string | null
}

/** The document behind a signed link; failures become the same `ApiError` as the API's. */
export async function fetchLinkedDocument(
  fetchLink: LinkFetch,
  url: string,
  signal?: AbortSignal,
): Promise<LinkedDocument> {
  let response: Response
  try {
    response = await fetchLink(url, { signal })
  } catch (e) {
    if (isAbortError(e)) throw e
    throw networkError(e)
  }
  if (!response.ok) throw await apiErrorFromResponse(response)
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase()
  const isText = contentType.startsWith('text/') || contentType === ''
  if (!isText) void response.body?.cancel()
  return { contentType, text: isText ? await response.text() : null }
}
