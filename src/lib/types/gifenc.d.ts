// gifenc ships no types. What the time-lapse export uses: a palette from RGBA pixels, each pixel's index in
// it (both over colour bins of `format`: rgb565 by default, rgb444 quicker), and the encoder that writes frames (a delay in ms, `repeat` 0 for a loop) into the file's bytes.
declare module 'gifenc' {
  export type Palette = number[][]
  export type ColorFormat = 'rgb565' | 'rgb444' | 'rgba4444'
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: ColorFormat },
  ): Palette
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: ColorFormat,
  ): Uint8Array
  export interface Encoder {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      opts?: { palette?: Palette; delay?: number; repeat?: number },
    ): void
    finish(): void
    bytes(): Uint8Array
  }
  export function GIFEncoder(): Encoder
}
