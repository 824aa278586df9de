import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/**
 * Broken links are defects: the analyst's seeded world is visited from the navigation, and every in-console
 * link on each page is followed (same origin, once per path and query), breadth first. A link fails when it
 * ends on the 404 page, on a detail page's "… not found" or "failed to load", or on an error boundary; console
 * errors fail the journey through the fixtures. Bounded: a few links of each shape (an order page, a job
 * page…) are enough to find a page that builds its links wrong, and the whole crawl stays within minutes.
 */

/** Pages visited at most. */
const MAX_PAGES = 110
/** Links of one shape (ids and query values replaced) followed at most from pages of one shape. */
const PER_SHAPE = 1

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[0-9a-f-]{16,}$/i

/** The fixed words of detail paths (/storage/collections/:id/items/:id); every other deeper segment is an id. */
const PATH_WORDS = new Set(['collections', 'items', 'studies', 'quotations', 'search', 'new'])

/**
 * /orders/6f1…?tab=x → /orders/:id?tab, /processing/pansharpening → /processing/:id: links of one shape lead
 * to the same page with other data.
 */
function shapeOf(url: URL): string {
  const path = url.pathname
    .split('/')
    .map((seg, i) => (ID.test(decodeURIComponent(seg)) || (i >= 2 && !PATH_WORDS.has(seg)) ? ':id' : seg))
    .join('/')
  const keys = [...new Set(url.searchParams.keys())].sort().join('&')
  return keys ? `${path}?${keys}` : path
}

/** Leaving the session or the console is no link to check. */
const skipped = (url: URL) => url.pathname.startsWith('/sign-in') || url.pathname.startsWith('/api/')

/** Waits for the page's main heading and for every loading placeholder to be gone. */
async function settled(page: Page) {
  const main = page.locator('main')
  await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 60_000 })
  // A map's placeholder holds no link: waiting for every map to draw (software WebGL) would double the crawl.
  await expect(
    main.locator('[aria-busy="true"], .mantine-Skeleton-root:not([aria-label="Loading the map"])'),
  ).toHaveCount(0, { timeout: 60_000 })
}

/** What is wrong with the page shown, or null. */
async function problemOf(page: Page): Promise<string | null> {
  const main = page.locator('main')
  const h1 = ((await main.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim()
  if (/not found$/i.test(h1) || /failed to load$/i.test(h1)) return h1
  if ((await main.getByText('Something went wrong').count()) > 0) return 'Something went wrong'
  return null
}

test.describe('the console has no broken links', () => {
  test('every page reachable from the navigation, and every in-console link on it, opens a page that works', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(15 * 60_000)
    await signIn(page)
    const origin = new URL(baseURL ?? page.url()).origin
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    const start = await nav
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
    expect(start.length).toBeGreaterThan(10)

    const queue: { target: string; from: string }[] = start.map((href) => ({
      target: href,
      from: 'navigation',
    }))
    const seen = new Set<string>()
    const shapes = new Map<string, number>()
    const broken: string[] = []
    let visited = 0
    const enqueue = (href: string, from: string) => {
      const url = new URL(href)
      if (url.origin !== origin || skipped(url)) return
      const key = url.pathname + url.search
      if (seen.has(key)) return
      // Budgeted per kind of page and kind of link: an item linked from a job is another way in than an
      // item linked from its collection, and each way in is tried.
      const shape = `${shapeOf(new URL(from, origin))} → ${shapeOf(url)}`
      if ((shapes.get(shape) ?? 0) >= PER_SHAPE) return
      seen.add(key)
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
      queue.push({ target: key, from })
    }
    for (const href of start) seen.add(new URL(href).pathname + new URL(href).search)

    while (queue.length > 0 && visited < MAX_PAGES) {
      const { target, from } = queue.shift() as { target: string; from: string }
      const path = target.startsWith('http') ? new URL(target).pathname + new URL(target).search : target
      visited++
      const began = Date.now()
      await page.goto(path)
      try {
        await settled(page)
      } catch {
        broken.push(`${path} (linked from ${from}): never finished loading`)
        continue
      }
      const problem = await problemOf(page)
      if (problem) {
        broken.push(`${path} (linked from ${from}): ${problem}`)
        continue
      }
      const hrefs = await page
        .locator('main a[href], header a[href]')
        .evaluateAll((as) =>
          as
            .filter((a) => !(a as HTMLAnchorElement).download && (a as HTMLAnchorElement).target !== '_blank')
            .map((a) => (a as HTMLAnchorElement).href),
        )
      for (const href of hrefs) enqueue(href, path)
      if (process.env.CRAWL_LOG) console.log(`${Date.now() - began} ms ${path}`)
    }
    console.log(`crawl: ${visited} pages visited, ${queue.length} links left unvisited`)
    expect(broken).toEqual([])
    expect(visited).toBeGreaterThan(30)
  })
})
