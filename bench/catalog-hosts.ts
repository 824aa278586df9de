import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { mapSettled, pageDrawn, watchErrors } from './catalog'
import { BENCH_OUT, ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'
import { figures } from './stats'
import { blameTask, describeOwners, readTrace, Sources, TRACE_CATEGORIES, type Owner } from './trace-blame'

/**
 * A catalog search of every host at once (issue 28 §1), 4 hosts × 500 scenes, in the production build in
 * Chromium: how soon after the first host's answer the first rows show (target: within 100 ms), and whether
 * merging the four answers into one list of 2,000 blocks the page (target: no long task over 50 ms, as the
 * browser's Long Tasks API reports them between the first answer and the full list).
 *
 * The search runs in an open catalog page (its map loaded and drawn), as when the analyst presses Search; the
 * page marks `swath:search-response` per host answer and `swath:list-rows` when the first rows are in the DOM.
 */

const PORT = Number(process.env.BENCH_PORT ?? 5195)
const ORIGIN = `http://127.0.0.1:${PORT}`
const LIMIT = 500
const RUNS = 3
const TIMEOUT = 120_000

interface Run {
  firstRows: number
  merged: number
  scenes: number
  hosts: number
  longTasks: number[]
  /** Where each long task began, in ms after the first answer (the same order as `longTasks`). */
  longTaskStarts: number[]
  /** Each host's answer, in ms after the first. */
  answers: number[]
}

async function searchEveryHost(page: Page, run: number, trace?: Browser): Promise<Run & { trace?: Buffer }> {
  await page.goto('/catalog')
  await mapSettled(page)
  await pageDrawn(page)
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __longTaskObserver?: PerformanceObserver }
    w.__longTasks = []
    w.__longTaskObserver?.disconnect()
    w.__longTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.startTime, e.duration)
    })
    w.__longTaskObserver.observe({ type: 'longtask' })
    performance.clearMarks()
  })
  // No host and no area: every host searched worldwide, as a link to "/catalog?limit=500" does. Each run
  // ends its date range on another day in the future, so that it is a new search (nothing from the cache)
  // over the same scenes.
  if (trace) await trace.startTracing(page, { categories: TRACE_CATEGORIES })
  await page.evaluate(
    (u) => {
      history.pushState(null, '', u)
      dispatchEvent(new PopStateEvent('popstate', { state: null }))
    },
    `/catalog?limit=${LIMIT}&to=2027-0${run + 1}-01`,
  )
  const heading = page.getByRole('heading', { name: /scenes? from \d+ hosts?/ })
  await page.waitForFunction(
    (limit) => {
      const answers = performance.getEntriesByName('swath:search-response').length
      const h = [...document.querySelectorAll('h2, h3')].find((e) =>
        / from \d+ hosts?/.test(e.textContent ?? ''),
      )
      const n = Number(
        (h?.textContent ?? '')
          .replace(/[^\d ]/g, '')
          .trim()
          .split(/\s+/)[0],
      )
      const rows = performance.getEntriesByName('swath:list-rows').length
      return answers >= 4 && n >= 4 * limit && rows > 0
    },
    LIMIT,
    { timeout: TIMEOUT, polling: 50 },
  )
  const text = (await heading.first().textContent()) ?? ''
  const done = await page.evaluate(() => performance.now())
  const traced = trace ? await trace.stopTracing() : undefined
  const result = await page.evaluate(
    ({ done, text }) => {
      const w = window as unknown as { __longTasks: number[] }
      const answers = performance.getEntriesByName('swath:search-response').map((e) => e.startTime)
      const rows = performance.getEntriesByName('swath:list-rows').map((e) => e.startTime)
      const first = Math.min(...answers)
      const longTasks: number[] = []
      const longTaskStarts: number[] = []
      for (let i = 0; i < w.__longTasks.length; i += 2)
        if (w.__longTasks[i] + w.__longTasks[i + 1] >= first && w.__longTasks[i] <= done) {
          longTasks.push(w.__longTasks[i + 1])
          longTaskStarts.push(w.__longTasks[i] - first)
        }
      const [scenes, hosts] = (text.replace(/,/g, '').match(/\d+/g) ?? []).map(Number)
      return {
        firstRows: Math.min(...rows) - first,
        merged: done - first,
        scenes,
        hosts,
        longTasks,
        longTaskStarts,
        answers: answers.map((a) => a - first).sort((a, b) => a - b),
      }
    },
    { done, text },
  )
  return { ...result, trace: traced }
}

