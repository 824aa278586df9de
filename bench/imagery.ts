import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { chromium, type Browser, type Page, type Response } from '@playwright/test'
import { fromArrayBuffer } from 'geotiff'
import { chromiumLaunch } from '../e2e/chromium'
import { renderPreset } from '../src/lib/imagery/render'
import { mapSettled, watchErrors } from './catalog'
import { ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'
import { figures } from './stats'

/**
 * Delivered imagery (issue 30): an optical item opened in the console (client-side, from Storage) until its
 * image is drawn on the map, against a floor — the same overview's pixels, decoded ahead, handed to a bare
 * MapLibre map of the same size and camera as a canvas source (target: at most 1.5× the floor) — and the
 * bytes the console fetched for the image against the size of the overview it read (target: at most 1.2×:
 * never the whole file). Each run opens another item, so nothing comes from a cache.
 *
 * Not yet in `npm run bench`: its first client-side opening of an item ends with "Target page, context or
 * browser has been closed" in this machine's Chromium; run alone to work on it.
 */

const PORT = 5197
const ORIGIN = `http://127.0.0.1:${PORT}`
const VIEWPORT = { width: 1440, height: 900 }
const RUNS = 4
const TIMEOUT = 120_000
const EMAIL = 'analyst@swath.test'

interface Item {
  path: string
  title: string
  assetId: string
}

/** Delivered optical items (not the original deliveries, not radar), one per run and one to warm up. */
async function opticalItems(page: Page, n: number): Promise<{ items: Item[]; token: string }> {
  const grant = await page.request.post(`${ORIGIN}/auth/realms/public/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token: token } = (await grant.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${token}` }
  const get = async <T>(path: string) =>
    (await (await page.request.get(`${ORIGIN}/api${path}`, { headers })).json()) as T
  const { collections } = await get<{ collections: { id: string; title?: string; keywords?: string[] }[] }>(
    '/v2/assets/stac/collections?limit=100',
  )
  const items: Item[] = []
  for (const c of collections) {
    if (c.title?.endsWith('(original delivery)') || (c.keywords ?? []).some((k) => /capella|sar/i.test(k)))
      continue
    const { features } = await get<{
      features: {
        id: string
        properties: { title?: string }
        assets: Record<string, { href: string; type?: string }>
      }[]
    }>(`/v2/assets/stac/collections/${c.id}/items`)
    for (const f of features) {
      const image = Object.values(f.assets).find((a) => /geotiff/i.test(a.type ?? ''))
      const assetId = image && /\/v2\/assets\/([^/?#]+)$/.exec(image.href)?.[1]
      if (assetId)
        items.push({
          path: `/storage/collections/${c.id}/items/${f.id}`,
          title: f.properties.title ?? f.id,
          assetId,
        })
      if (items.length >= n) return { items, token }
    }
  }
  return { items, token }
}

/** The whole file, through a signed link, as the bench's own reference (not counted). */
async function wholeFile(page: Page, token: string, assetId: string): Promise<ArrayBuffer> {
  const link = await page.request.post(`${ORIGIN}/api/v2/assets/${assetId}/download-url`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const { url } = (await link.json()) as { url: string }
  const body = await (await page.request.get(new URL(url, ORIGIN).href)).body()
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer
}

interface Run {
  ms: number
  fetched: number
  overviewBytes: number
  width: number
  wholeBytes: number
}

async function openItem(page: Page, item: Item, token: string): Promise<Run> {
  await page.goto('/storage')
  await page.getByRole('heading', { name: 'Storage', level: 1 }).waitFor({ timeout: TIMEOUT })
  let fetched = 0
  const onResponse = async (r: Response) => {
    if (r.status() !== 206) return
    fetched += Number(r.headers()['content-length'] ?? (await r.body().catch(() => Buffer.alloc(0))).length)
  }
  page.on('response', onResponse)
  const started = await page.evaluate((path) => {
    const t = performance.now()
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
    return t
  }, item.path)
  await page.locator('[data-imagery="drawn"]').waitFor({ timeout: TIMEOUT })
  await mapSettled(page)
  const drawn = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const engine = (window as unknown as { __swathMap?: { afterIdle: (cb: () => void) => void } })
          .__swathMap
        if (!engine) resolve(performance.now())
        else engine.afterIdle(() => resolve(performance.now()))
      }),
  )
  page.off('response', onResponse)
  const said = (await page.getByText(/px overview of a \d+ px image/).textContent()) ?? ''
  const width = Number(/from the (\d+) px overview/.exec(said)?.[1])
  const whole = await wholeFile(page, token, item.assetId)
  const tiff = await fromArrayBuffer(whole)
  let overviewBytes = 0
  for (let i = 0; i < (await tiff.getImageCount()); i++) {
    const image = await tiff.getImage(i)
    if (image.getWidth() !== width) continue
    // Tile byte counts are loaded on demand (a deferred tag).
    const counts = (await image.fileDirectory.loadValue('TileByteCounts')) as ArrayLike<number> | undefined
    for (let k = 0; k < (counts?.length ?? 0); k++) overviewBytes += Number(counts?.[k] ?? 0)
  }
  return { ms: drawn - started, fetched, overviewBytes, width, wholeBytes: whole.byteLength }
}

interface FloorInput {
  width: number
  height: number
  rgba: Uint8ClampedArray
  corners: number[][]
  view: { width: number; height: number; center: [number, number]; zoom: number }
}

/** The same overview as the console read it, decoded here in true colour, and the console map's view. */
async function floorInput(page: Page, whole: ArrayBuffer, width: number): Promise<FloorInput> {
  const tiff = await fromArrayBuffer(whole)
  const full = await tiff.getImage(0)
  let image = full
  for (let i = 0; i < (await tiff.getImageCount()); i++)
    if ((await tiff.getImage(i)).getWidth() === width) image = await tiff.getImage(i)
  const [w, s, e, n] = full.getBoundingBox()
  const data = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
  const raster = {
    width: image.getWidth(),
    height: image.getHeight(),
    bands: image.getSamplesPerPixel(),
    data,
    bbox: [w, s, e, n] as [number, number, number, number],
    nodata: full.getGDALNoData() ?? 0,
  }
  const view = await page.evaluate(() => {
    const m = (
      window as unknown as {
        __swathMap?: {
          map: {
            getCenter: () => { lng: number; lat: number }
            getZoom: () => number
            getContainer: () => HTMLElement
          }
        }
      }
    ).__swathMap?.map
    const c = m?.getCenter()
    const box = m?.getContainer()
    return {
      width: box?.clientWidth ?? 600,
      height: box?.clientHeight ?? 400,
      center: [c?.lng ?? 0, c?.lat ?? 0] as [number, number],
      zoom: m?.getZoom() ?? 8,
    }
  })
  return {
    width: raster.width,
    height: raster.height,
    rgba: new Uint8ClampedArray(renderPreset(raster, 'true-colour')),
    corners: [
      [w, n],
      [e, n],
      [e, s],
      [w, s],
    ],
    view,
  }
}

async function startFloorServer(input: FloorInput): Promise<{ url: string; close: () => Promise<void> }> {
  const dist = join('node_modules', 'maplibre-gl', 'dist')
  const files: Record<string, string> = {
    '/floor.html': join('bench', 'imagery-floor.html'),
    '/maplibre-gl.mjs': join(dist, 'maplibre-gl.mjs'),
    '/maplibre-gl-worker.mjs': join(dist, 'maplibre-gl-worker.mjs'),
  }
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript' }
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname
    if (path === '/meta.json') {
      const { rgba: _pixels, ...meta } = input
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(meta))
      return
    }
    if (path === '/pixels.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' })
      res.end(Buffer.from(input.rgba.buffer, input.rgba.byteOffset, input.rgba.byteLength))
      return
    }
    const file = files[path]
    if (!file || !existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res
      .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/floor.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function benchImagery(): Promise<void> {
  console.log('\n## Delivered imagery: item opened → image drawn (production build, Chromium)')
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT })
  let browser: Browser | null = null
  let floor: Awaited<ReturnType<typeof startFloorServer>> | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signInAsAnalyst(page)
    const { items, token } = await opticalItems(page, RUNS + 1)
    if (items.length < RUNS + 1) throw new Error(`only ${items.length} optical items delivered`)
    // The first item warms the page's code paths (the map, the worker); it is not counted.
    await openItem(page, items[0], token)
    const runs: Run[] = []
    for (const item of items.slice(1)) runs.push(await openItem(page, item, token))

    const last = runs[runs.length - 1]
    const input = await floorInput(
      page,
      await wholeFile(page, token, items[items.length - 1].assetId),
      last.width,
    )
    floor = await startFloorServer(input)
    const floorPage = await browser.newPage({ viewport: VIEWPORT })
    await floorPage.goto(floor.url)
    await floorPage.waitForFunction(() => (window as unknown as { ready?: boolean }).ready, undefined, {
      timeout: TIMEOUT,
    })
    const floorMs: number[] = []
    await floorPage.evaluate(() => (window as unknown as { draw: () => Promise<number> }).draw())
    for (let i = 0; i < RUNS; i++)
      floorMs.push(
        await floorPage.evaluate(() => (window as unknown as { draw: () => Promise<number> }).draw()),
      )
    await floorPage.close()

    const c = figures(runs.map((r) => r.ms))
    const f = figures(floorMs)
    const ratio = c.median / f.median
    console.log(`items opened: ${runs.length} (${runs.map((r) => `${r.width} px overview`).join(', ')})`)
    console.log(
      `open the item → image drawn: median ${c.median.toFixed(0)} ms, worst ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms`,
    )
    console.log(
      `floor (bare MapLibre, the overview's pixels decoded ahead): median ${f.median.toFixed(0)} ms`,
    )
    console.log(`  → ${ratio.toFixed(2)}× the floor — target ≤ 1.5×: ${ratio <= 1.5 ? 'meets' : 'MISSES'}`)
    const worstBytes = Math.max(...runs.map((r) => r.fetched / r.overviewBytes))
    for (const r of runs)
      console.log(
        `  fetched ${(r.fetched / 1024).toFixed(0)} KiB for a ${(r.overviewBytes / 1024).toFixed(0)} KiB overview (file ${(r.wholeBytes / 1024 / 1024).toFixed(1)} MiB): ${(r.fetched / r.overviewBytes).toFixed(2)}×`,
      )
    console.log(
      `bytes fetched / overview size: worst ${worstBytes.toFixed(2)}× — target ≤ 1.2×: ${worstBytes <= 1.2 ? 'meets' : 'MISSES'}`,
    )
    if (errors.length > 0) console.log(`  ! console errors: ${errors.slice(0, 5).join(' | ')}`)
    await context.close()
  } finally {
    await floor?.close()
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/** `node scripts/run-ts.mjs bench/imagery.ts`: this section alone. */
export const main = benchImagery
