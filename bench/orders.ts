import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { signInAsAnalyst, startPreview } from './preview'
import { inPage, waitForRows as waitForMarkedRows } from './table-marks'
import { figures, report } from './stats'

/**
 * The orders table in Chromium over the production build in dist-bench/ (built by benchBundle), with the
 * simulator embedded and seeded large (SWATH_SEED=large: 10,000 orders): how long a list response takes to
 * become 100 rows in the DOM, and whether scrolling a page of 1,000 rows blocks the main thread.
 *
 * The page's side of the contract: it marks `swath:orders-response` when a list response arrives and
 * `swath:orders-rows` when its rows are in the DOM (detail `{count}`), and renders the table as
 * `table[aria-label="Orders"]` inside `[data-orders-scroller]`, each row with `data-order-id`.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5197)
const ORIGIN = `http://127.0.0.1:${PORT}`
const VIEWPORT = { width: 1280, height: 800 }
/**
 * Pages of 100 rows, each a new query (a page not seen yet), measured one after the other after a few
 * unmeasured ones (the first renders of a code path run before the JIT has compiled it).
 */
const WARMUP = 3
const RUNS = 20
const MARK_TIMEOUT = 60_000
const MARKS = ['swath:orders-response', 'swath:orders-rows'] as const

export async function benchOrders(): Promise<void> {
  console.log('\n## Orders table (Chromium, production build, simulator seeded large)')
  const started = performance.now()
  // The large world takes a while to build on the first API request.
  const preview = await startPreview({ port: PORT, env: { SWATH_SEED: 'large' }, timeoutMs: 90_000 })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    // Long tasks as Chromium reports them, from the first page on (they are not in the performance timeline).
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; ms: number }[] }
      w.__longTasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: e.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await signInAsAnalyst(page)

    // First load: the route's code, the glossary and budgets for the lookups; not measured.
    await page.goto('/orders?size=100')
    await waitForRows(page, 100)
    const total = await page.evaluate(
      () => document.querySelector('table[aria-label="Orders"]')?.getAttribute('aria-rowcount') ?? '?',
    )

    // Response → rows of 100, each page a query the cache has not seen, moved to as back/forward does.
    const samples: number[] = []
    for (let i = 0; i < WARMUP + RUNS; i++) {
      await inPage(page, `/orders?size=100&page=${i + 2}`)
      const marks = await waitForRows(page, 100)
      if (i >= WARMUP) samples.push(marks.rows - marks.response)
    }

    // A page of 1,000 rows, then scrolling it with the wheel while long tasks are recorded.
    await inPage(page, '/orders?size=1000')
    const big = await waitForRows(page, 1000)
    await page.waitForTimeout(300)
    const loadTasks = await page.evaluate(
      () => (window as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks,
    )
    // From the navigation to the 1,000-row page (the response follows it) to now.
    const loadLongest = Math.max(
      0,
      ...loadTasks.filter((t) => t.start + t.ms >= big.response - 1_000).map((t) => t.ms),
    )
    const scroll = await scrollLongTasks(page)

    await context.close()
    const f = figures(samples)
    report(`orders response → 100 rows in the DOM (${WARMUP} warm-up runs)`, f, 'under 50 ms')
    console.log(
      // Judged by the median, as the catalog's "time to first rows" is; the p99 is printed beside it (it
      // includes waiting for the frame the rows are painted in, up to 17 ms).
      `  → median ${f.median.toFixed(1)} ms: ${verdict(f.median < 50)} the 50 ms target; p99 ${f.p99.toFixed(1)} ms${f.p99 < 50 ? '' : ' (over 50 ms)'} (${total} rows in the table's aria-rowcount)`,
    )
    console.log(
      `${'scrolling 1,000 rows: longest long task'.padEnd(52)} ${`${scroll.longest.toFixed(0)} ms`.padStart(10)}  (${scroll.count} long tasks over ${scroll.distance} px in ${scroll.steps} wheel steps; the page read ${scroll.polls}× in all, its load and its own refreshes; ${scroll.rowsInDom} rows in the DOM at the end)  target: none over 50 ms`,
    )
    if (scroll.count > 0) console.log(`  (long tasks while scrolling, ms: ${scroll.all.join(', ')})`)
    console.log(`  → ${verdict(scroll.longest <= 50)} the target of no long task over 50 ms while scrolling`)
    console.log(
      `  (for information: response → 1,000-row page rendered ${(big.rows - big.response).toFixed(0)} ms; longest long task around its load ${loadLongest.toFixed(0)} ms)`,
    )
    console.log(`  (each run, ms: ${samples.map((x) => x.toFixed(0)).join(', ')})`)
    if (errors.length > 0) console.log(`  ! page errors: ${errors.slice(0, 5).join(' | ')}`)
    console.log(`(orders benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES')

const waitForRows = (page: Page, count: number) =>
  waitForMarkedRows(page, MARKS, count, {
    timeoutMs: MARK_TIMEOUT,
    what: 'orders page',
    rowSelector: '[data-order-id]',
  })

/**
 * Scrolls the table down with the mouse wheel, as an analyst does, then back up fast; long tasks (over 50 ms,
 * as Chromium reports them) are recorded meanwhile.
 */
async function scrollLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __scrollTasks: number[]; __observer?: PerformanceObserver }
    w.__scrollTasks = []
    w.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__scrollTasks.push(e.duration)
    })
    w.__observer.observe({ type: 'longtask' })
  })
  const box = await page.locator('[data-orders-scroller]').boundingBox()
  if (!box) throw new Error('the orders table has no scroll box')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  let steps = 0
  let distance = 0
  // Down at reading pace, long enough (over 10 s) for the page's own refresh of in-progress orders to fall
  // inside the window, as it does for an analyst.
  for (let i = 0; i < 150; i++) {
    await page.mouse.wheel(0, 300)
    distance += 300
    steps++
    await page.waitForTimeout(60)
  }
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, -2000)
    distance += 2000
    steps++
    await page.waitForTimeout(16)
  }
  // Long tasks are reported after they end: give the last one time to arrive.
  await page.waitForTimeout(500)
  return page.evaluate(
    ({ steps, distance }) => {
      const w = window as unknown as { __scrollTasks: number[]; __observer?: PerformanceObserver }
      w.__observer?.disconnect()
      return {
        longest: Math.max(0, ...w.__scrollTasks),
        all: w.__scrollTasks.map((d) => Math.round(d)),
        count: w.__scrollTasks.length,
        steps,
        distance,
        rowsInDom: document.querySelectorAll('[data-order-id]').length,
        polls: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/v2/orders?') && e.name.includes('size=1000')).length,
      }
    },
    { steps, distance },
  )
}
