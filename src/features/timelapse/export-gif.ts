import { cropTo } from '../../lib/imagery/timelapse-quicklooks'
import { gifWriter, type GifAnswer, type GifRequest } from './gif-writer'

/** One frame to write: its picture and the words burnt into its corner (its date, and whether a quicklook). */
export interface GifFrame {
  canvas: HTMLCanvasElement
  label: string
}

/** The export's width in pixels; the height follows each picture's shape. */
export const GIF_WIDTH = 1024

/** Lets the page paint between frames, so an export of many frames holds the tab for one frame at most. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Where the frames are encoded: the export's worker where the browser has workers, else this thread. */
interface Sink {
  /** Takes one frame's pixels (handed over, not copied); resolves once at most one frame waits in it. */
  add: (rgba: Uint8ClampedArray<ArrayBuffer>, width: number, height: number) => Promise<void>
  finish: () => Promise<Uint8Array<ArrayBuffer>>
  close: () => void
}

function workerSink(delayMs: number, onFrame?: (done: number) => void): Sink {
  const worker = new Worker(new URL('./gif-worker.ts', import.meta.url), { type: 'module' })
  let written = 0
  let sent = 0
  let failed: Error | null = null
  let wake: (() => void) | null = null
  let done: ((bytes: Uint8Array<ArrayBuffer>) => void) | null = null
  worker.onmessage = (event: MessageEvent<GifAnswer>) => {
    const a = event.data
    if (a.kind === 'written') {
      written = a.frames
      onFrame?.(written)
    } else if (a.kind === 'done') done?.(a.bytes)
    else failed = new Error(a.message)
    wake?.()
  }
  worker.onerror = (event) => {
    event.preventDefault()
    failed = new Error(event.message || 'The GIF writer stopped')
    wake?.()
  }
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (failed) reject(failed)
        else if (ready()) resolve()
        else wake = check
      }
      check()
    })
  worker.postMessage({ kind: 'start', delayMs } satisfies GifRequest)
  return {
    add: async (rgba, width, height) => {
      worker.postMessage({ kind: 'frame', rgba, width, height } satisfies GifRequest, [rgba.buffer])
      sent++
      // One frame encoding while the next is drawn: never more held than that.
      await until(() => written >= sent - 1)
    },
    finish: async () => {
      let bytes: Uint8Array<ArrayBuffer> | null = null
      done = (b) => (bytes = b)
      worker.postMessage({ kind: 'finish' } satisfies GifRequest)
      await until(() => bytes !== null)
      return bytes as unknown as Uint8Array<ArrayBuffer>
    },
    close: () => worker.terminate(),
  }
}

function threadSink(delayMs: number, onFrame?: (done: number) => void): Sink {
  const writer = gifWriter(delayMs)
  let written = 0
  return {
    add: async (rgba, width, height) => {
      writer.add(rgba, width, height)
      onFrame?.(++written)
      await pause()
    },
    finish: () => Promise.resolve(writer.finish()),
    close: () => undefined,
  }
}

/**
 * The frames as an animated GIF (looping, `delayMs` each), each picture scaled to `width` on black with its
 * label burnt into the bottom-left corner, encoded in the browser (gifenc: no `eval`, which the CSP forbids):
 * drawn here one at a time and encoded in a worker while the next is drawn, so neither the page nor the
 * memory holds all the frames at full size. `onFrame` is told how many frames are written.
 */
export async function encodeGif(
  frames: readonly GifFrame[],
  delayMs: number,
  width = GIF_WIDTH,
  onFrame?: (done: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const first = frames[0]?.canvas
  if (!first) throw new Error('There is no frame to export.')
  const height = Math.max(1, Math.round((width * first.height) / first.width))
  const out = document.createElement('canvas')
  out.width = width
  out.height = height
  const ctx = out.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('This browser cannot draw the frames to export them.')
  const sink = typeof Worker === 'undefined' ? threadSink(delayMs, onFrame) : workerSink(delayMs, onFrame)
  try {
    const font = Math.max(14, Math.round(width / 32))
    for (let i = 0; i < frames.length; i++) {
      signal?.throwIfAborted()
      const { canvas, label } = frames[i]
      ctx.fillStyle = '#000'
      ctx.fillRect(0, 0, width, height)
      ctx.imageSmoothingEnabled = true
      ctx.drawImage(canvas, 0, 0, width, height)
      ctx.font = `600 ${font}px system-ui, sans-serif`
      const pad = Math.round(font / 2)
      const textWidth = ctx.measureText(label).width
      ctx.fillStyle = 'rgba(0, 0, 0, 0.7)'
      ctx.fillRect(pad, height - pad * 3 - font, textWidth + pad * 2, font + pad * 2)
      ctx.fillStyle = '#fff'
      ctx.textBaseline = 'top'
      ctx.fillText(label, pad * 2, height - pad * 2 - font)
      await sink.add(ctx.getImageData(0, 0, width, height).data, width, height)
    }
    signal?.throwIfAborted()
    const bytes = await sink.finish()
    return new Blob([bytes.buffer], { type: 'image/gif' })
  } finally {
    sink.close()
  }
}

type Box = [number, number, number, number]

/**
 * A quicklook drawn as a frame of the GIF: the part of the picture (spanning `picture`) that shows the
 * delivered frames' box `view`, on a canvas of their size, black where the quicklook does not reach.
 */
export async function quicklookCanvas(
  url: string,
  picture: Box,
  view: Box,
  width: number,
  height: number,
): Promise<HTMLCanvasElement> {
  const img = new Image()
  img.src = url
  await img.decode()
  const c = document.createElement('canvas')
  c.width = width
  c.height = height
  const ctx = c.getContext('2d')
  if (!ctx) throw new Error('This browser cannot draw the frames to export them.')
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, width, height)
  const { sx, sy, sw, sh } = cropTo(picture, view, img.naturalWidth, img.naturalHeight)
  // Drawn through the crop's transform rather than drawImage's source rectangle: the rectangle may reach
  // past the picture, which browsers clip differently.
  ctx.setTransform(width / sw, 0, 0, height / sh, (-sx * width) / sw, (-sy * height) / sh)
  ctx.drawImage(img, 0, 0)
  return c
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
}
