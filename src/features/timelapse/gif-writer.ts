import { applyPalette, GIFEncoder, quantize } from 'gifenc'

/**
 * An animated GIF written frame by frame (looping, `delayMs` each): each frame's RGBA pixels are quantised to
 * its own 256 colours and dropped, so no more than one frame is held at full size. The palette is chosen
 * over 4,096 colour bins (4 bits a channel) rather than 65,536: ten times quicker for the same 256 colours,
 * which is what kept a 12-frame export over ten seconds. Used by the export's worker (gif-worker.ts), and on
 * the page's thread where the browser has no workers.
 */
export function gifWriter(delayMs: number) {
  const gif = GIFEncoder()
  return {
    add(rgba: Uint8ClampedArray, width: number, height: number): void {
      const palette = quantize(rgba, 256, { format: 'rgb444' })
      gif.writeFrame(applyPalette(rgba, palette, 'rgb444'), width, height, {
        palette,
        delay: delayMs,
        repeat: 0,
      })
    },
    finish(): Uint8Array<ArrayBuffer> {
      gif.finish()
      return gif.bytes().slice()
    },
  }
}

/** What the page tells the export's worker, and what it answers. */
export type GifRequest =
  | { kind: 'start'; delayMs: number }
  | { kind: 'frame'; rgba: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }
  | { kind: 'finish' }

export type GifAnswer =
  | { kind: 'written'; frames: number }
  | { kind: 'done'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'error'; message: string }
