import { packBody, type PackedPage } from './footprint-pack'
import type { PackRequest } from './footprint-worker'

type Answer = { id: number; page: PackedPage } | { id: number; error: string }

let worker: Worker | null = null
let next = 0
const waiting = new Map<number, { resolve: (p: PackedPage) => void; reject: (e: Error) => void }>()

function packWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./footprint-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const a = event.data
    const w = waiting.get(a.id)
    waiting.delete(a.id)
    if ('page' in a) w?.resolve(a.page)
    else w?.reject(new Error(a.error))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    for (const w of waiting.values()) w.reject(new Error(event.message || 'The footprints reader stopped'))
    waiting.clear()
    worker?.terminate()
    worker = null
  }
  return worker
}

/**
 * An answer's body (bytes of JSON) parsed and packed in a worker where the browser has them, handed over, not
 * copied; else on this thread (tests under jsdom, which has no workers).
 */
export function packAnswer(body: ArrayBuffer): Promise<PackedPage> {
  if (typeof Worker === 'undefined') return Promise.resolve().then(() => packBody(body))
  const id = ++next
  const request: PackRequest = { id, body }
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    packWorker().postMessage(request, [body])
  })
}