export async function benchCatalogHosts(): Promise<void> {
  console.log(`\n## Catalog search of every host (4 hosts × ${LIMIT} scenes, production build, Chromium)`)
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signInAsAnalyst(page)
    const runs: Run[] = []
    // The first search warms the page's code paths and the simulator's archive; it is not counted.
    await searchEveryHost(page, 0)
    for (let i = 1; i <= RUNS; i++) runs.push(await searchEveryHost(page, i))
    // One more run, traced with V8's sampling profiler, to say whose work each long task was. It is not
    // counted in the figures above: the profiler slows the page a little.
    const traced = await searchEveryHost(page, RUNS + 1, browser)
    const firstAnswer = await page.evaluate(() =>
      Math.min(...performance.getEntriesByName('swath:search-response').map((e) => e.startTime)),
    )
    const first = figures(runs.map((r) => r.firstRows))
    const merged = figures(runs.map((r) => r.merged))
    const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks))
    const count = runs.reduce((n, r) => n + r.longTasks.length, 0)
    const last = runs[runs.length - 1]
    console.log(`scenes listed: ${last.scenes} from ${last.hosts} hosts (${RUNS} runs)`)
    console.log(
      `first rows after the first answer: median ${first.median.toFixed(0)} ms, worst ${Math.max(...runs.map((r) => r.firstRows)).toFixed(0)} ms — target ≤ 100 ms: ${first.median <= 100 ? 'meets' : 'MISSES'}`,
    )
    console.log(`first answer → all ${last.scenes} merged and listed: median ${merged.median.toFixed(0)} ms`)
    console.log(
      `long tasks meanwhile: ${count} over ${RUNS} runs, longest ${longest.toFixed(0)} ms — target: none over 50 ms: ${count === 0 ? 'meets' : 'MISSES'}`,
    )
    // Where the time went in each run, to find what blocks: answers and long tasks on one time line.
    for (const [i, r] of runs.entries()) {
      const at = (ms: number) => `+${ms.toFixed(0)}`
      const tasks = r.longTaskStarts.map((s, k) => `${at(s)} (${r.longTasks[k].toFixed(0)} ms)`)
      console.log(
        `  run ${i + 1}: answers ${r.answers.map(at).join(' ')}; first rows ${at(r.firstRows)}; all listed ${at(r.merged)}; long tasks: ${tasks.join(', ') || 'none'}`,
      )
    }
    blame(traced, firstAnswer)
    const hover = await hoverEmphasis(page)
    const h = figures(hover.ms.length ? hover.ms : [NaN])
    console.log(
      `hover of a row → its footprint emphasised on the map (${hover.footprints} footprints): median ${h.median.toFixed(1)} ms, worst ${Math.max(...hover.ms).toFixed(1)} ms over ${hover.ms.length} rows — target ≤ 16 ms (one frame): ${h.median <= 16 ? 'meets' : 'MISSES'}`,
    )
    if (errors.length > 0) console.log(`  ! console errors: ${errors.slice(0, 5).join(' | ')}`)
    await context.close()
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/**
 * From a row's hover (the pointer entering it, as React hears it) to the map's first frame drawn with that
 * scene's footprint in the hover state: the whole of the work on the page's thread between the two, as
 * nothing else runs (the list is listed and the map idle before each row). A wall time, so an upper bound of
 * the main thread's share. Each row waits for the map to be idle before it is hovered.
 */
