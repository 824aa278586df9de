import { apiErrorFromResponse, isAbortError, networkError } from './errors'

/**
 * Signed links the service hands out (EULA documents, downloads) are fetched as they are, without the bearer
 * token: they carry their own authorisation and may live on another host.
 */
export type LinkFetch = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>

export const browserLinkFetch: LinkFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, credentials: 'omit' })

/** The text behind a signed link; failures become the same `ApiError` as the API's. */
export async function fetchLinkText(
  fetchLink: LinkFetch,
  url: string,
  signal?: AbortSignal,
): Promise<string> {
  let response: Response
  try {
    response = await fetchLink(url, { signal })
  } catch (e) {
    if (isAbortError(e)) throw e
    throw networkError(e)
  }
  if (!response.ok) throw await apiErrorFromResponse(response)
  return response.text()
}
