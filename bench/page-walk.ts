import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { pageDrawn } from './catalog-probes'
import { BENCH_OUT, ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'
import { blameTask, describeOwners, readTrace, Sources, TRACE_CATEGORIES } from './trace-blame'

/**
 * Issue 40 §3: a walk of every page the navigation reaches, as the analyst opens it, on the large world
 * (10,000 orders, 5,000 jobs, 1,000 decisions and geometries…) beside the default one, in Chromium over the
 * production build in dist-bench/:
 *
 * - navigation → first rows visible: Start loaded afresh and settled, then the page's link clicked; timed
 *   in the page from the click to the first row of its list drawn (a page with no list of the service's:
 *   its heading, with nothing left loading). Median of RUNS, target ≤ 1 s, with the API requests the page
 *   made until the network was quiet.
 * - scrolling each list to its 500th row (or its last, when it shows fewer) at the largest page size it
 *   offers: the longest main-thread task, target none over 100 ms;
 *   On the large world each scroll is traced with V8's sampling profiler and its longest task put to its
 *   owners (React, Mantine, MapLibre, the app, the browser's layout…) and functions (bench/trace-blame.ts);
 *   PAGE_WALK_BLAME=0 leaves the trace out (the profiler itself lengthens the tasks a little).
 * - the JS heap after the whole walk (target < 80 MB), and back on Start after a GC (< 40 MB).
 *
 * What the simulator answers at each size (ms per list page, filter, sort) is the `simulator-lists` section.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5194)
const ORIGIN = `http://127.0.0.1:${PORT}`
const VIEWPORT = { width: 1440, height: 900 }
const RUNS = Number(process.env.PAGE_WALK_RUNS ?? 5)
/** PAGE_WALK_PAGES=/orders,/jobs walks only those (a quick look after a change). */
const ONLY = process.env.PAGE_WALK_PAGES?.split(',').filter(Boolean) ?? null
const FIRST_ROWS_TARGET_MS = 1000
const SCROLL_TASK_TARGET_MS = 100
const HEAP_WALK_TARGET_MB = 80
const HEAP_START_TARGET_MB = 40
/** A page that shows nothing in this long is reported as such, not waited on. */
const PAGE_TIMEOUT_MS = 30_000

/** Pages whose content is no list of the service's: ready when the heading shows and nothing is loading. */
const NO_LIST = new Set(['/catalog', '/saved-searches', '/checkout', '/tasking', '/processing'])
/** A row of any of the console's lists: table rows, list items, the job monitor's rows. */
const ROW = 'main tbody tr, main li, main [data-job-id]'
/** What a page shows while its data loads. */
const LOADING = 'main [role="status"][aria-label^="Loading"], main [aria-busy="true"]'
/** Each list at the largest page its URL offers, to scroll to the 500th row. */
const LONG_LISTS: Record<string, string> = {
  '/orders': '/orders?size=500',
  '/decisions': '/decisions?decided=500',
  '/jobs': '/jobs?limit=100',
  '/areas': '/areas?size=500',
  '/storage': '/storage?limit=100',
}
/** Whether the large world's scrolls are traced to say whose time their longest task was. */
const BLAME = process.env.PAGE_WALK_BLAME !== '0'
const ANCHOR = 'swath:bench-page-walk-scroll'

type Seed = 'default' | 'large'

interface PageFigures {
  path: string
  label: string
  /** ms from the click to the first rows, per run (null: not within PAGE_TIMEOUT_MS). */
  runs: (number | null)[]
  requests: number[]
  /** 'rows' or 'heading': what was waited for. */
  waited: string
}

interface ScrollFigures {
  path: string
  rows: number
  reached: number
  longestTaskMs: number
  /** Whose time the longest task was, when the scroll was traced. */
  blame?: string
}

interface WalkFigures {
  pages: PageFigures[]
  scrolls: ScrollFigures[]
  heapAfterWalkMb: number
  heapOnStartMb: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]
}