async function hoverEmphasis(page: Page): Promise<{ ms: number[]; footprints: number }> {
  return page.evaluate(async () => {
    type Engine = {
      map: {
        getFeatureState: (f: { source: string; id: number }) => Record<string, unknown>
        querySourceFeatures: (s: string) => unknown[]
        once: (e: string, cb: () => void) => void
        on: (e: string, cb: () => void) => void
        off: (e: string, cb: () => void) => void
      }
      afterIdle: (cb: () => void) => void
    }
    const engine = (window as unknown as { __swathMap: Engine }).__swathMap
    const map = engine.map
    const source = 'catalog-footprints'
    const rows = [
      ...document.querySelectorAll<HTMLElement>(
        '[role=listbox][aria-label="Search results"] [role=option][id^="scene-option-"]',
      ),
    ].slice(0, 8)
    const ms: number[] = []
    let last: HTMLElement | null = null
    for (const row of rows) {
      const id = Number(row.id.replace('scene-option-', ''))
      // A bench, not a test: a row whose emphasis never comes is left out rather than waited for forever.
      const within = (p: Promise<void>) =>
        Promise.race([p, new Promise<'late'>((r) => setTimeout(() => r('late'), 10_000))])
      await within(new Promise<void>((r) => engine.afterIdle(() => r())))
      const t0 = performance.now()
      last?.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: row }))
      row.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: last }))
      last = row
      let check = () => {}
      const drawn = await within(
        new Promise<void>((resolve) => {
          check = () => {
            if (map.getFeatureState({ source, id }).hover === true) resolve()
          }
          map.on('render', check)
        }),
      )
      map.off('render', check)
      if (drawn !== 'late') ms.push(performance.now() - t0)
    }
    return {
      ms,
      footprints: new Set(map.querySourceFeatures(source).map((f) => (f as { id: number }).id)).size,
    }
  })
}

/**
 * Prints the traced run's long tasks, each split by owner: MapLibre's and the map engine's work against React's
 * and the app's, and the browser's own (style, layout, paint, WebGL commands) — what a fix can reach.
 */
function blame(run: Run & { trace?: Buffer }, firstAnswer: number): void {
  const trace =
    run.trace &&
    readTrace(run.trace.toString('utf8'), new Sources(BENCH_OUT), 'swath:search-response', firstAnswer)
  const at = (ms: number) => `+${ms.toFixed(0)}`
  console.log(
    `traced run (not counted; the profiler slows it): answers ${run.answers.map(at).join(' ')}; first rows ${at(run.firstRows)}; all listed ${at(run.merged)}; ${run.longTasks.length} long tasks`,
  )
  if (!trace) return console.log('  ! the trace had no samples of the page')
  // What the page did between the first answer and its first rows: busy, or waiting for something.
  const before = blameTask(trace, firstAnswer, run.firstRows, false)
  console.log(
    `  first answer → first rows, main thread: ${(Object.entries(before.by) as [Owner, number][])
      .sort((x, y) => y[1] - x[1])
      .map(([o, ms]) => `${o} ${ms.toFixed(0)}`)
      .join(', ')}${before.top.length ? ` — app/engine: ${before.top.join('; ')}` : ''}`,
  )
  // Every task of 10 ms or more up to the first rows: the way to them, step by step.
  for (const task of trace.tasks.filter(
    (t) => t.at + t.duration >= firstAnswer && t.at <= firstAnswer + run.firstRows,
  )) {
    const b = blameTask(trace, task.at, task.duration)
    console.log(
      `    task ${at(task.at - firstAnswer)} (${task.duration.toFixed(0)} ms): ${describeOwners(b.by)} — ${b.any.join('; ')}`,
    )
  }
  const total: Partial<Record<Owner, number>> = {}
  for (const [k, d] of run.longTasks.entries()) {
    const b = blameTask(trace, run.longTaskStarts[k] + firstAnswer, d)
    for (const [o, ms] of Object.entries(b.by) as [Owner, number][]) total[o] = (total[o] ?? 0) + ms
    const parts = (Object.entries(b.by) as [Owner, number][])
      .filter(([, ms]) => ms >= 1)
      .sort((x, y) => y[1] - x[1])
      .map(([o, ms]) => `${o} ${ms.toFixed(0)}`)
    console.log(
      `  ${at(run.longTaskStarts[k])} (${d.toFixed(0)} ms): ${parts.join(', ')}${b.top.length ? ` — app/engine: ${b.top.join('; ')}` : ''}`,
    )
  }
  const parts = (Object.entries(total) as [Owner, number][])
    .sort((x, y) => y[1] - x[1])
    .map(([o, ms]) => `${o} ${ms.toFixed(0)} ms`)
  console.log(`  long-task time by owner: ${parts.join(', ') || 'none'}`)
}

/** `node scripts/run-ts.mjs bench/catalog-hosts.ts`: this section alone. */
export const main = benchCatalogHosts
