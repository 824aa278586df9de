import { zlibSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { LinkFetch } from '../../../api/links'
import { directories, honest, patch, serve } from '../../../testing/hostile-tiff'
import { READ_BUDGET, readOverview } from './read-cog'

// The hostile TIFF corpus: files that are valid in every way a reader checks first, each with one trick
// that made the console read forever, fill the memory or say "Failed to fetch" (issue 41).

const read = (bytes: Uint8Array, budget = READ_BUDGET, targetPx = 64) => {
  const server = serve(bytes)
  const url = 'https://storage.test/f.tif'
  return { server, result: readOverview({ url, targetPx }, undefined, server.fetchLink, undefined, budget) }
}

describe('reading a delivered GeoTIFF', () => {
  it('reads an honest file, deflated or not, within the budget', async () => {
    for (const file of [honest(), honest(6)]) {
      const { result, server } = read(file)
      const { raster, levels } = await result
      expect(levels).toEqual([256, 128, 64])
      expect(raster.width).toBe(64)
      expect(raster.data[4]).toBe((4 * 37) % 4000)
      expect(server.seen.requests).toBeLessThan(10)
    }
  })
})

describe('the hostile TIFF corpus', () => {
  it('a directory that points to itself: stopped at once, in words', async () => {
    const file = honest()
    const [first] = directories(file)
    const n = new DataView(file.buffer).getUint16(first.at, true)
    new DataView(file.buffer).setUint32(first.at + 2 + 12 * n, first.at, true)
    const { result, server } = read(file)
    await expect(result).rejects.toThrow(/point back to one another in a loop.*the console stops there/)
    expect(server.seen.requests).toBeLessThan(5)
  })

  it('directories in a longer loop, and a chain of more directories than any COG has', async () => {
    const file = honest()
    const dirs = directories(file)
    const view = new DataView(file.buffer)
    const last = dirs[dirs.length - 1]
    view.setUint32(last.at + 2 + 12 * last.entries.size, dirs[1].at, true)
    await expect(read(file).result).rejects.toThrow(/directory 3 leads to an earlier one/)
    // Three directories where the reader takes two.
    await expect(read(honest(), { ...READ_BUDGET, directories: 2 }).result).rejects.toThrow(
      'This file has more than 2 image directories; the console reads at most 2.',
    )
  })

  it('a 20,000² image declared in a small file, without overviews: refused before any tile is asked for', async () => {
    const file = honest(undefined, 64)
    const [only] = directories(file).map((d) => d.entries)
    patch(file, only.get(256)!, 20_000)
    patch(file, only.get(257)!, 20_000)
    // Only the first directory is kept: no smaller overview to fall back to.
    const first = directories(file)[0]
    new DataView(file.buffer).setUint32(first.at + 2 + 12 * first.entries.size, 0, true)
    const { result, server } = read(file)
    await expect(result).rejects.toThrow(
      'This file declares 400 million pixels (20,000 × 20,000) and no smaller overview; the console reads at most 16.8 million in one picture.',
    )
    expect(server.seen.requests).toBeLessThan(5)
  })

  it('an oversized full resolution with an overview that fits: the overview is read instead', async () => {
    const file = honest()
    const [full] = directories(file).map((d) => d.entries)
    patch(file, full.get(256)!, 20_000)
    patch(file, full.get(257)!, 20_000)
    const { raster } = await read(file, { ...READ_BUDGET, pixels: 128 * 128 }, 4_000).result
    expect(raster.width).toBe(128)
  })

  it('a deflate bomb: a tile that unpacks far beyond its declared size is stopped, not unpacked', async () => {
    const file = honest(6, 64)
    const dirs = directories(file)
    const bomb = zlibSync(new Uint8Array(8 * 2 ** 20), { level: 1 })
    const out = new Uint8Array(file.length + bomb.length)
    out.set(file)
    out.set(bomb, file.length)
    // The one tile of the full resolution now points at the bomb.
    patch(out, dirs[0].entries.get(324)!, file.length)
    patch(out, dirs[0].entries.get(325)!, bomb.length)
    const { result } = read(out)
    await expect(result).rejects.toThrow(
      /A tile of this file unpacks to more than the 24,576 bytes it declares \(a compression bomb\)/,
    )
  })

  it('an unknown compression, and one the console does not read, say so instead of "Failed to fetch"', async () => {
    for (const [method, words] of [
      [50000, 'Zstandard (method 50000)'],
      [34887, 'LERC (method 34887)'],
      [60123, 'an unknown method (number 60123)'],
    ] as const) {
      const file = honest()
      for (const d of directories(file)) patch(file, d.entries.get(259)!, method)
      await expect(read(file).result).rejects.toThrow(
        `This file is compressed with ${words}, which the console cannot read; it reads GeoTIFFs uncompressed or compressed with Deflate, LZW, PackBits or JPEG.`,
      )
    }
  })

  it('stops at its request and byte budgets', async () => {
    await expect(read(honest(), { ...READ_BUDGET, requests: 2 }).result).rejects.toThrow(
      /needs more than 2 range requests for one picture; the console makes at most 2/,
    )
    await expect(read(honest(), { ...READ_BUDGET, bytes: 16 * 1024 }).result).rejects.toThrow(
      'This file needs more than 16 KB for one picture; the console reads at most 16 KB.',
    )
  })

  it('stops when its page goes: no request after the abort, and the read ends with it', async () => {
    const file = honest()
    const [first] = directories(file)
    const n = new DataView(file.buffer).getUint16(first.at, true)
    new DataView(file.buffer).setUint32(first.at + 2 + 12 * n, first.at, true)
    const server = serve(file)
    const page = new AbortController()
    const slow: LinkFetch = async (url, init) => {
      const r = await server.fetchLink(url, init)
      if (server.seen.requests === 1) page.abort(new DOMException('The page went away', 'AbortError'))
      return r
    }
    const result = readOverview({ url: 'u', targetPx: 64 }, page.signal, slow)
    await expect(result).rejects.toThrow(/page went away/)
    expect(server.seen.requests).toBe(1)
    expect(server.seen.afterAbort).toBe(0)
  })
})
