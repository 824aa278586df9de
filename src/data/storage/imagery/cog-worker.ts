import { readOverview, type ReadRequest } from './read-cog'

/**
 * Reads and decodes delivered imagery off the main thread, so the map and the page stay responsive while
 * the overview's tiles come. A worker of the console's own origin: the policy's `worker-src 'self'`.
 */
export type WorkerRequest = (ReadRequest & { id: number }) | { id: number; cancel: true }

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
  postMessage: (message: unknown, transfer?: Transferable[]) => void
}

/** The reads under way, each stopped when the page that asked for it goes. */
const reads = new Map<number, AbortController>()

scope.onmessage = (event) => {
  if ('cancel' in event.data) {
    reads.get(event.data.id)?.abort(new DOMException('The page no longer shows this image', 'AbortError'))
    reads.delete(event.data.id)
    return
  }
  const { id, ...request } = event.data
  const stop = new AbortController()
  reads.set(id, stop)
  // Told as soon as the pixels are in, before the rendering: a page may then make its map meanwhile.
  readOverview(request, stop.signal, undefined, () => scope.postMessage({ id, decoded: true }))
    .finally(() => reads.delete(id))
    .then(
      (result) => {
        const data = result.raster.data as Uint16Array
        const transfer: Transferable[] = [data.buffer as ArrayBuffer]
        if (result.rendered) transfer.push(result.rendered.rgba.buffer)
        scope.postMessage({ id, result }, transfer)
      },
      (e: unknown) => scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) }),
    )
}
