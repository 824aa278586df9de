import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { BENCH_OUT, signInAsAnalyst, startPreview } from '../bench/preview'
import { chromiumLaunch } from '../e2e/chromium'

/**
 * The screenshot set of README (`npm run screenshots`): every page of the console at 1440 × 900 and
 * 1024 × 700, light and dark, from a production build on the embedded simulator's seeded world, into
 * docs/screenshots/ with an index page. Detail pages are reached through their lists, as an analyst would.
 */

// SHOTS_OUT puts a partial set elsewhere, so that docs/screenshots/ keeps its whole index.
const OUT = process.env.SHOTS_OUT ?? 'docs/screenshots'
const PORT = 5331
const ANALYST = 'analyst@swath.test'
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const
const SCHEMES = ['light', 'dark'] as const

interface Shot {
  name: string
  title: string
  /** A path, or a way to reach the page from the one before. */
  open: (page: Page, origin: string) => Promise<void>
}

const visit = (path: string) => async (page: Page, origin: string) => {
  await page.goto(`${origin}${path}`)
}
/** Opens the first link of a list page whose href matches. */
const firstOf = (path: string, href: RegExp) => async (page: Page, origin: string) => {
  await page.goto(`${origin}${path}`)
  await settled(page)
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  const target = hrefs.find((h) => href.test(h))
  if (!target) throw new Error(`no link like ${href.source} on ${path}`)
  await page.goto(`${origin}${target}`)
}

/**
 * The first item of the demo world's Berlin Mitte delivery, the place delivered most often: its page. The
 * collection is found through the API, as the journeys do, since the storage list's first page may not show it.
 */
