import { packBody, transferables } from './footprint-pack'

/**
 * Parses and packs "Draw all"'s answers off the page's thread (decision 85): an answer of 1,000 items is some
 * 3 MB of JSON, one task of 150–390 ms on the page's thread under load. The page fetches through its one
 * client (auth, retries, errors) and hands the body's bytes here; the packed footprints go back without a copy.
 */
export interface PackRequest {
  id: number
  body: ArrayBuffer
}

// The project's types are the DOM's; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PackRequest>) => void) | null
  postMessage: (message: unknown, transfer: Transferable[]) => void
}

scope.onmessage = (event) => {
  const { id, body } = event.data
  try {
    const page = packBody(body)
    scope.postMessage({ id, page }, transferables(page.footprints))
  } catch (e) {
    scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) }, [])
  }
}
