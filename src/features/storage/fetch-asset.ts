import type { LinkFetch } from '../../api/links'
import { isFresh, type SignedLink } from '../../data/storage/queries'

/** What a file download needs: a way to sign a link for an asset, and to fetch a link without the bearer. */
export interface AssetFetchDeps {
  sign: (assetId: string) => Promise<SignedLink>
  fetchLink: LinkFetch
}

export interface Progress {
  received: number
  total: number | null
  /** Set when the link expired mid-way and a new one was asked for. */
  note?: string
}

/** What was fetched so far: kept by a failed download, so that a retry resumes instead of starting again. */
export interface Partial {
  chunks: Uint8Array[]
  received: number
  total: number | null
}

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly partial: Partial,
  ) {
    super(message)
  }
}

const EXPIRED_NOTE =
  'The download link expired mid-way (links last 5 minutes); a new one was asked for and the download resumed.'

/**
 * Fetches one asset's file through a freshly signed link, reporting progress. A link that the bucket refuses
 * as expired (403) is signed again and the download resumes from the bytes it has, with an HTTP Range
 * request; a link is never used past its 5 minutes. `from` resumes a failed download.
 */
export async function fetchAsset(
  deps: AssetFetchDeps,
  assetId: string,
  opts: { signal?: AbortSignal; onProgress?: (p: Progress) => void; from?: Partial } = {},
): Promise<Blob> {
  const state: Partial = opts.from
    ? { chunks: [...opts.from.chunks], received: opts.from.received, total: opts.from.total }
    : { chunks: [], received: 0, total: null }
  let note: string | undefined
  let link = await deps.sign(assetId)
  for (let resign = 0; ; resign++) {
    if (!isFresh(link)) link = await deps.sign(assetId)
    let res: Response
    try {
      res = await deps.fetchLink(link.url, {
        signal: opts.signal,
        headers: state.received > 0 ? { range: `bytes=${state.received}-` } : undefined,
      })
    } catch (e) {
      if (opts.signal?.aborted) throw e
      throw new DownloadError('The connection failed; retry to resume.', state)
    }
    const aborted = () => {
      if (opts.signal?.aborted) throw new DOMException('The download was canceled.', 'AbortError')
    }
    aborted()
    if (res.status === 403 && resign < 2) {
      void res.body?.cancel()
      // Expired (or refused) while we were at it: a new link, and on from where we are.
      note = EXPIRED_NOTE
      link = await deps.sign(assetId)
      opts.onProgress?.({ received: state.received, total: state.total, note })
      continue
    }
    if (res.status === 416 && state.total !== null && state.received >= state.total) break
    if (!res.ok) {
      void res.body?.cancel()
      throw new DownloadError(`The file could not be fetched (HTTP ${res.status}); retry to resume.`, state)
    }
    if (res.status === 200 && state.received > 0) {
      // The bucket ignored the range: the whole file comes again.
      state.chunks = []
      state.received = 0
    }
    const range = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')
    const length = Number(res.headers.get('content-length'))
    state.total = range
      ? Number(range[1])
      : Number.isFinite(length) && length > 0
        ? state.received + length
        : null
    opts.onProgress?.({ received: state.received, total: state.total, note })
    const reader = res.body?.getReader()
    if (!reader) break
    try {
      for (;;) {
        const { done, value } = await reader.read()
        aborted()
        if (done) break
        state.chunks.push(value)
        state.received += value.byteLength
        opts.onProgress?.({ received: state.received, total: state.total, note })
      }
    } catch (e) {
      if (opts.signal?.aborted) {
        void reader.cancel().catch(() => undefined)
        throw e
      }
      throw new DownloadError('The connection broke off; retry to resume.', state)
    }
    break
  }
  return new Blob(state.chunks as BlobPart[])
}
