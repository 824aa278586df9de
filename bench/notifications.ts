import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { BENCH_OUT, signInAsAnalyst, startPreview } from './preview'

/**
 * The notification centre's budget (decision 34): with the console left idle, how many requests a minute
 * each resource costs — on the start page and on the catalog, tab visible and tab hidden — against the
 * stated budget: at most one request per resource a minute from the centre while visible, none while hidden.
 * Counted in the simulator's request log; "hidden" is the page's visibilityState turned to hidden with a
 * visibilitychange event (headless Chromium has no window to minimise). The totals include what the pages
 * themselves poll (the start page's cards, the navigation's counts): the centre shares their reads.
 */

const PORT = 5196
const ORIGIN = `http://127.0.0.1:${PORT}`
const MINUTES = Number(process.env.SWATH_BENCH_IDLE_MINUTES ?? 3)

/** A resource as the budget counts it: the path without ids or query. */
const resourceOf = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/g, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')

async function idle(page: Page, origin: string, minutes: number) {
  const log = async () =>
    (
      (await (await fetch(`${origin}/api/__sim/requests`)).json()) as { path: string; method: string }[]
    ).filter((r) => r.method === 'GET' && !r.path.startsWith('/__sim') && !r.path.includes('openid-connect'))
  const before = (await log()).length
  await page.waitForTimeout(minutes * 60_000)
  const counts = new Map<string, number>()
  for (const r of (await log()).slice(before))
    counts.set(resourceOf(r.path), (counts.get(resourceOf(r.path)) ?? 0) + 1)
  return counts
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (h ? 'hidden' : 'visible'),
    })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

export async function benchNotifications(): Promise<void> {
  console.log(`\n## Notification centre: requests a minute with the console idle (${MINUTES} min each)`)
  if (!existsSync(join(BENCH_OUT, 'index.html'))) {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', BENCH_OUT, '--emptyOutDir', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    )
    if (build.status !== 0) throw new Error('vite build failed')
  }
  const preview = await startPreview({ port: PORT, timeoutMs: 90_000 })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signInAsAnalyst(page)
    for (const [label, path] of [
      ['Start', '/'],
      ['Catalog', '/catalog'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('button', { name: /^Notifications/ }).waitFor()
      // The first minute's reads (the page's and the centre's first) are not the idle rate.
      await page.waitForTimeout(65_000)
      for (const hidden of [false, true]) {
        await setHidden(page, hidden)
        const counts = await idle(page, ORIGIN, MINUTES)
        const rows = [...counts.entries()].sort((a, b) => b[1] - a[1])
        const worst = rows[0]?.[1] ?? 0
        const perMinute = (n: number) => (n / MINUTES).toFixed(2)
        const budget = hidden ? 0 : 1
        console.log(
          `${label}, tab ${hidden ? 'hidden' : 'visible'}: ${rows.length} resources, busiest ${perMinute(worst)}/min — budget ${budget}/min per resource: ${worst / MINUTES <= budget + 0.01 ? 'meets' : 'MISSES'}`,
        )
        for (const [resource, n] of rows) console.log(`  ${perMinute(n)}/min  GET ${resource}`)
        if (hidden) await setHidden(page, false)
      }
    }
    await context.close()
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/** `node scripts/run-ts.mjs bench/notifications.ts`: this section alone. */
export const main = benchNotifications
