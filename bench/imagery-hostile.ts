import { zlibSync } from 'fflate'
import { readOverview } from '../src/data/storage/imagery/read-cog'
import { directories, honest, patch, serve } from '../src/testing/hostile-tiff'
import { report, time } from './stats'

/**
 * Hostile GeoTIFFs (issue 41): how long the console's reader takes to refuse each, and how many requests it
 * made, read from memory through the same code as the worker's (readOverview). Before the budgets the looping
 * file never ended (71,010 requests in the browser) and the bomb peaked at 2.7 GB. Then a read stopped by its
 * page while its first request is out: the
 * time from its start to its end.
 */
export async function benchHostileTiff(): Promise<void> {
  console.log('\n## Hostile GeoTIFFs: time to refuse')
  const files: [string, Uint8Array][] = [
    ['directory pointing to itself', looping()],
    ['20,000² declared, no overview', oversized()],
    ['deflate bomb (64 MB in one tile)', bomb()],
    ['LERC (not read)', compressed(34887)],
  ]
  for (const [name, file] of files) {
    let requests = 0
    const figures = await time(10, 2, async () => {
      const server = serve(file)
      const read = readOverview({ url: 'bench.tif', targetPx: 512 }, undefined, server.fetchLink)
      await read.then(
        () => {
          throw new Error(`${name}: read, not refused`)
        },
        () => undefined,
      )
      requests = server.seen.requests
    })
    report(`refuse: ${name} (${requests} requests)`, figures, 'median < 50 ms')
  }
  const abort = await time(10, 2, async () => {
    const page = new AbortController()
    const server = serve(looping())
    const read = readOverview({ url: 'bench.tif', targetPx: 512 }, page.signal, (url, init) => {
      // The page goes while the first request is out.
      const answer = server.fetchLink(url, init)
      page.abort()
      return answer
    })
    await read.catch(() => undefined)
  })
  report('a looping read whose page goes at its 1st request', abort, 'median < 50 ms')
}

function looping(): Uint8Array {
  const file = honest()
  const [first] = directories(file)
  new DataView(file.buffer).setUint32(first.at + 2 + 12 * first.entries.size, first.at, true)
  return file
}

function oversized(): Uint8Array {
  const file = honest(undefined, 64)
  const [first] = directories(file)
  patch(file, first.entries.get(256)!, 20_000)
  patch(file, first.entries.get(257)!, 20_000)
  new DataView(file.buffer).setUint32(first.at + 2 + 12 * first.entries.size, 0, true)
  return file
}

function bomb(): Uint8Array {
  const file = honest(6, 64)
  const [first] = directories(file)
  const payload = zlibSync(new Uint8Array(64 * 2 ** 20), { level: 9 })
  const out = new Uint8Array(file.length + payload.length)
  out.set(file)
  out.set(payload, file.length)
  patch(out, first.entries.get(324)!, file.length)
  patch(out, first.entries.get(325)!, payload.length)
  return out
}

function compressed(method: number): Uint8Array {
  const file = honest()
  for (const d of directories(file)) patch(file, d.entries.get(259)!, method)
  return file
}
