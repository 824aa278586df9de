import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page, type Response } from '@playwright/test'
import { fromArrayBuffer } from 'geotiff'
import { build } from 'vite'
import { chromiumLaunch } from '../e2e/chromium'
import { mapSettled, pageDrawn, watchErrors } from './catalog-probes'
import { BENCH_OUT, ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'
import { figures } from './stats'
import { blameTask, describeOwners, readTrace, Sources, TRACE_CATEGORIES } from './trace-blame'

/**
 * Delivered imagery (issue 30): an optical item opened in the console (client-side, from Storage) until its
 * image is drawn on the map, against a floor — the same overview of the same file read by Range requests,
 * decoded and rendered in true colour with the console's own code (readOverview, renderPreset) in a worker, and
 * given as a canvas source to a bare MapLibre map of the same size and camera made at the same time, all from
 * a cold page (bench/imagery-floor.html; target: at most 1.5× the floor) — and the bytes the console fetched
 * for the image against the size of the overview it read (target: at most 1.2×: never the whole file). Each
 * run opens another item, in the console and on the floor (its own browser context), so nothing comes from a
 * cache; the floor is given a link signed beforehand, as it has no session. The floor's display alone (pixels
 * in hand, map loaded), which the benchmark compared against before, is printed for information.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5241)
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

export async function signedLink(page: Page, token: string, assetId: string): Promise<string> {
  const link = await page.request.post(`${ORIGIN}/api/v2/assets/${assetId}/download-url`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return new URL(((await link.json()) as { url: string }).url, ORIGIN).href
}

/** The whole file, through a signed link, as the bench's own reference (not counted). */
async function wholeFile(page: Page, token: string, assetId: string): Promise<ArrayBuffer> {
  const body = await (await page.request.get(await signedLink(page, token, assetId))).body()
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer
}

/**
 * Has the simulator make the file ahead (one byte of it): it synthesises each image on its first read, which a
 * bucket never does, and which would otherwise be timed as the console's first Range request. Just before the
 * item is opened: the simulator keeps only its last few files.
 */
export async function makeOnServer(page: Page, token: string, assetId: string): Promise<void> {
  await page.request.get(await signedLink(page, token, assetId), { headers: { range: 'bytes=0-0' } })
}

interface Run {
  ms: number
  fetched: number
  overviewBytes: number
  width: number
  wholeBytes: number
  /** Milliseconds from the opening: the image's first Range request, its last byte, the canvas made; the item's JSON and the signing, requested and answered. */
  phases: {
    firstRange: number
    lastByte: number
    canvas: number
    /** The page made its map; the map was idle after the image was drawn (its basemap all in too). */
    map: number
    idle: number
    item: number[]
    sign: number[]
  }
  /** The console map's size (CSS px) and camera once the item is drawn: the floor's. */
  view: View
}

export interface View {
  width: number
  height: number
  center: [number, number]
  zoom: number
}

/** The storage page, opened and settled: the item is opened from there. */
async function openStorage(page: Page): Promise<void> {
  await page.goto('/storage')
  await page.getByRole('heading', { name: 'Storage', level: 1 }).waitFor({ timeout: TIMEOUT })
  await mapSettled(page)
  await pageDrawn(page)
}

/** What the browser fetched while an item opened, as it timed it: collected until `stop`. */
interface Network {
  /** The image's Range requests: their sizes, and their spans (wall clock), to tell where the time went. */
  ranges: Promise<number>[]
  spans: Promise<[number, number]>[]
  /** The item's JSON and the signing of the link: which, and when asked and answered (wall clock). */
  api: Promise<[string, number, number]>[]
  stop: () => void
}

function watchNetwork(page: Page): Network {
  const network: Network = { ranges: [], spans: [], api: [], stop: () => undefined }
  const onResponse = (r: Response) => {
    if (r.status() !== 206) return
    const length = r.headers()['content-length']
    network.ranges.push(
      length !== undefined
        ? Promise.resolve(Number(length))
        : r.body().then(
            (b) => b.length,
            () => 0,
          ),
    )
    network.spans.push(
      r.finished().then(() => {
        const t = r.request().timing()
        return [t.startTime, t.startTime + t.responseEnd]
      }),
    )
  }
  page.on('response', onResponse)
  const onApi = (r: Response) => {
    const url = r.url()
    const kind = /\/download-url$/.test(url)
      ? 'sign'
      : /\/stac\/collections\/[^/]+\/items\/[^/?]+$/.test(url)
        ? 'item'
        : null
    if (!kind) return
    network.api.push(
      r.finished().then(() => {
        const t = r.request().timing()
        return [kind, t.startTime, t.startTime + t.responseEnd]
      }),
    )
  }
  page.on('response', onApi)
  network.stop = () => {
    page.off('response', onResponse)
    page.off('response', onApi)
  }
  return network
}

/**
 * Opens the item as the analyst does from Storage (a client-side navigation, the router following popstate)
 * and marks, in the page, when the map has drawn a frame with the item's picture in it: the controls say
 * "drawn" (the canvas is made), the engine has the picture's source, and MapLibre renders its next frame
 * (asked for there). Also marked: when the page made its map, the canvas, and the map's `idle` after the
 * picture (the basemap's finer bands all drawn too, which the floor's bare map has none of).
 */
async function navigateToItem(page: Page, item: Item): Promise<void> {
  const itemId = item.path.split('/').pop() ?? ''
  await page.evaluate(
    ({ path, source }) => {
      type Engine = {
        afterIdle: (cb: () => void) => void
        map: {
          getSource: (id: string) => unknown
          triggerRepaint: () => void
          once: (event: string, cb: () => void) => void
        }
      }
      type Timing = { started: number; drawn?: number; idle?: number; map?: number; canvas?: number }
      const w = window as unknown as { __swathMap?: Engine; __imgbench?: Timing }
      const timing: Timing = { started: performance.mark('swath:item-open').startTime }
      w.__imgbench = timing
      // When the page makes its map: its canvas goes into the page then (the storage page's map is gone).
      const before = new Set(document.querySelectorAll('canvas.maplibregl-canvas'))
      new MutationObserver((_, o) => {
        const made = [...document.querySelectorAll('canvas.maplibregl-canvas')].some((c) => !before.has(c))
        if (!made) return
        timing.map = performance.now()
        o.disconnect()
      }).observe(document.body, { subtree: true, childList: true })
      const wait = () => {
        const engine = w.__swathMap
        if (!document.querySelector('[data-imagery="drawn"]') || !engine?.map.getSource(source)) {
          requestAnimationFrame(wait)
          return
        }
        engine.map.once('render', () => {
          timing.drawn = performance.now()
          engine.afterIdle(() => (timing.idle = performance.now()))
        })
        engine.map.triggerRepaint()
      }
      new MutationObserver((_, o) => {
        if (!document.querySelector('[data-imagery="drawn"]')) return
        timing.canvas = performance.now()
        o.disconnect()
      }).observe(document.body, { attributes: true, subtree: true, childList: true })
      history.pushState(null, '', path)
      dispatchEvent(new PopStateEvent('popstate', { state: null }))
      requestAnimationFrame(wait)
    },
    { path: item.path, source: `image-imagery-${itemId}` },
  )
}

/** Milliseconds from the opening until the item's picture was drawn on the map. */
async function imageDrawn(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const t = (window as unknown as { __imgbench?: { started: number; drawn?: number } }).__imgbench
      return t?.drawn !== undefined ? t.drawn - t.started : null
    },
    undefined,
    { timeout: TIMEOUT, polling: 50 },
  )
  return (await handle.jsonValue()) as number
}

