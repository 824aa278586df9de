import AxeBuilder from '@axe-core/playwright'
import type { Page, Response } from '@playwright/test'
import { animationsSettled, expect, mapReady, signIn, SimControl, test } from './fixtures'

const HUGE = 'Country-wide mosaic (10,000 scenes)'

/** The body of the next storage list answer the page receives whose path ends with `suffix`. */
async function listAnswer(page: Page, suffix: RegExp, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r: Response) => suffix.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
    ),
    act(),
  ])
  return {
    query: new URL(response.url()).searchParams,
    matched: ((await response.json()) as { context: { matched: number } }).context.matched,
  }
}

/** The features of the storage map's rendered layers whose ids start with `prefix`, where the camera is. */
const rendered = (page: Page, prefix: string) =>
  page.evaluate((p) => {
    const map = window.__swathMap?.map
    if (!map) return 0
    const layers = (map.getStyle().layers ?? []).map((l) => l.id).filter((id) => id.startsWith(p))
    return layers.length > 0 ? map.queryRenderedFeatures({ layers }).length : 0
  }, prefix)

const toWorldZoom = (page: Page) =>
  page.evaluate(() => window.__swathMap?.map.jumpTo({ center: [10, 20], zoom: 0.8 }))

/** Issue 40 §2 (storage) on the large world: 1,000 deliveries of 50,000 items, one of them 10,000. */
test.describe('storage on the large world', () => {
  test.beforeEach(async ({ request }) => {
    // The large world is built for each journey, and its thousands are read and drawn on a loaded machine.
    test.setTimeout(240_000)
    await new SimControl(request).reset('large')
  })

  test('clusters at world zoom, pages through the lists, opens an item from page 3; totals are the service’s', async ({
    page,
  }) => {
    const first = await listAnswer(page, /\/stac\/collections$/, () =>
      signIn(page, 'analyst@swath.test', '/storage'),
    )
    expect(first.query.get('limit')).toBe('20')
    expect(first.matched).toBeGreaterThanOrEqual(1_000)
    await expect(
      page.getByRole('heading', { name: `${first.matched.toLocaleString('en')} collections` }),
    ).toBeVisible({
      timeout: 60_000,
    })
    await mapReady(page)

    // At the world's zoom the listed deliveries show as clusters or dots, where their outlines are under a pixel.
    await toWorldZoom(page)
    await expect
      .poll(() => rendered(page, 'storage-collections-clusters-'), { timeout: 30_000 })
      .toBeGreaterThan(0)

    // Paging reads one page each time, and the total stays the service's.
    const nav = page.getByRole('navigation', { name: 'Pages of collections' })
    for (const n of [2, 3]) {
      const answer = await listAnswer(page, /\/stac\/collections$/, () =>
        nav.getByRole('button', { name: 'Next page' }).click(),
      )
      expect(answer.query.get('page')).toBe(String(n - 1))
      expect(answer.query.get('limit')).toBe('20')
      expect(answer.matched).toBe(first.matched)
      await expect(page).toHaveURL(new RegExp(`page=${n - 1}`))
    }
    await expect(page.getByRole('list', { name: 'Collections' }).getByRole('listitem')).toHaveCount(20)
    await animationsSettled(page)
    const axe = await new AxeBuilder({ page }).analyze()
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([])

    // The 10,000-item delivery, found by the service's title filter.
    await page.goto(`/storage?title=${encodeURIComponent(HUGE)}`)
    const items = await listAnswer(page, /\/items$/, () => page.getByRole('link', { name: HUGE }).click())
    await expect(page.getByRole('heading', { level: 1, name: HUGE })).toBeVisible({ timeout: 60_000 })
    expect(items.matched).toBe(10_000)
    await expect(page.getByRole('heading', { name: '10,000 items' })).toBeVisible({ timeout: 60_000 })
    await mapReady(page)
    await toWorldZoom(page)
    await expect.poll(() => rendered(page, 'storage-items-clusters-'), { timeout: 30_000 }).toBeGreaterThan(0)

    const itemPages = page.getByRole('navigation', { name: 'Pages of items' })
    for (const n of [2, 3]) {
      const answer = await listAnswer(page, /\/items$/, () =>
        itemPages.getByRole('button', { name: 'Next page' }).click(),
      )
      expect(answer.query.get('page')).toBe(String(n - 1))
      expect(answer.query.get('limit')).toBe('20')
      expect(answer.matched).toBe(10_000)
    }
    const row = page.getByRole('table', { name: 'Items' }).getByRole('row').nth(1)
    const name = (await row.getByRole('link').textContent()) ?? ''
    await row.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 60_000 })
  })

  test('draws all 10,000 footprints of a delivery on request, and reads the list’s until cancelled', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', `/storage?title=${encodeURIComponent(HUGE)}`)
    await page.getByRole('link', { name: HUGE }).click()
    await expect(page.getByRole('heading', { name: '10,000 items' })).toBeVisible({ timeout: 60_000 })
    await mapReady(page)

    const pages: URLSearchParams[] = []
    page.on('request', (r) => {
      if (/\/items$/.test(new URL(r.url()).pathname)) pages.push(new URL(r.url()).searchParams)
    })
    await page.getByRole('button', { name: 'Draw all 10,000 footprints' }).click()
    const status = page.locator('[data-draw-all-status]')
    await expect(status).toHaveText(/^Reading footprints: [\d,]+ of 10,000$/, { timeout: 60_000 })
    await expect(status).toHaveText('All 10,000 footprints drawn.', { timeout: 120_000 })
    expect(pages.map((q) => q.get('limit'))).toEqual(Array.from({ length: 10 }, () => '1000'))
    // The list keeps its page of 20.
    await expect(page.getByRole('table', { name: 'Items' }).locator('tr[data-item-id]')).toHaveCount(20)

    // At the world's zoom all 10,000 are in the clusters; zoomed in on the delivery, they are outlines.
    await toWorldZoom(page)
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = window.__swathMap?.map
            if (!map) return 0
            const layers = ['storage-all-clusters-clusters', 'storage-all-clusters-points']
            return map
              .queryRenderedFeatures({ layers })
              .reduce((n, f) => n + Number(f.properties.point_count ?? 1), 0)
          }),
        { timeout: 30_000 },
      )
      .toBe(10_000)
    const centre = await page.evaluate(() => {
      const data = window.__swathMap?.map.querySourceFeatures('storage-all-clusters')[0]
      return data?.geometry.type === 'Point' ? (data.geometry.coordinates as [number, number]) : null
    })
    expect(centre).not.toBeNull()
    await page.evaluate((c) => window.__swathMap?.map.jumpTo({ center: c ?? [0, 0], zoom: 9 }), centre)
    await expect.poll(() => rendered(page, 'storage-all-outlines'), { timeout: 30_000 }).toBeGreaterThan(0)

    // The collection list: every listed collection's items through the search, stopped on request.
    await page.getByRole('link', { name: 'All of storage' }).click()
    await page.getByRole('button', { name: 'Draw all footprints of the listed collections' }).click()
    await expect(status).toHaveText(/^Reading footprints: [\d,]+ of [\d,]+$/, { timeout: 120_000 })
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(status).toHaveText(/^Stopped: [\d,]+ of [\d,]+ footprints drawn\.$/)
    await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible()
  })
})