/** Counts the API requests the page makes, and says when none has been in flight for `quietMs`. */
function watchRequests(page: Page) {
  let inFlight = 0
  let count = 0
  let lastChange = Date.now()
  const isApi = (url: string) => url.includes('/api/') && !url.includes('/__sim/')
  page.on('request', (r) => {
    if (!isApi(r.url())) return
    count++
    inFlight++
    lastChange = Date.now()
  })
  const done = (r: { url: () => string }) => {
    if (!isApi(r.url())) return
    inFlight = Math.max(0, inFlight - 1)
    lastChange = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    reset: () => {
      count = 0
    },
    count: () => count,
    /** Waits until no API request has been in flight for `quietMs`, or `capMs` passed. */
    quiet: async (quietMs = 1000, capMs = 15_000) => {
      const until = Date.now() + capMs
      while (Date.now() < until) {
        if (inFlight === 0 && Date.now() - lastChange >= quietMs) return
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
}

/** In the page: clicks the navigation's link to `path` and resolves with the ms until the page is ready. */
async function clickAndTime(page: Page, path: string, list: boolean): Promise<number | null> {
  return page.evaluate(
    ({ path, list, row, loading, timeout }) =>
      new Promise<number | null>((resolve) => {
        const link = document.querySelector<HTMLAnchorElement>(
          `nav[aria-label="Main navigation"] a[href="${path}"]`,
        )
        if (!link) {
          resolve(null)
          return
        }
        const visible = (el: Element | null) => {
          if (!el) return false
          const r = el.getBoundingClientRect()
          return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
        }
        const t0 = performance.now()
        link.click()
        const tick = () => {
          const t = performance.now() - t0
          if (t > timeout) return resolve(null)
          const main = document.querySelector('main')
          const onPage = location.pathname === path
          const heading = main?.querySelector('h1')
          const busy = main?.querySelector(loading)
          const rows = list ? [...document.querySelectorAll(row)].some(visible) : true
          if (onPage && visible(heading ?? null) && !busy && rows) resolve(t)
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    { path, list, row: ROW, loading: LOADING, timeout: PAGE_TIMEOUT_MS },
  )
}

/** The main-thread tasks while the window and every scrolling box in main move down to row `target`. */
async function scrollTo500(page: Page, path: string, trace?: Browser): Promise<ScrollFigures> {
  await page.goto(LONG_LISTS[path] ?? path)
  await page.locator(ROW).first().waitFor({ timeout: PAGE_TIMEOUT_MS })
  await mapDrawn(page)
  // The pointer rests on the list, as when scrolling with the wheel: the rows passing under it are hovered
  // (a list that marks the hovered row on its map does so while it scrolls).
  const first = await page.locator(ROW).first().boundingBox()
  if (first) await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2)
  if (trace) await trace.startTracing(page, { categories: TRACE_CATEGORIES })
  const { started, ...figures } = await page.evaluate(
    async ({ row, path, anchor }) => {
      performance.mark(anchor)
      const started = performance.now()
      const tasks: number[] = []
      const observer = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) tasks.push(e.duration)
      })
      observer.observe({ type: 'longtask' })
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)))
      let reached = 0
      let rows = document.querySelectorAll(row).length
      // Step down a screen a frame, as a wheel does, until the 500th row (or the last one) is in view.
      // A virtual list draws only the rows in view: its true size is a table's aria-rowcount (less the
      // header row) or a list's data-row-count, and each drawn row says its index.
      const sized = document.querySelector('main [aria-rowcount], main [data-row-count]')
      const virtualRows = !sized
        ? null
        : sized.hasAttribute('aria-rowcount')
          ? Number(sized.getAttribute('aria-rowcount')) - 1
          : Number(sized.getAttribute('data-row-count'))
      // The boxes that scroll, found once: looking for them at every step (a style read of every element in
      // main) was the bench's own work inside the tasks it measured.
      const boxes = [...document.querySelectorAll('main *')].filter(
        (el) => el.scrollHeight > el.clientHeight + 20 && getComputedStyle(el).overflowY !== 'visible',
      )
      for (let step = 0; step < 400; step++) {
        const all = document.querySelectorAll(row)
        rows = virtualRows ?? all.length
        const want = Math.min(500, rows) - 1
        const target =
          virtualRows === null ? all[want] : document.querySelector(`main [data-row-index="${want}"]`)
        const r = target?.getBoundingClientRect()
        if (r && r.top >= 0 && r.bottom <= innerHeight) {
          reached = want + 1
          break
        }
        window.scrollBy(0, innerHeight * 0.8)
        for (const el of boxes) el.scrollTop += el.clientHeight * 0.8
        await frame()
      }
      await frame()
      observer.disconnect()
      return { path, rows, reached, longestTaskMs: Math.max(0, ...tasks), started }
    },
    { row: ROW, path, anchor: ANCHOR },
  )
  if (!trace) return figures
  return { ...figures, blame: blameLongest(await trace.stopTracing(), started) }
}

