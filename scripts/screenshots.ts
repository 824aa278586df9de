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

const OUT = 'docs/screenshots'
const PORT = 5331
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
        for (const shot of SHOTS) {
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
  for (const shot of SHOTS) {
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
