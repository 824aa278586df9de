import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { signInAsAnalyst, startPreview } from './preview'
import { inPage, waitForRows as waitForMarkedRows } from './table-marks'
import { figures, report } from './stats'

/**
 * The job monitor in Chromium over the production build in dist-bench/ (built by benchBundle), with the
 * simulator embedded and seeded large (SWATH_SEED=large: 5,000 jobs): how long a job list response takes to
 * become 100 rows in the DOM. The page marks `swath:jobs-response` when a list arrives and `swath:jobs-rows`
 * when its rows are in the DOM (detail `{count}`).
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5195)
const ORIGIN = `http://127.0.0.1:${PORT}`
const VIEWPORT = { width: 1280, height: 800 }
const MARKS = ['swath:jobs-response', 'swath:jobs-rows'] as const
const MARK_TIMEOUT = 60_000
const WARMUP = 3
/** Pages not seen yet: 10 pages of 100 in two sort orders. */
const URLS = ['created,desc', 'status,asc']
  .flatMap((sort) => Array.from({ length: 10 }, (_, i) => `/jobs?limit=100&sort=${sort}&page=${i + 1}`))
  .slice(1)

export async function benchJobs(): Promise<void> {
  console.log('\n## Job monitor (Chromium, production build, simulator seeded large)')
  const started = performance.now()
  const preview = await startPreview({ port: PORT, env: { SWATH_SEED: 'large' }, timeoutMs: 90_000 })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await signInAsAnalyst(page)
    // First load: the route's code and the process titles; not measured.
    await page.goto('/jobs?limit=100')
    await waitForRows(page, 100)
    const samples: number[] = []
    for (const [i, url] of URLS.entries()) {
      await inPage(page, url)
      const marks = await waitForRows(page, 100)
      if (i >= WARMUP) samples.push(marks.rows - marks.response)
    }
    await context.close()
    const f = figures(samples)
    report(`jobs response → 100 rows in the DOM (${WARMUP} warm-up runs)`, f, 'under 50 ms')
    console.log(
      `  → median ${f.median.toFixed(1)} ms: ${f.median < 50 ? 'meets' : 'MISSES'} the 50 ms target`,
    )
    console.log(`  (each run, ms: ${samples.map((x) => x.toFixed(0)).join(', ')})`)
    if (errors.length > 0) console.log(`  ! page errors: ${errors.slice(0, 5).join(' | ')}`)
    console.log(`(jobs benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

const waitForRows = (page: Page, count: number) =>
  waitForMarkedRows(page, MARKS, count, {
    timeoutMs: MARK_TIMEOUT,
    what: 'jobs page',
    rowSelector: '[data-job-id]',
  })