/**
 * On a page with a map: waits until MapLibre has loaded and stands still, and the page's frames come at their
 * pace again (bench/catalog-probes.ts). Its first draws compile WebGL programs (400–550 ms on SwiftShader under
 * load), which is the page's opening, not its scrolling: the analyst scrolls a page already drawn.
 */
async function mapDrawn(page: Page): Promise<void> {
  const hasMap = await page.evaluate(() => '__swathMap' in window)
  if (!hasMap) return
  await page
    .waitForFunction(
      () => {
        const m = (
          window as unknown as {
            __swathMap?: { isReady: () => boolean; map: { loaded: () => boolean; isMoving: () => boolean } }
          }
        ).__swathMap
        return !!m && m.isReady() && m.map.loaded() && !m.map.isMoving()
      },
      undefined,
      { timeout: PAGE_TIMEOUT_MS, polling: 100 },
    )
    .catch(() => console.log(`  ! ${page.url()}: the map did not settle in ${PAGE_TIMEOUT_MS} ms`))
  await pageDrawn(page)
}

/** The trace's longest main-thread task after `started`: its length, owners and costliest functions. */
function blameLongest(json: Buffer, started: number): string {
  const trace = readTrace(json.toString('utf8'), new Sources(BENCH_OUT), ANCHOR, started)
  if (!trace) return 'the trace had no samples of the page'
  const longest = trace.tasks
    .filter((t) => t.at >= started)
    .reduce<{ at: number; duration: number } | null>((a, t) => (!a || t.duration > a.duration ? t : a), null)
  if (!longest) return 'no task of 10 ms or more in the trace'
  const b = blameTask(trace, longest.at, longest.duration)
  const app = b.top.length > 0 ? ` [app: ${b.top.slice(0, 3).join('; ')}]` : ''
  // The browser's share by the function it was sampled in: a native call (getComputedStyle, a layout forced
  // by reading a size) or a script with no source (the bench's own scrolling, evaluated in the page).
  const inTask = trace.samples.filter(
    (x) => x.owner === 'browser' && x.at >= longest.at && x.at <= longest.at + longest.duration,
  )
  const all = trace.samples.filter((x) => x.at >= longest.at && x.at <= longest.at + longest.duration)
  const per = all.length === 0 ? 0 : longest.duration / all.length
  const native = new Map<string, number>()
  for (const x of inTask) native.set(x.where.trim(), (native.get(x.where.trim()) ?? 0) + per)
  const browser = [...native]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([w, t]) => `${w} ${t.toFixed(0)}`)
  return `traced ${longest.duration.toFixed(0)} ms at +${(longest.at - started).toFixed(0)}: ${describeOwners(b.by)} — ${b.any.join('; ')}${app}${browser.length > 0 ? ` {browser in: ${browser.join('; ')}}` : ''}`
}

async function heapMb(context: BrowserContext, page: Page, gc: boolean): Promise<number> {
  const cdp = await context.newCDPSession(page)
  if (gc) {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
  }
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize / 1024 / 1024
}

async function walk(browser: Browser, seed: Seed): Promise<WalkFigures> {
  const reset = await fetch(`${ORIGIN}/api/__sim/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed }),
  })
  if (!reset.ok) throw new Error(`the simulator's reset to ${seed} answered ${reset.status}`)
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const requests = watchRequests(page)
    await signInAsAnalyst(page)
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await nav.waitFor()
    const links = await nav.getByRole('link').evaluateAll((as) =>
      as.map((a) => ({
        path: new URL((a as HTMLAnchorElement).href).pathname,
        label: a.textContent ?? '',
      })),
    )
    const targets = links.filter((l) => l.path !== '/' && (!ONLY || ONLY.includes(l.path)))
    const pages: PageFigures[] = []
    for (const { path, label } of [{ path: '/', label: 'Start' }, ...targets]) {
      const list = !NO_LIST.has(path)
      const f: PageFigures = {
        path,
        label: label.replace(/\d[\d,+]*.*$/, '').trim(),
        runs: [],
        requests: [],
        waited: list ? 'rows' : 'heading',
      }
      for (let i = 0; i < RUNS; i++) {
        // From Start loaded afresh and settled (Start itself: from the Catalog), so each run reads the
        // page's data as a first visit does; the route's code is in the browser's cache after the first.
        await page.goto(path === '/' ? '/catalog' : '/')
        await page.locator('main h1').first().waitFor({ timeout: PAGE_TIMEOUT_MS })
        await requests.quiet()
        requests.reset()
        f.runs.push(await clickAndTime(page, path, list))
        await requests.quiet()
        f.requests.push(requests.count())
      }
      pages.push(f)
    }
    const scrolls: ScrollFigures[] = []
    for (const f of pages)
      if (f.waited === 'rows' && f.path !== '/')
        scrolls.push(await scrollTo500(page, f.path, BLAME && seed === 'large' ? browser : undefined))
    const heapAfterWalkMb = await heapMb(context, page, false)
    await nav.getByRole('link', { name: /^Start/ }).click()
    await page.locator('main h1').first().waitFor()
    await requests.quiet()
    const heapOnStartMb = await heapMb(context, page, true)
    if (errors.length > 0) console.log(`  ! ${seed} page errors: ${errors.slice(0, 5).join(' | ')}`)
    return { pages, scrolls, heapAfterWalkMb, heapOnStartMb }
  } finally {
    await context.close()
  }
}

