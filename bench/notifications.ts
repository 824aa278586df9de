import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'

/**
 * The notification centre's budget (decision 34): with the console left idle, how many requests a minute
 * each resource costs — on the start page and on the catalog, tab visible and tab hidden — against the
 * stated budget: at most one request per resource a minute from the centre while visible, none while hidden.
 * Counted in the simulator's request log; "hidden" is the page's visibilityState turned to hidden with a
 * visibilitychange event (headless Chromium has no window to minimise). Each page is measured twice: as it
 * is, and with the centre held off (its interval set to a day through `config.json`); the difference is the
 * centre's own cost, the rest is what the page polls by itself (the start page's cards, the navigation's
 * counts), which the centre shares through the cache.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5196)
const ORIGIN = `http://127.0.0.1:${PORT}`
/** Minutes of each visible window (the hidden one is a minute: its budget is none at all). */
export const NOTIFICATIONS_MINUTES = Number(process.env.SWATH_BENCH_IDLE_MINUTES ?? 2)
const MINUTES = NOTIFICATIONS_MINUTES
const HIDDEN_MINUTES = 1
/** The page's own polling, the centre apart: each list polled at most every 30 s, an unchanged count one request. */
const PAGE_BUDGET = 5

/** A resource as the budget counts it: the path without its query (each budget's usage is its own). */
const resourceOf = (path: string) => path.replace(/\?.*$/, '')

async function idle(page: Page, origin: string, minutes: number) {
  // Emptied first: the log keeps its last 2,000 requests, so a length taken before would point nowhere
  // once a page's loading filled it (a busy page would count nothing).
  const cleared = await fetch(`${origin}/api/__sim/requests`, { method: 'DELETE' })
  if (!cleared.ok) throw new Error(`emptying the request log answered ${cleared.status}`)
  await page.waitForTimeout(minutes * 60_000)
  const log = (
    (await (await fetch(`${origin}/api/__sim/requests`)).json()) as { path: string; method: string }[]
  ).filter((r) => r.method === 'GET' && !r.path.startsWith('/__sim') && !r.path.includes('openid-connect'))
  const counts = new Map<string, number>()
  for (const r of log) counts.set(resourceOf(r.path), (counts.get(resourceOf(r.path)) ?? 0) + 1)
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

/**
 * A fresh signed-in tab on `path`, the centre on or held off, left idle after a first minute (the page's and
 * the centre's first reads are not the idle rate): requests per resource over MINUTES visible, then, with
 * the centre on, over MINUTES hidden (nothing may be asked then, by the page or the centre).
 */
async function measure(browser: Browser, path: string, centre: boolean, seed: Seed) {
  // Each run starts from the same seeded world: jobs and orders under way poll on the page's own account, and
  // a run made minutes after another would find fewer of them under way and count less for the page.
  const reset = await fetch(`${ORIGIN}/api/__sim/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed }),
  })
  if (!reset.ok) throw new Error(`the simulator's reset answered ${reset.status}`)
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
  try {
    if (!centre)
      await context.route('**/config.json', async (route) => {
        const response = await route.fetch()
        const config = (await response.json()) as object
        await route.fulfill({ response, json: { ...config, notifyIntervalSeconds: 86_400 } })
      })
    const page = await context.newPage()
    await signInAsAnalyst(page)
    await page.goto(path)
    await page.getByRole('button', { name: /^Notifications/ }).waitFor()
    await page.waitForTimeout(65_000)
    const visible = await idle(page, ORIGIN, MINUTES)
    if (!centre) return { visible, hidden: null }
    await setHidden(page, true)
    return { visible, hidden: await idle(page, ORIGIN, HIDDEN_MINUTES) }
  } finally {
    await context.close()
  }
}

type Seed = 'default' | 'large'

export async function benchNotifications(): Promise<void> {
  console.log(
    `\n## Notification center: requests a minute with the console idle (${MINUTES} min each, hidden ${HIDDEN_MINUTES} min)`,
  )
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT, timeoutMs: 90_000 })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    for (const [label, path, seed] of [
      ['Start', '/', 'default'],
      ['Catalog', '/catalog', 'default'],
      // Issue 40: the budget holds on the large world (10,000 orders, 5,000 jobs), where counts are dearest.
      ['Start, large world', '/', 'large'],
    ] as const) {
      const on = await measure(browser, path, true, seed)
      const off = await measure(browser, path, false, seed)
      const perMinute = (n: number) => n / MINUTES
      const resources = [...new Set([...on.visible.keys(), ...off.visible.keys()])].sort()
      const centre = resources.map((r) => Math.max(0, (on.visible.get(r) ?? 0) - (off.visible.get(r) ?? 0)))
      const worst = perMinute(Math.max(0, ...centre))
      console.log(
        `${label}, tab visible: the center's busiest resource ${worst.toFixed(2)}/min — budget 1/min per resource: ${worst <= 1.01 ? 'meets' : 'MISSES'}`,
      )
      resources.forEach((r, i) => {
        const all = perMinute(on.visible.get(r) ?? 0)
        const own = perMinute(off.visible.get(r) ?? 0)
        console.log(
          `  GET ${r}: ${all.toFixed(2)}/min in all, ${own.toFixed(2)} by the page itself, ${perMinute(centre[i]).toFixed(2)} by the center`,
        )
      })
      const pageWorst = perMinute(Math.max(0, ...off.visible.values()))
      console.log(
        `${label}, the page by itself: busiest resource ${pageWorst.toFixed(2)}/min — target ≤ ${PAGE_BUDGET}/min: ${pageWorst <= PAGE_BUDGET + 0.01 ? 'meets' : 'MISSES'}`,
      )
      const hidden = [...(on.hidden?.values() ?? [])].reduce((a, b) => a + b, 0)
      console.log(
        `${label}, tab hidden: ${(hidden / HIDDEN_MINUTES).toFixed(2)} requests/min in all — budget 0: ${hidden === 0 ? 'meets' : 'MISSES'}`,
      )
    }
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/** `node scripts/run-ts.mjs bench/notifications.ts`: this section alone. */
export const main = benchNotifications
