// gifenc ships no types. What the time-lapse export uses: a palette from RGBA pixels, each pixel's index in
// it, and the encoder that writes frames (a delay in ms, `repeat` 0 for a loop) into the file's bytes.
declare module 'gifenc' {
  export type Palette = number[][]
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number): Palette
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette): Uint8Array
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
