import type { LinkFetch } from '../../../api/links'
import type { ReadRequest, ReadResult } from './read-cog'
import type { WorkerRequest } from './cog-worker'

type Answer =
  { id: number; result: ReadResult } | { id: number; error: string } | { id: number; decoded: true }

let worker: Worker | null = null
let next = 0
const waiting = new Map<
  number,
  { resolve: (r: ReadResult) => void; reject: (e: Error) => void; onDecoded?: () => void }
>()

function readWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./cog-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const a = event.data
    const w = waiting.get(a.id)
    if ('decoded' in a) {
      w?.onDecoded?.()
      return
    }
    waiting.delete(a.id)
    if ('result' in a) w?.resolve(a.result)
    else w?.reject(new Error(a.error))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    for (const w of waiting.values()) w.reject(new Error(event.message || 'The image reader stopped'))
    waiting.clear()
    worker?.terminate()
    worker = null
  }
  return worker
}

/**
 * Starts the reader's worker ahead of the first read (an item page being opened), so that its script loads
 * while the page signs the link and makes its map, rather than after: the main thread is busy then.
 */
export function startImageryReader(): void {
  if (typeof Worker !== 'undefined') readWorker()
}

/**
 * One overview of a delivered image, read and decoded in a worker where the browser has them (fetching with
 * the browser's own fetch there), else on this thread through `fetchLink` (tests under jsdom, which has no
 * workers, read from the in-process simulator). `onDecoded` is told when the pixels are in, before the
 * rendering of the asked band combination. `signal` stops the read (its page went): fetching and decoding.
 */
export async function readImagery(
  request: ReadRequest,
  fetchLink?: LinkFetch,
  onDecoded?: () => void,
  signal?: AbortSignal,
): Promise<ReadResult> {
  signal?.throwIfAborted()
  if (typeof Worker === 'undefined') {
    const { readOverview } = await import('./read-cog')
    return readOverview(request, signal, fetchLink, onDecoded)
  }
  const id = ++next
  const message: WorkerRequest = { id, ...request }
  return new Promise((resolve, reject) => {
    // The page went: the worker stops fetching and decoding, and this read ends at once.
    const cancel = () => {
      if (!waiting.delete(id)) return
      worker?.postMessage({ id, cancel: true } satisfies WorkerRequest)
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'))
    }
    const done = () => signal?.removeEventListener('abort', cancel)
    waiting.set(id, {
      resolve: (r) => (done(), resolve(r)),
      reject: (e) => (done(), reject(e)),
      onDecoded,
    })
    signal?.addEventListener('abort', cancel, { once: true })
    readWorker().postMessage(message)
  })
}