interface Marks {
  /** The opening, on the wall clock (the browser's network timings) and on the page's. */
  epoch: number
  started: number
  canvas: number
  map: number
  idle: number
}

/** Once the map is idle after the picture: the page's marks, in milliseconds from the opening. */
async function idleMarks(page: Page): Promise<Marks> {
  type Timing = { started: number; canvas?: number; map?: number; idle?: number }
  await page.waitForFunction(
    () => (window as unknown as { __imgbench: Timing }).__imgbench.idle !== undefined,
    undefined,
    { timeout: TIMEOUT, polling: 50 },
  )
  return page.evaluate(() => {
    const t = (window as unknown as { __imgbench: Timing }).__imgbench
    return {
      epoch: performance.timeOrigin + t.started,
      started: t.started,
      canvas: (t.canvas ?? NaN) - t.started,
      map: (t.map ?? NaN) - t.started,
      idle: (t.idle ?? NaN) - t.started,
    }
  })
}

/** Where the time went, in milliseconds from the opening, and the bytes of the image fetched. */
async function phasesOf(network: Network, marks: Marks): Promise<{ fetched: number; phases: Run['phases'] }> {
  const apiTimes = await Promise.all(network.api)
  const firstOf = (kind: string) => {
    const t = apiTimes.find(([k]) => k === kind)
    return t ? [t[1] - marks.epoch, t[2] - marks.epoch] : [NaN, NaN]
  }
  const fetched = (await Promise.all(network.ranges)).reduce((a, b) => a + b, 0)
  const times = await Promise.all(network.spans)
  const phases = {
    firstRange: Math.min(...times.map(([start]) => start)) - marks.epoch,
    lastByte: Math.max(...times.map(([, end]) => end)) - marks.epoch,
    canvas: marks.canvas,
    map: marks.map,
    idle: marks.idle,
    item: firstOf('item'),
    sign: firstOf('sign'),
  }
  return { fetched, phases }
}