export async function benchPageWalk(): Promise<void> {
  console.log(
    `\n## Page walk: every page of the navigation, default world beside the large one (median of ${RUNS})`,
  )
  ensureBenchBuild()
  const started = performance.now()
  const preview = await startPreview({ port: PORT, timeoutMs: 120_000 })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const byWorld: Record<Seed, WalkFigures> = {
      default: await walk(browser, 'default'),
      large: await walk(browser, 'large'),
    }
    const ms = (x: number | null | undefined) =>
      x === null || x === undefined || Number.isNaN(x) ? '—' : `${Math.round(x)} ms`
    const firstRows = (f: PageFigures | undefined) => {
      if (!f) return null
      const done = f.runs.filter((x): x is number => x !== null)
      return done.length === f.runs.length ? median(done) : null
    }
    console.log(
      `${'page'.padEnd(16)} ${'default'.padStart(9)} ${'large'.padStart(9)}  ${'requests d/l'.padStart(12)}  first rows, target ≤ ${FIRST_ROWS_TARGET_MS} ms`,
    )
    for (const f of byWorld.large.pages) {
      const d = byWorld.default.pages.find((p) => p.path === f.path)
      const large = firstRows(f)
      const verdict =
        large === null ? 'MISSES (not shown in time)' : large <= FIRST_ROWS_TARGET_MS ? 'meets' : 'MISSES'
      console.log(
        `${f.label.padEnd(16)} ${ms(firstRows(d)).padStart(9)} ${ms(large).padStart(9)}  ${`${median(d?.requests ?? [])}/${median(f.requests)}`.padStart(12)}  ${verdict}${f.waited === 'heading' ? ' (heading: no list)' : ''}`,
      )
    }
    console.log(
      `scrolling each list to its 500th row (or its last), longest task, target none over ${SCROLL_TASK_TARGET_MS} ms:`,
    )
    for (const s of byWorld.large.scrolls) {
      const d = byWorld.default.scrolls.find((x) => x.path === s.path)
      console.log(
        `  ${(LONG_LISTS[s.path] ?? s.path).padEnd(26)} default ${ms(d?.longestTaskMs).padStart(7)} (row ${d?.reached ?? 0} of ${d?.rows ?? 0})  large ${ms(s.longestTaskMs).padStart(7)} (row ${s.reached} of ${s.rows})  ${s.longestTaskMs <= SCROLL_TASK_TARGET_MS ? 'meets' : 'MISSES'}`,
      )
      if (s.blame) console.log(`    longest task's cause (large): ${s.blame}`)
    }
    const mb = (x: number) => `${x.toFixed(1)} MB`
    const { heapAfterWalkMb: dw, heapOnStartMb: ds } = byWorld.default
    const { heapAfterWalkMb: lw, heapOnStartMb: ls } = byWorld.large
    console.log(
      `JS heap after the whole walk: default ${mb(dw)}, large ${mb(lw)} — target < ${HEAP_WALK_TARGET_MB} MB: ${lw < HEAP_WALK_TARGET_MB ? 'meets' : 'MISSES'}`,
    )
    console.log(
      `JS heap back on Start after a GC: default ${mb(ds)}, large ${mb(ls)} — target < ${HEAP_START_TARGET_MB} MB: ${ls < HEAP_START_TARGET_MB ? 'meets' : 'MISSES'}`,
    )
    console.log(`(page walk took ${((performance.now() - started) / 60_000).toFixed(1)} min)`)
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/** `node scripts/run-ts.mjs bench/page-walk.ts`: this section alone. */
export const main = benchPageWalk
