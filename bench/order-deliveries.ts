import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page, Response } from '@playwright/test'
import { build } from 'vite'
import * as session from './bench-session'
import { mapSettled, pageDrawn, watchErrors } from './catalog-probes'
import { BENCH_OUT, signInAsAnalyst } from './preview'
import { figures } from './stats'
import { TRACE_CATEGORIES } from './trace-blame'

/**
 * The order page's deliveries (issue 42 §2): an order that delivered imagery, opened in the console
 * (client-side, from the orders list) until every delivered picture is on its map, against a like-for-like
 * floor — the same overviews of the same files (the widths the console read), read by Range requests, decoded
 * and rendered with the console's own code (readOverview, renderPreset) in one worker, and given as canvas
 * sources to a bare MapLibre map of the same size and camera made at the same time, from a cold page
 * (bench/order-deliveries-floor.html; target: at most 1.5× the floor). Each run opens another order, in the
 * console and on the floor (its own browser context), so nothing comes from a cache; the floor is given links
 * signed beforehand, as it has no session. BENCH_PORT overrides the preview's port (5243), so that two
 * worktrees never share one.
 */

const { port: PORT, origin: ORIGIN, viewport: VIEWPORT, runs: RUNS } = session.benchSettings(5243, 4)
const TIMEOUT = 120_000

interface Delivery {
  itemId: string
  assetId: string
}

interface Order {
  id: string
  items: Delivery[]
}

