import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures'

/**
 * Issue 40: the large world (10,000 orders, 5,000 jobs, 1,000 decisions and saved geometries, 105 licences)
 * walked as the analyst: every page of the navigation opens; each paged list says the simulator's own
 * total, goes to its page 3, and opens a record listed there.
 */

const EMAIL = 'analyst@swath.test'

/** The service as the analyst, for the totals the pages must say. */
async function service(request: APIRequestContext) {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', username: EMAIL, password: DEMO_PASSWORD, client_id: 'service-api' },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  return async <T>(path: string): Promise<T> => {
    const r = await request.get(`/api${path}`, {
      headers: { authorization: `Bearer ${access_token}`, connection: 'close' },
    })
    expect(r.ok(), path).toBe(true)
    return (await r.json()) as T
  }
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

/** Opens the page through the navigation, as the analyst does. */
async function openFromNavigation(page: Page, name: RegExp) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click()
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })
}

/** Page 3 of a numbered pager, then the first record listed there opened: its page must show. */
async function openFromPage3(page: Page, things: string, firstRow: string) {
  const pager = page.getByRole('navigation', { name: `Pages of ${things}` })
  await pager.getByRole('button', { name: 'Page 3' }).click()
  await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
  await expect(page).toHaveURL(/page=(2|3)/)
  const link = page.locator(firstRow).first()
  await expect(link).toBeVisible({ timeout: 60_000 })
  const href = await link.getAttribute('href')
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href?.replace(/[?]/g, '\\?')}$`))
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })
}

test.describe('the large world, page by page', () => {
  test('every page opens; each list says the service’s total, pages to page 3 and opens a record there', async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000)
    const reset = await request.post('/api/__sim/reset', {
      data: { seed: 'large' },
      headers: { connection: 'close' },
    })
    expect(reset.ok()).toBe(true)
    const get = await service(request)
    await signIn(page, EMAIL, '/')
    const main = page.locator('main')

    // The pages with no list of the service's: each opens with its heading.
    for (const name of [/^Start/, /^Catalog$/, /^Saved searches$/, /^Checkout$/, /^Tasking$/, /^Processing$/])
      await openFromNavigation(page, name)

    // Orders: 10,000, twenty a page.
    const orders = await get<{ totalElements: number }>('/v2/orders?size=1')
    expect(orders.totalElements).toBeGreaterThanOrEqual(10_000)
    await openFromNavigation(page, /^Orders$/)
    await expect(main).toContainText(count(orders.totalElements, 'order'), { timeout: 60_000 })
    await openFromPage3(page, 'orders', 'main tbody tr a[href^="/orders/"]')

    // Jobs: the contract gives no total; the service's is read here page by page of 1,000.
    let jobs = 0
    for (let p = 0; ; p++) {
      const list = await get<{ jobs: unknown[]; links: { rel: string }[] }>(
        `/v2/processing/jobs?limit=1000&page=${p}`,
      )
      jobs += list.jobs.length
      if (!list.links.some((l) => l.rel === 'next')) break
    }
    expect(jobs).toBeGreaterThanOrEqual(5_000)
    await openFromNavigation(page, /^Jobs/)
    await expect(page.getByRole('status').filter({ hasText: /jobs, page 1 of/ })).toHaveText(
      `${jobs.toLocaleString('en-GB')} jobs, page 1 of ${Math.ceil(jobs / 20).toLocaleString('en-GB')}`,
      { timeout: 60_000 },
    )
    const jobPager = page.getByRole('navigation', { name: 'Pages of jobs' })
    for (const n of [2, 3]) {
      await jobPager.getByRole('button', { name: 'Next page' }).click()
      await expect(page.getByRole('status').filter({ hasText: /jobs, page/ })).toContainText(`page ${n} of`, {
        timeout: 60_000,
      })
    }
    const job = page.locator('main a[href^="/jobs/"]').first()
    await job.click()
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/)
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })

    // Decisions: those waiting, then the decided in steps of twenty: the third step holds rows 41–60.
    const total = async (path: string, decisions: string[]) =>
      (
        await get<{ totalElements: number }>(
          `${path}?size=1&${decisions.map((d) => `decision=${d}`).join('&')}`,
        )
      ).totalElements
    const waiting =
      (await total('/v2/tasking/feasibility-studies', ['NOT_DECIDED'])) +
      (await total('/v2/tasking/quotation', ['NOT_DECIDED']))
    const decided =
      (await total('/v2/tasking/feasibility-studies', ['ACCEPTED', 'REJECTED'])) +
      (await total('/v2/tasking/quotation', ['ACCEPTED', 'REJECTED']))
    await openFromNavigation(page, /^Decisions/)
    await expect(main).toContainText(`${count(waiting, 'item waits', 'items wait')} for a decision`, {
      timeout: 60_000,
    })
    await expect(main).toContainText(`of ${decided.toLocaleString('en')} decided items`)
    for (const shown of [40, 60]) {
      await page.getByRole('button', { name: /^Show 20 more decided/ }).click()
      await expect(main).toContainText(`the ${shown} most recent of`, { timeout: 60_000 })
    }
    // The inbox draws only the rows in view (decision 73): the wheel over it brings row waiting + 46 in.
    const decision = main.locator(`tbody tr[aria-rowindex="${waiting + 45 + 2}"] a[href^="/decisions/"]`)
    await main.locator('tbody tr a[href^="/decisions/"]').first().hover()
    await expect(async () => {
      if ((await decision.count()) === 0) await page.mouse.wheel(0, 400)
      await expect(decision).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 120_000 })
    await decision.click()
    await expect(page).toHaveURL(/\/decisions\/(studies|quotations)\//)
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })

    // Storage, as it is (another change brings its clusters and virtual lists): the collections' total.
    const stac = await get<{ context?: { matched?: number } }>('/v2/assets/stac/collections?limit=1')
    await openFromNavigation(page, /^Storage$/)
    await expect(page.locator('#storage-results')).toHaveText(
      count(stac.context?.matched ?? 0, 'collection'),
      {
        timeout: 60_000,
      },
    )
    await openFromPage3(page, 'collections', 'main a[href^="/storage/collections/"]')

    // Licences: 105, twenty a page.
    const eulas = await get<{ totalElements: number }>('/v2/eulas?size=1')
    expect(eulas.totalElements).toBeGreaterThan(100)
    await openFromNavigation(page, /^Licenses$/)
    await expect(main).toContainText(count(eulas.totalElements, 'licence'), { timeout: 60_000 })
    await openFromPage3(page, 'licenses', 'main tbody tr a[href^="/licences/"]')

    // Budgets: eight, each with two years of records.
    const budgets = await get<{ totalElements: number }>('/v2/budgets?size=1')
    await openFromNavigation(page, /^Budgets$/)
    const budget = page.locator('main a[href^="/budgets/"]')
    await expect(budget).toHaveCount(budgets.totalElements, { timeout: 60_000 })
    await budget.first().click()
    await expect(page.getByRole('region', { name: 'Consumption records' })).toContainText(
      /Sorted here over [\d,]+ rows/,
      { timeout: 60_000 },
    )

    // Areas: the geometry library over every workspace says the service's total of 1,000, a page at a time;
    // a geometry of page 3 (the service's third page, newest change first) is shown on the map.
    const geometries = await get<{ totalElements: number }>('/v2/spatial/geometries?size=1')
    expect(geometries.totalElements).toBeGreaterThanOrEqual(1_000)
    await openFromNavigation(page, /^Areas$/)
    await main.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: 'All workspaces' })
    await expect(main).toContainText(
      `${count(geometries.totalElements, 'saved geometry', 'saved geometries')}, page 1 of ${Math.ceil(geometries.totalElements / 100)}`,
      { timeout: 60_000 },
    )
    const third = await get<{ content: { displayName: string }[] }>(
      '/v2/spatial/geometries?page=2&size=100&sort=updatedAt,desc',
    )
    const pager = main.getByRole('navigation', { name: 'Pages of saved geometries' })
    await pager.getByRole('button', { name: 'Page 3' }).click()
    await expect(page).toHaveURL(/page=3/)
    const saved = main.getByRole('list', { name: 'Saved geometries' }).getByRole('listitem')
    await expect(saved.first()).toContainText(third.content[0].displayName, { timeout: 60_000 })
    await saved.first().getByRole('button', { name: 'Show' }).click()
    await expect(saved.first()).toHaveAttribute('aria-current', 'true')

    // The glossary's lists: each says the service's total; page 3 where there is one (collections).
    for (const [name, things, one, path] of [
      [/^Collections$/, 'collections', 'collection', '/v2/collections'],
      [/^Data products$/, 'data products', 'data product', '/v2/data-products'],
      [/^Providers$/, 'providers', 'provider', '/v2/providers'],
    ] as const) {
      const listed = await get<{ totalElements: number }>(`${path}?size=1`)
      await openFromNavigation(page, name)
      await expect(main).toContainText(count(listed.totalElements, one, things), { timeout: 60_000 })
      if (listed.totalElements > 40) await openFromPage3(page, things, 'main tbody tr a')
    }
  })
})