/** The size of the overview the console said it read (by its width), and of the whole file. */
async function overviewOf(
  page: Page,
  token: string,
  item: Item,
): Promise<{ width: number; overviewBytes: number; wholeBytes: number }> {
  const said = (await page.getByText(/px overview of a \d+ px image/).textContent({ timeout: TIMEOUT })) ?? ''
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
  return { width, overviewBytes, wholeBytes: whole.byteLength }
}

/**
 * Opens the item from Storage and times it until its picture is drawn on the map (`navigateToItem`); then,
 * untimed, where the time went and the bytes fetched against the overview read.
 */
async function openItem(
  page: Page,
  item: Item,
  token: string,
  trace?: Browser,
): Promise<Run & { trace?: Buffer }> {
  // Traced from the storage page's opening: what that page still does when the item is opened is seen too.
  if (trace) await trace.startTracing(page, { categories: TRACE_CATEGORIES })
  await openStorage(page)
  const network = watchNetwork(page)
  await navigateToItem(page, item)
  const ms = await imageDrawn(page)
  const traced = trace ? await trace.stopTracing() : undefined
  const marks = await idleMarks(page)
  network.stop()
  const { fetched, phases } = await phasesOf(network, marks)
  const { width, overviewBytes, wholeBytes } = await overviewOf(page, token, item)
  return {
    ms,
    fetched,
    overviewBytes,
    width,
    wholeBytes,
    phases,
    view: await mapView(page),
    trace: traced && blame(traced, marks.started, ms),
  }
}

/**
 * The traced run's main thread from the opening to the image on the map: every task of 10 ms or more, split by
 * owner (MapLibre, the map engine, React, the app, the browser's own steps), as lines to print.
 */
function blame(json: Buffer, started: number, ms: number): Buffer {
  // IMG_TRACE=<file> keeps the whole trace (every thread) for a closer look.
  if (process.env.IMG_TRACE) writeFileSync(process.env.IMG_TRACE, json)
  const trace = readTrace(json.toString('utf8'), new Sources(BENCH_OUT), 'swath:item-open', started)
  if (!trace) return Buffer.from('  ! the trace had no samples of the page')
  const lines: string[] = []
  const all = blameTask(trace, started, ms, false)
  lines.push(`  main thread, opening → drawn: ${describeOwners(all.by)}`)
  for (const task of trace.tasks.filter((t) => t.at + t.duration >= started && t.at <= started + ms)) {
    const b = blameTask(trace, task.at, task.duration)
    lines.push(
      `    task +${(task.at - started).toFixed(0)} (${task.duration.toFixed(0)} ms): ${describeOwners(b.by)} — ${b.any.join('; ')}`,
    )
  }
  return Buffer.from(lines.join('\n'))
}