async function berlinItem(page: Page, origin: string, query: string) {
  const grant = await page.request.post(`${origin}/auth/realms/public/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'service-api', username: ANALYST, password: 'swath-demo' },
  })
  const { access_token } = (await grant.json()) as { access_token: string }
  const get = async <T>(path: string) =>
    (await (
      await page.request.get(`${origin}/api${path}`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as T
  const { collections } = await get<{ collections: { id: string; title?: string }[] }>(
    '/v2/assets/stac/collections?limit=100',
  )
  const col = collections.find((c) => c.title === 'Pléiades - Berlin Mitte 2026')
  if (!col) throw new Error('seed changed: no Berlin Mitte 2026 delivery')
  const { features } = await get<{ features: { id: string }[] }>(
    `/v2/assets/stac/collections/${col.id}/items`,
  )
  await page.goto(`${origin}/storage/collections/${col.id}/items/${features[0].id}${query}`)
}

/** Follows the link called `link` on the Berlin Mitte item's page, as the analyst does. */
async function fromBerlinItem(page: Page, origin: string, link: string) {
  await berlinItem(page, origin, '')
  await settled(page)
  await page.getByRole('link', { name: link }).click()
}

const SHOTS: Shot[] = [
  { name: 'start', title: 'Start', open: visit('/') },
  { name: 'catalog', title: 'Catalog search', open: visit('/catalog') },
  { name: 'areas', title: 'Areas of interest', open: visit('/areas') },
  { name: 'checkout', title: 'Checkout', open: visit('/checkout') },
  { name: 'tasking', title: 'Tasking request', open: visit('/tasking') },
  { name: 'orders', title: 'Orders', open: visit('/orders') },
  { name: 'order', title: 'An order', open: firstOf('/orders', /^\/orders\/[0-9a-f-]{36}$/) },
  { name: 'decisions', title: 'Decisions', open: visit('/decisions') },
  { name: 'study', title: 'A feasibility study', open: firstOf('/decisions', /^\/decisions\/studies\//) },
  {
    name: 'quotation',
    title: 'A quotation',
    open: firstOf('/decisions', /^\/decisions\/quotations\//),
  },
  { name: 'storage', title: 'Storage', open: visit('/storage') },
  { name: 'storage-search', title: 'Storage search', open: visit('/storage/search') },
  {
    name: 'storage-collection',
    title: 'A stored collection',
    open: firstOf('/storage', /^\/storage\/collections\/[^/]+$/),
  },
  {
    name: 'storage-item',
    title: 'A stored item',
    open: async (page, origin) => {
      await firstOf('/storage', /^\/storage\/collections\/[^/]+$/)(page, origin)
      await settled(page)
      const href = await page
        .locator('main a[href*="/items/"]')
        .first()
        .getAttribute('href', { timeout: 30_000 })
      if (!href) throw new Error('no item link on the collection page')
      await page.goto(`${origin}${href}`)
    },
  },
  {
    name: 'storage-item-formula',
    title: 'A stored item drawn by a typed formula',
    open: async (page, origin) => {
      await berlinItem(page, origin, `?formula=${encodeURIComponent('(nir - red) / (nir + red)')}`)
    },
  },
  {
    name: 'timelapse',
    title: 'Time-lapse of a place',
    open: async (page, origin) => {
      await fromBerlinItem(page, origin, 'Time-lapse of this place')
      await page.getByRole('group', { name: 'Time-lapse player' }).waitFor({ timeout: 60_000 })
      await page
        .getByRole('status', { name: 'Reading the frames' })
        .waitFor({ state: 'detached', timeout: 120_000 })
    },
  },
  {
    name: 'change-review',
    title: 'Change review of two deliveries',
    open: async (page, origin) => {
      await fromBerlinItem(page, origin, 'Review change')
      await settled(page)
      await page.getByText('Difference', { exact: true }).click()
      await page.getByText(/outlined on the map\.$/).waitFor({ timeout: 120_000 })
      await settled(page)
      // The page as it opens: its heading and map in view, not scrolled to the clicked control.
      await page.evaluate(() => window.scrollTo(0, 0))
    },
  },
  { name: 'processing', title: 'Processing', open: visit('/processing') },
  { name: 'process', title: 'Running a process', open: visit('/processing/detection-ships-airbus') },
  { name: 'jobs', title: 'Jobs', open: visit('/jobs') },
  { name: 'job', title: 'A job', open: firstOf('/jobs', /^\/jobs\/[0-9a-f-]{36}$/) },
  { name: 'licences', title: 'Licenses', open: visit('/licences') },
  { name: 'licence', title: 'A license', open: firstOf('/licences', /^\/licences\/[^/?]+$/) },
  { name: 'budgets', title: 'Budgets', open: visit('/budgets') },
  { name: 'budget', title: 'A budget', open: firstOf('/budgets', /^\/budgets\/[^/?]+$/) },
  { name: 'collections', title: 'Collections', open: visit('/collections') },
  { name: 'data-products', title: 'Data products', open: visit('/data-products') },
  { name: 'providers', title: 'Providers', open: visit('/providers') },
  {
    name: 'collection',
    title: 'A collection',
    open: firstOf('/collections', /^\/collections\/[^/?]+$/),
  },
  { name: 'saved-searches', title: 'Saved searches', open: visit('/saved-searches') },
  {
    name: 'notifications',
    title: 'The notification center',
    open: async (page, origin) => {
      await visit('/')(page, origin)
      await settled(page)
      await page.getByRole('button', { name: /^Notifications/ }).click()
      await page.getByRole('dialog').first().waitFor({ timeout: 30_000 })
      // Taken once the panel's opening transition is over, not half faded in.
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('[role="dialog"]') ?? document.body).opacity === '1',
      )
    },
  },
]

/** What the analyst would wait for: the heading, the requests settled, the map drawn when there is one. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
  if ((await page.locator('.maplibregl-map').count()) > 0)
    await page
      .waitForFunction(
        () => (window as { __swathMap?: { isReady(): boolean } }).__swathMap?.isReady() === true,
        undefined,
        { timeout: 30_000 },
      )
      .catch(() => undefined)
  // Skeletons gone: the page shows its content, not its loading state.
  await page
    .locator('.mantine-Skeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined)
}

export async function main(): Promise<void> {
  // SHOTS=timelapse,change-review takes only those (the index then lists only them too).
  const only = process.env.SHOTS?.split(',').filter(Boolean)
  const chosen = only ? SHOTS.filter((s) => only.includes(s.name)) : SHOTS
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', BENCH_OUT, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (build.status !== 0) throw new Error('vite build failed')
  mkdirSync(OUT, { recursive: true })
  const preview = await startPreview({ port: PORT })
  const browser = await chromium.launch(chromiumLaunch)
  const index: string[] = [
    '# Screenshots',
    '',
    'Every page of the console on the embedded simulator, made by `npm run screenshots` (scripts/screenshots.ts).',
    '',
    '| Page | 1440 × 900 light | 1440 × 900 dark | 1024 × 700 light | 1024 × 700 dark |',
    '| --- | --- | --- | --- | --- |',
  ]
  const files = new Map<string, string[]>()
  try {
    for (const scheme of SCHEMES) {
      for (const size of SIZES) {
        const context = await browser.newContext({
          viewport: size,
          colorScheme: scheme,
          baseURL: preview.origin,
        })
        const page = await context.newPage()
        await signInAsAnalyst(page)
        // The theme follows the browser's scheme until the analyst picks one.
        for (const shot of chosen) {
          const file = `${shot.name}-${size.width}-${scheme}.jpg`
          try {
            await shot.open(page, preview.origin)
            await settled(page)
            await page.screenshot({ path: join(OUT, file), type: 'jpeg', quality: 70 })
            files.set(shot.name, [...(files.get(shot.name) ?? []), file])
            console.log(`  ${file}`)
          } catch (e) {
            console.log(`  ${file}: not taken (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`)
          }
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await preview.stop()
  }
  for (const shot of chosen) {
    const cell = (w: number, s: string) => {
      const f = `${shot.name}-${w}-${s}.jpg`
      return files.get(shot.name)?.includes(f)
        ? `[<img src="${f}" width="220" alt="${shot.title}, ${w} px, ${s}">](${f})`
        : '—'
    }
    index.push(
      `| ${shot.title} | ${cell(1440, 'light')} | ${cell(1440, 'dark')} | ${cell(1024, 'light')} | ${cell(1024, 'dark')} |`,
    )
  }
  writeFileSync(join(OUT, 'README.md'), `${index.join('\n')}\n`)
  console.log(`${[...files.values()].flat().length} screenshots in ${OUT}/`)
}
