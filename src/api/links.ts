import { DEFAULT_RETRY, RETRYABLE, retryDelay, sleep, type RetryPolicy } from './client'
import { apiErrorFromResponse, isAbortError, networkError } from './errors'

/**
 * Signed links the service hands out (EULA documents, downloads) are fetched as they are, without the bearer
 * token: they carry their own authorisation and may live on another host.
 */
export type LinkFetch = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<Response>

export const browserLinkFetch: LinkFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, headers: init?.headers, credentials: 'omit' })

/** A document behind a signed link: its media type, and its text when it is text (null otherwise, e.g. PDF). */
export interface LinkedDocument {
  contentType: string
  text: string | null
}

/**
 * The document behind a signed link; failures become the same `ApiError` as the API's. A read like any
 * other: network failures, 5xx and 542 are tried again with the client's backoff (decision 5).
 */
export async function fetchLinkedDocument(
  fetchLink: LinkFetch,
  url: string,
  signal?: AbortSignal,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<LinkedDocument> {
  let response: Response | null
  let failure: unknown
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetchLink(url, { signal })
      failure = null
    } catch (e) {
      if (isAbortError(e)) throw e
      response = null
      failure = e
    }
    const transient = response === null || RETRYABLE.has(response.status)
    if (!transient || attempt >= policy.retries) break
    void response?.body?.cancel()
    await sleep(retryDelay(policy, attempt), signal ?? new AbortController().signal)
  }
  if (!response) throw networkError(failure)
  if (!response.ok) throw await apiErrorFromResponse(response)
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase()
  const isText = contentType.startsWith('text/') || contentType === ''
  if (!isText) void response.body?.cancel()
  return { contentType, text: isText ? await response.text() : null }
}
