import { beforeEach, describe, expect, it } from 'vitest'
import type { LinkFetch } from '../../api/links'
import { signDownload } from '../../data/storage/queries'
import { signedInConsole, type TestConsole } from '../../testing/sim-backend'
import { cancelDownload, downloadAll, downloadFile, totals, useDownloads } from './download-store'
import { curlScript, itemCollectionOf } from './exports'

/**
 * The analyst's Rotterdam delivery: its first item's preview, a PNG small enough to compare byte by byte
 * (the image itself is a GeoTIFF of megabytes).
 */
function rotterdamImage(c: TestConsole) {
  const world = c.backend.sim.runtime.world
  const rec = [...world.stacCollections.values()].find(
    (r) => r.transformed && r.collection.title === 'Pléiades Neo - Port of Rotterdam',
  )
  const item = rec && world.stacItems.get(rec.itemIds[0])?.item
  if (!rec || !item) throw new Error('seed changed')
  const key = item.assets.preview.href.split('/').pop() ?? ''
  return { rec, item, key }
}

const setup = async (fetchLink?: (c: TestConsole) => LinkFetch) => {
  const c = await signedInConsole()
  const deps = { sign: (id: string) => signDownload(c.client, id), fetchLink: fetchLink?.(c) ?? c.fetchLink }
  const saved: { name: string; bytes: Uint8Array }[] = []
  const save = (blob: Blob, name: string) => {
    void blob.arrayBuffer().then((b) => saved.push({ name, bytes: new Uint8Array(b) }))
  }
  const { item, key, rec } = rotterdamImage(c)
  useDownloads
    .getState()
    .pick([{ key, name: 'scene-1.png', assetKey: 'preview', collectionId: rec.collection.id, item }])
  // Links handed out (a sign-in refreshed on the way shows as a 401 and its replay).
  const signs = () => c.backend.log.filter((l) => l.path.endsWith('/download-url') && l.status === 201).length
  const file = () => useDownloads.getState().files.find((f) => f.key === key)
  return { c, deps, saved, save, key, item, signs, file }
}

/** The whole file, fetched once through a fresh link, to compare with. */
async function wholeFile(c: TestConsole, key: string) {
  const link = await signDownload(c.client, key)
  return new Uint8Array(await (await c.fetchLink(link.url)).arrayBuffer())
}

beforeEach(() => useDownloads.getState().clear())

describe('download manager', () => {
  it('downloads a picked file through a link signed for it, with progress, and hands it over', async () => {
    const t = await setup()
    await downloadFile(t.deps, t.key, t.save)
    expect(t.file()).toMatchObject({ status: 'done' })
    expect(t.file()?.total).toBe(t.file()?.received)
    expect(t.signs()).toBe(1)
    await expect.poll(() => t.saved.length).toBe(1)
    expect(t.saved[0].name).toBe('scene-1.png')
    expect([...t.saved[0].bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    expect(totals(useDownloads.getState().files)).toMatchObject({ done: 1 })
    // The file itself went without the bearer token.
    const fileRequest = t.c.backend.log.find((l) => l.path.startsWith('/__storage/'))
    expect(fileRequest?.auth).toBeNull()
  })

  it('a link that expires before the file comes is signed again, and the download says so', async () => {
    const t = await setup()
    const release = t.c.backend.hold('/__storage/')
    const run = downloadFile(t.deps, t.key, t.save)
    await expect.poll(() => t.signs()).toBe(1)
    // Five minutes pass on the service's clock while the request waits.
    t.c.backend.advance(301)
    release()
    await run
    expect(t.file()).toMatchObject({ status: 'done' })
    expect(t.file()?.note).toMatch(/expired mid-way/)
    expect(t.signs()).toBe(2)
    expect(t.c.backend.log.filter((l) => l.path.startsWith('/__storage/')).map((l) => l.status)).toEqual([
      403, 200,
    ])
  })

  it('a broken connection fails the file; retry resumes from the bytes it had with a Range request', async () => {
    const ranges: (string | undefined)[] = []
    let broken = false
    const t = await setup((c) => async (url, init) => {
      ranges.push(init?.headers?.range)
      const res = await c.fetchLink(url, init)
      if (broken) return res
      broken = true
      // The connection drops after the first 100 bytes.
      const bytes = new Uint8Array(await res.arrayBuffer())
      let sent = false
      const body = new ReadableStream<Uint8Array>({
        pull(ctl) {
          if (sent) return ctl.error(new TypeError('network error'))
          sent = true
          ctl.enqueue(bytes.slice(0, 100))
        },
      })
      return new Response(body, { status: 200, headers: res.headers })
    })
    await downloadFile(t.deps, t.key, t.save)
    expect(t.file()).toMatchObject({ status: 'failed', received: 100 })
    expect(t.file()?.error).toMatch(/retry to resume/)
    await downloadFile(t.deps, t.key, t.save)
    expect(t.file()).toMatchObject({ status: 'done' })
    expect(ranges).toEqual([undefined, 'bytes=100-'])
    // A new link for the retry, never the old one.
    expect(t.signs()).toBe(2)
    await expect.poll(() => t.saved.length).toBe(1)
    expect([...t.saved[0].bytes]).toEqual([...(await wholeFile(t.c, t.key))])
  })

  it('cancel stops a file; downloading all takes it up again', async () => {
    const t = await setup()
    const release = t.c.backend.hold('/__storage/')
    const run = downloadFile(t.deps, t.key, t.save)
    await expect.poll(() => t.signs()).toBe(1)
    cancelDownload(t.key)
    release()
    await run
    expect(t.file()).toMatchObject({ status: 'canceled', received: 0 })
    await downloadAll(t.deps, t.save)
    expect(t.file()).toMatchObject({ status: 'done' })
  })
})

describe('exports', () => {
  it('an ItemCollection of the picked items with only the picked assets, and a curl script asking for fresh links', async () => {
    const c = await signedInConsole()
    const { item, key, rec } = rotterdamImage(c)
    const files = [
      { key, name: "it's scene.png", assetKey: 'image', collectionId: rec.collection.id, item },
      { key: 'zip-id', name: '../delivery.zip', assetKey: 'x.zip', collectionId: rec.collection.id },
    ]
    const fc = itemCollectionOf(files)
    expect(fc.type).toBe('FeatureCollection')
    expect(fc.features.map((f) => f.id)).toEqual([item.id])
    expect(Object.keys(fc.features[0].assets)).toEqual(['image'])
    const script = curlScript(files, 'https://swath.example/api')
    expect(script).toMatch(/^#!\/bin\/sh/)
    expect(script).toMatch(/last 5 minutes/)
    expect(script).toContain('SWATH_API="${SWATH_API:-https://swath.example/api}"')
    expect(script).toContain('/v2/assets/$1/download-url')
    expect(script).toContain(`fetch '${key}' 'it'\\''s scene.png'`)
    expect(script).toContain("fetch 'zip-id' '__delivery.zip'")
  })
})
