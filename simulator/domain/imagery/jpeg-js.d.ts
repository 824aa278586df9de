// The subset of jpeg-js the simulator uses, typed with plain Uint8Arrays (no Buffer in our code).
declare module 'jpeg-js' {
  export interface RawImage {
    data: Uint8Array
    width: number
    height: number
  }

  /** Encodes RGBA pixels (4 bytes per pixel, alpha ignored) as a baseline JPEG. */
  export function encode(raw: RawImage, quality?: number): RawImage
}
