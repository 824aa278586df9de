import { gifWriter, type GifAnswer, type GifRequest } from './gif-writer'

/**
 * Encodes the time-lapse's GIF off the page's thread, one frame as it comes: the page draws the next frame
 * while this one is quantised. A worker of the console's own origin (the policy's `worker-src 'self'`).
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<GifRequest>) => void) | null
  postMessage: (message: GifAnswer, transfer?: Transferable[]) => void
}

let writer: ReturnType<typeof gifWriter> | null = null
let frames = 0

scope.onmessage = (event) => {
  const m = event.data
  try {
    if (m.kind === 'start') {
      writer = gifWriter(m.delayMs)
      frames = 0
    } else if (m.kind === 'frame') {
      if (!writer) throw new Error('The GIF was not started.')
      writer.add(m.rgba, m.width, m.height)
      scope.postMessage({ kind: 'written', frames: ++frames })
    } else {
      if (!writer) throw new Error('The GIF was not started.')
      const bytes = writer.finish()
      writer = null
      scope.postMessage({ kind: 'done', bytes }, [bytes.buffer])
    }
  } catch (e) {
    scope.postMessage({ kind: 'error', message: e instanceof Error ? e.message : String(e) })
  }
}