/** Orders whose deliveries are in storage with imagery, the ones with most pictures first. */
async function deliveredOrders(api: session.ServiceApi, n: number): Promise<Order[]> {
  const { post } = api
  const byOrder = new Map<string, Delivery[]>()
  let body: Record<string, unknown> | undefined = { limit: 100 }
  for (let pages = 0; body && pages < 20; pages++) {
    const answer: {
      features: {
        id: string
        properties: Record<string, unknown>
        assets: Record<string, { href: string; type?: string; roles?: string[] }>
      }[]
      links?: { rel: string; body?: Record<string, unknown> }[]
    } = await post('/v2/assets/stac/search', body)
    for (const f of answer.features) {
      const order = f.properties['up42-order:id']
      const image = Object.values(f.assets).find(
        (a) => /geotiff/i.test(a.type ?? '') && (a.roles ?? []).includes('data'),
      )
      const assetId = image && /\/v2\/assets\/([^/?#]+)$/.exec(image.href)?.[1]
      if (typeof order !== 'string' || !assetId) continue
      byOrder.set(order, [...(byOrder.get(order) ?? []), { itemId: f.id, assetId }])
    }
    body = answer.links?.find((l) => l.rel === 'next')?.body
  }
  const orders = [...byOrder].map(([id, items]) => ({ id, items: items.slice(0, 12) }))
  orders.sort((a, b) => b.items.length - a.items.length)
  return orders.slice(0, n)
}

/** Has the simulator make the order's files ahead (see `session.ServiceApi.makeOnServer`). */
async function makeOnServer(api: session.ServiceApi, order: Order): Promise<void> {
  for (const d of order.items) await api.makeOnServer(d.assetId)
}

interface View {
  width: number
  height: number
  center: [number, number]
  zoom: number
}

interface Run {
  ms: number
  /** The widths of the overviews drawn, per delivered item (the console's canvases). */
  widths: number[]
  /** Milliseconds from the opening: the map made (its canvas in the page), each picture's source added. */
  map: number
  firstPicture: number
  /** Milliseconds from the opening, as the browser timed them: [asked, answered] of the order, the search, the signing; the first Range request and the last byte. */
  net: Record<'order' | 'search' | 'sign', [number, number]> & { firstRange: number; lastByte: number }
  view: View
  trace?: Buffer
}

/**
 * Opens the order as the analyst does from the orders list (a client-side navigation, the router following
 * popstate) and times it, in the page, until the map has drawn a frame with every delivered picture in it:
 * the engine has each picture's source, and MapLibre renders its next frame (asked for there).
 */
async function openOrder(page: Page, order: Order, trace?: Browser): Promise<Run> {
  await page.goto('/orders')
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor({ timeout: TIMEOUT })
  await pageDrawn(page)
  if (trace) await trace.startTracing(page, { categories: TRACE_CATEGORIES })
  const sources = order.items.map((d) => `image-imagery-${d.itemId}`)
  const requests = session.watchRequests(page, (r: Response) =>
    session.requestKind(r, [['order', /\/v2\/orders\/[^/?]+$/]]),
  )
  await page.evaluate(
    ({ path, sources }) => {
      type Engine = {
        map: {
          getSource: (id: string) => unknown
          triggerRepaint: () => void
          once: (event: string, cb: () => void) => void
        }
      }
      type Timing = { started: number; drawn?: number; map?: number; first?: number }
      const w = window as unknown as { __swathMap?: Engine; __ordbench?: Timing }
      const timing: Timing = { started: performance.mark('swath:order-open').startTime }
      w.__ordbench = timing
      new MutationObserver((_, o) => {
        if (!document.querySelector('canvas.maplibregl-canvas')) return
        timing.map = performance.now()
        o.disconnect()
      }).observe(document.body, { subtree: true, childList: true })
      const wait = () => {
        const engine = w.__swathMap
        const have = engine ? sources.filter((s) => engine.map.getSource(s)).length : 0
        if (have > 0) timing.first ??= performance.now()
        if (!engine || have < sources.length) {
          requestAnimationFrame(wait)
          return
        }
        engine.map.once('render', () => (timing.drawn = performance.now()))
        engine.map.triggerRepaint()
      }
      history.pushState(null, '', path)
      dispatchEvent(new PopStateEvent('popstate', { state: null }))
      requestAnimationFrame(wait)
    },
    { path: `/orders/${encodeURIComponent(order.id)}`, sources },
  )
  const t = await session.drawnTiming<{ map: number; first: number }>(page, '__ordbench', TIMEOUT)
  const ms = t.drawn - t.started
  const times = (await requests.stop()).map(
    (x) => [x.kind, x.asked - t.started, x.answered - t.started] as const,
  )
  const first = (kind: string): [number, number] => {
    const x = times.find(([k]) => k === kind)
    return x ? [x[1], x[2]] : [NaN, NaN]
  }
  const ranges = times.filter(([k]) => k === 'range')
  const net = {
    order: first('order'),
    search: first('search'),
    sign: first('sign'),
    firstRange: Math.min(...ranges.map(([, a]) => a)),
    lastByte: Math.max(...ranges.map(([, , b]) => b)),
  }
  const traced = trace ? await trace.stopTracing() : undefined
  await mapSettled(page)
  const { widths, view } = await page.evaluate((sources) => {
    const m = (
      window as unknown as {
        __swathMap?: {
          map: {
            getSource: (id: string) => { canvas?: HTMLCanvasElement } | undefined
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
      widths: sources.map((s) => m?.getSource(s)?.canvas?.width ?? 0),
      view: {
        width: box?.clientWidth ?? 600,
        height: box?.clientHeight ?? 400,
        center: [c?.lng ?? 0, c?.lat ?? 0] as [number, number],
        zoom: m?.getZoom() ?? 8,
      },
    }
  }, sources)
  return {
    ms,
    widths,
    map: t.map - t.started,
    firstPicture: t.first - t.started,
    net,
    view,
    // ORDER_TRACE=<file> keeps the whole trace (every thread) for a closer look.
    trace:
      traced &&
      Buffer.from(session.blameLines(traced, 'swath:order-open', t.started, ms, process.env.ORDER_TRACE)),
  }
}

/** Puts the floor page, its script, its reader (built afresh) and MapLibre in dist-bench/deliveries-floor/. */
async function buildFloor(): Promise<string> {
  const out = join(BENCH_OUT, 'deliveries-floor')
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: {
        entry: join('bench', 'order-deliveries-floor-worker.ts'),
        formats: ['es'],
        fileName: () => 'worker.js',
      },
    },
  })
  const dist = join('node_modules', 'maplibre-gl', 'dist')
  const files: Record<string, string> = {
    'index.html': join('bench', 'order-deliveries-floor.html'),
    'order-deliveries-floor.mjs': join('bench', 'order-deliveries-floor.mjs'),
    'floor-map.mjs': join('bench', 'floor-map.mjs'),
    'maplibre-gl.mjs': join(dist, 'maplibre-gl.mjs'),
    'maplibre-gl-worker.mjs': join(dist, 'maplibre-gl-worker.mjs'),
  }
  for (const [name, from] of Object.entries(files)) copyFileSync(from, join(out, name))
  return '/deliveries-floor/index.html'
}

interface FloorRun {
  ms: number
  decoded: number
  widths: number[]
}

/** The floor, cold, in a browser context of its own: the order's overviews on a bare map. */
async function openFloor(
  browser: Browser,
  api: session.ServiceApi,
  floorPath: string,
  order: Order,
  run: Run,
): Promise<FloorRun> {
  const images = []
  for (const [i, d] of order.items.entries())
    images.push({ url: await api.signedLink(d.assetId), targetPx: run.widths[i] })
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
  try {
    const floorPage = await context.newPage()
    await floorPage.goto(`${floorPath}#${encodeURIComponent(JSON.stringify({ images, view: run.view }))}`)
    const handle = await floorPage.waitForFunction(
      () => (window as unknown as { result?: FloorRun & { error?: string } }).result,
      undefined,
      { timeout: TIMEOUT, polling: 50 },
    )
    const result = (await handle.jsonValue()) as FloorRun & { error?: string }
    if (result.error) throw new Error(`the deliveries floor failed: ${result.error}`)
    if (result.widths.join() !== run.widths.join())
      throw new Error(
        `the floor read ${result.widths.join()} px overviews, the console ${run.widths.join()} px`,
      )
    return result
  } finally {
    await context.close()
  }
}

export async function benchOrderDeliveries(): Promise<void> {
  console.log(
    "\n## The order page's deliveries: order opened → every picture drawn (production build, Chromium)",
  )
  await session.withPreviewBrowser({ port: PORT }, async (browser) => {
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signInAsAnalyst(page)
    // One to warm up, RUNS counted, one traced.
    const api = await session.serviceApi(page, ORIGIN)
    const orders = await deliveredOrders(api, RUNS + 2)
    if (orders.length < RUNS + 2) throw new Error(`only ${orders.length} orders delivered imagery`)
    const floorPath = await buildFloor()
    await makeOnServer(api, orders[0])
    const warm = await openOrder(page, orders[0])
    await openFloor(browser, api, floorPath, orders[0], warm)
    // The console and the floor take turns, order by order: the same files, overviews and view.
    const runs: Run[] = []
    const floorRuns: FloorRun[] = []
    for (const order of orders.slice(1, RUNS + 1)) {
      await makeOnServer(api, order)
      const run = await openOrder(page, order)
      runs.push(run)
      floorRuns.push(await openFloor(browser, api, floorPath, order, run))
    }
    const c = figures(runs.map((r) => r.ms))
    const f = figures(floorRuns.map((r) => r.ms))
    const ratio = c.median / f.median
    const median = (xs: number[]) => figures(xs).median.toFixed(0)
    console.log(
      `orders opened: ${runs.length} (${runs.map((r) => `${r.widths.length} picture(s), ${r.widths.join('+')} px`).join('; ')})`,
    )
    console.log(
      `open the order → every delivered picture drawn: median ${c.median.toFixed(0)} ms, worst ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms (runs ${runs.map((r) => r.ms.toFixed(0)).join(', ')})`,
    )
    console.log(
      `floor (a cold page: bare MapLibre made while one worker reads, decodes and renders the same overviews with the console's code): median ${f.median.toFixed(0)} ms (runs ${floorRuns.map((r) => r.ms.toFixed(0)).join(', ')}), pixels in hand at ${median(floorRuns.map((r) => r.decoded))} ms`,
    )
    console.log(`  → ${ratio.toFixed(2)}× the floor — target ≤ 1.5×: ${ratio <= 1.5 ? 'meets' : 'MISSES'}`)
    console.log(
      `  where the time goes (medians, ms from the opening): the order asked–answered ${median(runs.map((r) => r.net.order[0]))}–${median(runs.map((r) => r.net.order[1]))}, the deliveries' search ${median(runs.map((r) => r.net.search[0]))}–${median(runs.map((r) => r.net.search[1]))}, the link signed ${median(runs.map((r) => r.net.sign[0]))}–${median(runs.map((r) => r.net.sign[1]))}, the map made ${median(runs.map((r) => r.map))}, the first Range request ${median(runs.map((r) => r.net.firstRange))}, the last byte ${median(runs.map((r) => r.net.lastByte))}, the first picture on the map ${median(runs.map((r) => r.firstPicture))}, all drawn ${c.median.toFixed(0)}`,
    )
    await makeOnServer(api, orders[RUNS + 1])
    const traced = await openOrder(page, orders[RUNS + 1], browser)
    console.log(
      `traced run (not counted; the profiler slows it): drawn at ${traced.ms.toFixed(0)} ms; map made ${traced.map.toFixed(0)}, first picture ${traced.firstPicture.toFixed(0)}`,
    )
    console.log(traced.trace?.toString('utf8') ?? '')
    if (errors.length > 0) console.log(`  ! console errors: ${errors.slice(0, 5).join(' | ')}`)
    await context.close()
  })
}

/** `node scripts/run-ts.mjs bench/order-deliveries.ts`: this section alone. */
export const main = benchOrderDeliveries