export async function mapView(page: Page): Promise<View> {
  return page.evaluate(() => {
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
}

/**
 * Puts the floor page in the bench build (dist-bench/imagery-floor/), so that the preview serves it from the
 * console's origin and the floor reads the signed links as the console does, with no cross-origin requests:
 * its reader (the console's own code) built by Vite afresh each time, beside the page, its script, the shared
 * bare-map module and MapLibre's own ESM build.
 */
export async function buildImageryFloor(): Promise<string> {
  const out = join(BENCH_OUT, 'imagery-floor')
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: { entry: join('bench', 'imagery-floor-worker.ts'), formats: ['es'], fileName: () => 'worker.js' },
    },
  })
  const dist = join('node_modules', 'maplibre-gl', 'dist')
  const files: Record<string, string> = {
    'index.html': join('bench', 'imagery-floor.html'),
    'imagery-floor.mjs': join('bench', 'imagery-floor.mjs'),
    'floor-map.mjs': join('bench', 'floor-map.mjs'),
    'maplibre-gl.mjs': join(dist, 'maplibre-gl.mjs'),
    'maplibre-gl-worker.mjs': join(dist, 'maplibre-gl-worker.mjs'),
  }
  for (const [name, from] of Object.entries(files)) copyFileSync(from, join(out, name))
  return '/imagery-floor/index.html'
}

export interface FloorRun {
  ms: number
  /** Milliseconds from the start to the pixels in hand (read, decoded, rendered in the worker). */
  decoded: number
  width: number
  /** The page's clock at its start (wall clock, ms), and its first Range request and last byte from then. */
  epoch: number
  firstRange: number
  lastByte: number
}

/**
 * The floor, cold, in a browser context of its own (nothing cached): the item's overview on a bare map (the
 * overview `run.width` wide, the map of `run.view`). The time-lapse's bench (bench/timelapse.ts) uses it too.
 */
export async function openImageryFloor(
  browser: Browser,
  page: Page,
  floorPath: string,
  token: string,
  item: Pick<Item, 'assetId'>,
  run: Pick<Run, 'width' | 'view'>,
  display?: number[],
  /** The floor signs the link itself, in its clock (the time-lapse's bench: the console signs in its own). */
  signs = false,
): Promise<FloorRun> {
  const params = signs
    ? { sign: { assetId: item.assetId, token }, targetPx: run.width, view: run.view }
    : { url: await signedLink(page, token, item.assetId), targetPx: run.width, view: run.view }
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
  try {
    const floorPage = await context.newPage()
    const spans: Promise<[number, number]>[] = []
    floorPage.on('response', (r) => {
      if (r.status() !== 206) return
      spans.push(
        r.finished().then(() => {
          const t = r.request().timing()
          return [t.startTime, t.startTime + t.responseEnd]
        }),
      )
    })
    await floorPage.goto(`${floorPath}#${encodeURIComponent(JSON.stringify(params))}`)
    const handle = await floorPage.waitForFunction(
      () => (window as unknown as { result?: FloorRun & { error?: string } }).result,
      undefined,
      { timeout: TIMEOUT, polling: 50 },
    )
    const result = (await handle.jsonValue()) as FloorRun & { error?: string }
    if (result.error) throw new Error(`the imagery floor failed: ${result.error}`)
    const times = await Promise.all(spans)
    result.firstRange = Math.min(...times.map(([start]) => start)) - result.epoch
    result.lastByte = Math.max(...times.map(([, end]) => end)) - result.epoch
    if (result.width !== run.width)
      throw new Error(`the floor read a ${result.width} px overview, the console ${run.width} px`)
    if (display)
      for (let i = 0; i < RUNS; i++)
        display.push(
          await floorPage.evaluate(() => (window as unknown as { redraw: () => Promise<number> }).redraw()),
        )
    return result
  } finally {
    await context.close()
  }
}

