import { describe, expect, it } from 'vitest'
import { gifWriter } from './gif-writer'

/** A frame of `w` × `h` pixels: a gradient, so that its palette has many colours to choose among. */
const frame = (w: number, h: number, shift: number) => {
  const rgba = new Uint8ClampedArray(w * h * 4)
  for (let i = 0; i < w * h; i++) rgba.set([(i * 7 + shift) % 256, (i * 3) % 256, shift, 255], i * 4)
  return rgba
}

/** The image descriptors (one per frame) of a GIF, by walking its blocks. */
function framesIn(bytes: Uint8Array): { count: number; delays: number[] } {
  let at = 13
  const packed = bytes[10]
  if (packed & 0x80) at += 3 * 2 ** ((packed & 7) + 1)
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1
    at++
  }
  let count = 0
  const delays: number[] = []
  while (at < bytes.length && bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      if (bytes[at + 1] === 0xf9) delays.push((bytes[at + 4] | (bytes[at + 5] << 8)) * 10)
      at += 2
      skipSubBlocks()
    } else if (bytes[at] === 0x2c) {
      count++
      const local = bytes[at + 9]
      at += 10
      if (local & 0x80) at += 3 * 2 ** ((local & 7) + 1)
      at++ // LZW minimum code size
      skipSubBlocks()
    } else throw new Error(`unexpected block 0x${bytes[at].toString(16)} at ${at}`)
  }
  return { count, delays }
}

describe('gifWriter', () => {
  it('writes one looping GIF frame per frame added, each with the delay asked', () => {
    const writer = gifWriter(500)
    for (let i = 0; i < 3; i++) writer.add(frame(40, 30, i * 60), 40, 30)
    const bytes = writer.finish()
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a')
    expect(bytes[6] | (bytes[7] << 8)).toBe(40)
    expect(bytes[8] | (bytes[9] << 8)).toBe(30)
    expect(framesIn(bytes)).toEqual({ count: 3, delays: [500, 500, 500] })
    expect(bytes[bytes.length - 1]).toBe(0x3b)
  })
})
