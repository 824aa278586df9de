import type { CogInput } from '../../simulator/domain/imagery/tiff'
import { writeCog } from '../../simulator/domain/imagery/tiff'
import type { LinkFetch } from '../api/links'

// The makings of the hostile TIFF corpus (src/data/storage/imagery/read-cog.test.ts): an honest COG from the
// simulator's writer, the directories to patch one trick into, and a signed link's server that counts.

/** A small, honest 3-band COG: 256² with two overviews, 64-pixel tiles, deflated or not. */
export function honest(deflate?: CogInput['deflate'], size = 256): Uint8Array {
  const levels = []
  for (let w = size; w >= size / 4; w /= 2) {
    const data = new Uint16Array(w * w * 3)
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 4000
    levels.push({ width: w, height: w, data })
  }
  return writeCog({
    levels,
    bands: 3,
    sampleType: 'uint16',
    bbox: [12, 41, 12.1, 41.1],
    nodata: 0,
    tileSize: 64,
    ...(deflate ? { deflate } : {}),
  }).bytes
}

/** The file's directories in order: where each starts, and where its entries are. */
export function directories(bytes: Uint8Array): { at: number; entries: Map<number, number> }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = []
  for (let at = view.getUint32(4, true); at !== 0;) {
    const n = view.getUint16(at, true)
    const entries = new Map<number, number>()
    for (let k = 0; k < n; k++) entries.set(view.getUint16(at + 2 + 12 * k, true), at + 2 + 12 * k)
    out.push({ at, entries })
    at = view.getUint32(at + 2 + 12 * n, true)
  }
  return out
}

/** Sets an entry's first (inline or pointed-to) LONG or SHORT value. */
export function patch(bytes: Uint8Array, entry: number, value: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const type = view.getUint16(entry + 2, true)
  const count = view.getUint32(entry + 4, true)
  const size = type === 3 ? 2 : 4
  const at = count * size <= 4 ? entry + 8 : view.getUint32(entry + 8, true)
  if (type === 3) view.setUint16(at, value, true)
  else view.setUint32(at, value, true)
}

/** A signed link's server for one file: honours Range, counts what it is asked. */
export function serve(bytes: Uint8Array) {
  const seen = { requests: 0, bytes: 0, afterAbort: 0 }
  const fetchLink: LinkFetch = (_url, init) => {
    seen.requests++
    if (init?.signal?.aborted) seen.afterAbort++
    const m = /bytes=(\d+)-(\d+)/.exec(init?.headers?.range ?? '')
    const from = m ? Number(m[1]) : 0
    const to = m ? Math.min(bytes.length - 1, Number(m[2])) : bytes.length - 1
    const body = bytes.slice(from, to + 1)
    seen.bytes += body.length
    return Promise.resolve(
      new Response(body, {
        status: m ? 206 : 200,
        headers: {
          'content-length': String(body.length),
          ...(m ? { 'content-range': `bytes ${from}-${to}/${bytes.length}` } : {}),
        },
      }),
    )
  }
  return { fetchLink, seen }
}
