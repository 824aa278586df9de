import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { rectanglePolygon } from '../src/lib/geo/shapes'
import { encodePolygons } from '../src/lib/polyline'
import { PARIS } from '../src/testing/places'

/**
 * The screenshots issue 39 asks to look at before it is resolved (`node scripts/run-ts.mjs
 * scripts/shots-39.ts [outDir]`): after a simulated week, the catalog searching every host over a large area
 * (a couple of hundred results), its coverage plan open, and the bell — each at 1440 × 900 and 1024 × 700,
 * light and dark — from a production build served by `vite preview` with the embedded simulator.
 * SHOTS_PORT picks the port (5212 by default), SKIP_BUILD=1 uses dist/ as it is.
 */

const PORT = Number(process.env.SHOTS_PORT ?? 5212)
const ORIGIN = `http://127.0.0.1:${PORT}`
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const
const SCHEMES = ['light', 'dark'] as const
/** France and its neighbours: a week of every host over it is the density the issue describes. */
const AOI = encodePolygons([rectanglePolygon([-5, 42], [10, 51])])

const control = (path: string, body?: unknown) =>
  fetch(`${ORIGIN}/api/__sim/${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => {
    if (!r.ok) throw new Error(`${path}: ${r.status}`)
  })

async function signInIfAsked(page: Page) {
  const account = page.getByRole('button', { name: /^Account:/ })
  const form = page.getByRole('heading', { name: 'Sign in to Swath', level: 1 })
  await account.or(form).waitFor({ timeout: 60_000 })
  if (await form.isVisible()) {
    await page.getByLabel('E-mail').fill('analyst@swath.test')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  await account.waitFor({ timeout: 60_000 })
}

/** The map has drawn what it was given and stands still (or there is no map). */
async function mapSettled(page: Page) {
  await page.waitForFunction(
    () => {
      const map = window.__swathMap?.map
      return !map || (map.loaded() && map.areTilesLoaded() && !map.isMoving())
    },
    undefined,
    { timeout: 30_000 },
  )
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

async function shootAll(page: Page, out: string, name: string, before?: (page: Page) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor()
      await before?.(page)
      await mapSettled(page)
      const path = `${out}/${name}-${size.width}x${size.height}-${scheme}.png`
      await page.screenshot({ path })
      console.log(path)
    }
  }
}

export async function main(argv: string[]): Promise<void> {
  const out = argv[0] ?? '/tmp/shots-39'
  mkdirSync(out, { recursive: true })
  if (process.env.SKIP_BUILD !== '1') {
    const built = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
    if (built.status !== 0) throw new Error('the build failed')
  }
  const { NODE_ENV: _mode, ...env } = process.env
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
    { stdio: 'ignore', detached: true, env },
  )
  const browser = await chromium.launch(chromiumLaunch)
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${ORIGIN}/api/__sim/clock`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      if (i > 240) throw new Error(`no preview on ${ORIGIN}`)
      await new Promise((r) => setTimeout(r, 250))
    }
    await control('reset')
    const page = await browser.newPage({ viewport: SIZES[0] })
    // The centre reads every 5 s instead of every minute, as the notifications journey has it.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch()
      const config = (await response.json()) as object
      await route.fulfill({ response, json: { ...config, notifyIntervalSeconds: 5 } })
    })
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.goto(`${ORIGIN}/`)
    await signInIfAsked(page)
    // A week, a day at a time, the console open each morning (the session does not outlive a day).
    for (let day = 0; day < 7; day++) {
      await page.waitForLoadState('networkidle')
      await control('clock', { advanceSeconds: 86_400 })
      await page.goto(`${ORIGIN}/`)
      await signInIfAsked(page)
      await page.getByRole('region', { name: 'Needs attention' }).waitFor({ timeout: 60_000 })
    }
    await page.waitForLoadState('networkidle')

    await page.goto(`${ORIGIN}/catalog?limit=40&aoi=${AOI}`)
    await signInIfAsked(page)
    const heading = page.getByRole('heading', { name: /^\d+ scenes from \d+ hosts$/ })
    await heading.waitFor({ timeout: 120_000 })
    const scenes = async () => Number(/^\d+/.exec((await heading.textContent()) ?? '')?.[0])
    // Every host's first page, then "More" once: the couple of hundred results the issue met.
    await page.waitForFunction(() => !document.body.textContent?.includes('searching…'), undefined, {
      timeout: 120_000,
    })
    const first = await scenes()
    await page.getByRole('button', { name: 'More', exact: true }).click()
    for (let i = 0; i < 480 && (await scenes()) === first; i++) await page.waitForTimeout(250)
    await page.waitForLoadState('networkidle')
    console.log(`catalog: ${await heading.textContent()}`)
    await shootAll(page, out, 'catalog')

    // The plan over the area most of those scenes are of (Paris), every host.
    await page.goto(`${ORIGIN}/catalog?limit=60&aoi=${encodePolygons([PARIS])}`)
    await heading.waitFor({ timeout: 120_000 })
    await page.waitForLoadState('networkidle')
    console.log(`plan's search: ${await heading.textContent()}`)
    await page.setViewportSize(SIZES[0])
    await page.getByRole('button', { name: 'Plan coverage' }).click()
    const panel = page.getByRole('region', { name: 'Plan coverage' })
    await panel.getByRole('button', { name: 'Plan', exact: true }).click()
    await panel.getByText(/scenes? covers? [\d.]+ % of the area/).waitFor({ timeout: 120_000 })
    console.log(`plan: ${await panel.getByText(/scenes? covers? [\d.]+ % of the area/).textContent()}`)
    await shootAll(page, out, 'plan', async (p) => {
      await p.getByRole('region', { name: 'Plan coverage' }).scrollIntoViewIfNeeded()
    })

    await page.goto(`${ORIGIN}/`)
    await signInIfAsked(page)
    await page.setViewportSize(SIZES[0])
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const bell = page.getByRole('dialog', { name: 'Notifications' })
    await bell.getByRole('listitem').first().waitFor({ timeout: 60_000 })
    console.log(`bell: ${await bell.getByRole('listitem').count()} entries`)
    await shootAll(page, out, 'bell')
  } finally {
    await browser.close()
    if (server.pid) process.kill(-server.pid, 'SIGTERM')
  }
}
