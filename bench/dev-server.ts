import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chromium } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'

/**
 * A newcomer's first visit to each page on a fresh `npm start`, as after `npm ci`: the dependency pre-bundle
 * thrown away and rebuilt by `scripts/prebundle-deps.mjs --force` (what `npm start` runs first; timed on its
 * own, it happens once per install before the URL is printed), then the dev server started with no module
 * compiled yet, and each page opened by its URL in Chromium, in the order of the navigation, timing until its
 * `h1` shows. The first page is the sign-in page, opened as soon as the server prints its URL; the others are
 * visits signed in. Target: at most 3 s per page on this machine.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5196)
const ORIGIN = `http://127.0.0.1:${PORT}`
const TARGET_MS = 3000
/** The navigation's pages, then the pages a newcomer reaches from them. */
const PAGES = [
  '/',
  '/catalog',
  '/checkout',
  '/tasking',
  '/orders',
  '/decisions',
  '/storage',
  '/processing',
  '/jobs',
  '/licences',
  '/budgets',
  '/areas',
  '/collections',
  '/data-products',
  '/providers',
]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function startDev(): { child: ChildProcess; output: () => string } {
  // The environment a shell would give it, without the NODE_ENV=development the bench's module loader set.
  const { NODE_ENV: _loaderMode, ...env } = process.env
  const child = spawn('npx', ['vite', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env,
  })
  let output = ''
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()))
  const onExit = () => stop(child)
  process.once('exit', onExit)
  child.once('exit', () => process.off('exit', onExit))
  return { child, output: () => output }
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

export async function benchDevServer(): Promise<void> {
  console.log('\n## Dev server: first visit per page (fresh install, time until the page’s h1 shows)')
  const { NODE_ENV: _loaderMode, ...env } = process.env
  const t0 = Date.now()
  const prebundle = spawnSync('node', ['scripts/prebundle-deps.mjs', '--force'], { stdio: 'ignore', env })
  if (prebundle.status !== 0) throw new Error('scripts/prebundle-deps.mjs failed')
  console.log(
    `dependency pre-bundle  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s   (npm start, once per install, before the URL)`,
  )
  const started = Date.now()
  const dev = startDev()
  const browser = await chromium.launch(chromiumLaunch)
  try {
    // Listening: the moment `npm start` prints its URL.
    for (;;) {
      if (dev.child.exitCode !== null) throw new Error(`vite exited:\n${dev.output()}`)
      if (/Local:/.test(dev.output())) break
      if (Date.now() - started > 120_000) throw new Error(`vite did not start:\n${dev.output()}`)
      await sleep(100)
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const times: [string, number][] = []
    const visit = async (path: string, heading?: string) => {
      const t0 = Date.now()
      await page.goto(`${ORIGIN}${path}`, { waitUntil: 'commit', timeout: 120_000 })
      const h1 = page.locator('h1').filter(heading ? { hasText: heading } : {})
      await h1.first().waitFor({ state: 'visible', timeout: 120_000 })
      times.push([path, Date.now() - t0])
    }
    await visit('/sign-in', 'Sign in')
    await page.getByLabel('E-mail').fill('analyst@swath.test')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: /^Account:/ }).waitFor({ timeout: 120_000 })
    // A reload keeps the session (the refresh token is kept per tab), as a newcomer's next visits do.
    for (const path of PAGES) await visit(path)
    for (const [path, ms] of times)
      console.log(
        `${path.padEnd(16)} ${(ms / 1000).toFixed(1).padStart(6)} s${ms > TARGET_MS ? '   over 3 s' : ''}`,
      )
    const worst = Math.max(...times.map(([, ms]) => ms))
    console.log(
      `  → slowest first visit ${(worst / 1000).toFixed(1)} s: ${worst <= TARGET_MS ? 'meets' : 'MISSES'} the 3 s target`,
    )
  } finally {
    await browser.close()
    stop(dev.child)
  }
}