export async function benchImagery(): Promise<void> {
  console.log('\n## Delivered imagery: item opened → image drawn (production build, Chromium)')
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signInAsAnalyst(page)
    // One to warm up, RUNS counted, one traced.
    const { items, token } = await opticalItems(page, RUNS + 2)
    if (items.length < RUNS + 2) throw new Error(`only ${items.length} optical items delivered`)
    const floorPath = await buildImageryFloor()
    // The first item warms the page's code paths (the map, the worker), and the floor's: it is not counted.
    await makeOnServer(page, token, items[0].assetId)
    const warm = await openItem(page, items[0], token)
    await openImageryFloor(browser, page, floorPath, token, items[0], warm)
    // The console and the floor take turns, item by item: the same file, the same overview, the same view.
    const runs: Run[] = []
    const floorRuns: FloorRun[] = []
    const display: number[] = []
    for (const [i, item] of items.slice(1, RUNS + 1).entries()) {
      await makeOnServer(page, token, item.assetId)
      const run = await openItem(page, item, token)
      runs.push(run)
      floorRuns.push(
        await openImageryFloor(
          browser,
          page,
          floorPath,
          token,
          item,
          run,
          i === RUNS - 1 ? display : undefined,
        ),
      )
    }

    const c = figures(runs.map((r) => r.ms))
    const f = figures(floorRuns.map((r) => r.ms))
    const ratio = c.median / f.median
    const shown = figures(display)
    console.log(`items opened: ${runs.length} (${runs.map((r) => `${r.width} px overview`).join(', ')})`)
    console.log(
      `open the item → image drawn: median ${c.median.toFixed(0)} ms, worst ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms`,
    )
    console.log(
      `floor (a cold page: bare MapLibre made while a worker reads, decodes and renders the same overview with the console's code): median ${f.median.toFixed(0)} ms, first Range request at ${figures(floorRuns.map((r) => r.firstRange)).median.toFixed(0)} ms, last byte at ${figures(floorRuns.map((r) => r.lastByte)).median.toFixed(0)} ms, pixels in hand at ${figures(floorRuns.map((r) => r.decoded)).median.toFixed(0)} ms`,
    )
    console.log(`  → ${ratio.toFixed(2)}× the floor — target ≤ 1.5×: ${ratio <= 1.5 ? 'meets' : 'MISSES'}`)
    console.log(
      `  for information, the display alone (the decoded pixels handed to the bare map, already loaded): median ${shown.median.toFixed(0)} ms, the console ${(c.median / shown.median).toFixed(2)}× that`,
    )
    const median = (pick: (r: Run) => number) => figures(runs.map(pick)).median.toFixed(0)
    console.log(
      `  where the time goes (medians, ms from the opening): the item's JSON ${median((r) => r.phases.item[0])}–${median((r) => r.phases.item[1])}, the link signed ${median((r) => r.phases.sign[0])}–${median((r) => r.phases.sign[1])}, the map made ${median((r) => r.phases.map)}, the image's first Range request ${median((r) => r.phases.firstRange)}, its last byte ${median((r) => r.phases.lastByte)}, decoded and painted on the canvas ${median((r) => r.phases.canvas)}, on the map ${median((r) => r.ms)}; the map idle (its basemap's finer bands in too) ${median((r) => r.phases.idle)}`,
    )
    const worstBytes = Math.max(...runs.map((r) => r.fetched / r.overviewBytes))
    for (const r of runs)
      console.log(
        `  fetched ${(r.fetched / 1024).toFixed(0)} KiB for a ${(r.overviewBytes / 1024).toFixed(0)} KiB overview (file ${(r.wholeBytes / 1024 / 1024).toFixed(1)} MiB): ${(r.fetched / r.overviewBytes).toFixed(2)}×; signed ${r.phases.sign.map((t) => t.toFixed(0)).join('–')}, map made ${r.phases.map.toFixed(0)}, first Range ${r.phases.firstRange.toFixed(0)}, last byte ${r.phases.lastByte.toFixed(0)}, canvas ${r.phases.canvas.toFixed(0)}, drawn ${r.ms.toFixed(0)}, idle ${r.phases.idle.toFixed(0)}`,
      )
    console.log(
      `bytes fetched / overview size: worst ${worstBytes.toFixed(2)}× — target ≤ 1.2×: ${worstBytes <= 1.2 ? 'meets' : 'MISSES'}`,
    )
    await makeOnServer(page, token, items[RUNS + 1].assetId)
    const traced = await openItem(page, items[RUNS + 1], token, browser)
    console.log(
      `traced run (not counted; the profiler slows it): image drawn at ${traced.ms.toFixed(0)} ms; signed ${traced.phases.sign.map((t) => t.toFixed(0)).join('–')}, first Range ${traced.phases.firstRange.toFixed(0)}, last byte ${traced.phases.lastByte.toFixed(0)}, canvas ${traced.phases.canvas.toFixed(0)}`,
    )
    console.log(traced.trace?.toString('utf8') ?? '')
    if (errors.length > 0) console.log(`  ! console errors: ${errors.slice(0, 5).join(' | ')}`)
    await context.close()
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/** `node scripts/run-ts.mjs bench/imagery.ts`: this section alone. */
export const main = benchImagery
