import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('glossary', () => {
  test('collections filter by type and integration; the view is a link and back/forward work', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/collections')
    const table = page.getByRole('table', { name: 'Collections' })
    await expect(table.getByRole('link', { name: 'Pléiades', exact: true })).toBeVisible()
    await expectAccessible(page)
    // Type badges whole ("Archive", not "ARCHI…"), at the narrowest width the console supports too.
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      const cut = await table
        .locator('.mantine-Badge-label')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent))
      expect(cut).toEqual([])
      await expect(table.getByText('Archive', { exact: true }).first()).toBeVisible()
    }

    await page
      .locator('label')
      .filter({ hasText: /^Tasking$/ })
      .click()
    await expect(page).toHaveURL(/type=TASKING/)
    await expect(table.getByRole('link', { name: 'Pléiades Neo Tasking' })).toBeVisible()
    await expect(table.getByRole('link', { name: 'Pléiades', exact: true })).toHaveCount(0)

    // The same view from its link, in a new tab: after signing in there, the analyst lands on it.
    const url = new URL(page.url())
    const other = await page.context().newPage()
    await signIn(other, 'analyst@swath.test', url.pathname + url.search)
    await expect(other).toHaveURL(/\/collections\?type=TASKING/)
    await expect(
      other.getByRole('table', { name: 'Collections' }).getByRole('link', { name: 'Pléiades Neo Tasking' }),
    ).toBeVisible()
    await expect(
      other.getByRole('table', { name: 'Collections' }).getByRole('link', { name: 'SPOT' }),
    ).toHaveCount(0)
    await other.close()

    await page.goBack()
    await expect(page).not.toHaveURL(/type=TASKING/)
    await expect(table.getByRole('link', { name: 'Pléiades', exact: true })).toBeVisible()
    await page.goForward()
    await expect(table.getByRole('link', { name: 'Pléiades', exact: true })).toHaveCount(0)
  })

  test('a collection page explains what it offers and lists its data products and providers', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/collections?type=TASKING')
    await page.getByRole('link', { name: 'Pléiades Tasking' }).click()
    await expect(page.getByRole('heading', { name: 'Pléiades Tasking', level: 1 })).toBeVisible()
    await expect(page.getByText('A feasibility study may be required: before the quotation')).toBeVisible()
    await expect(page.getByRole('table', { name: 'Data products of Pléiades Tasking' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Providers of Pléiades Tasking' })).toBeVisible()
    await expectAccessible(page)
  })

  test('providers filter by role, by keyboard', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/providers')
    const table = page.getByRole('table', { name: 'Providers' })
    await expect(table.getByText('Airbus Defence and Space')).toBeVisible()
    await page.getByRole('radio', { name: 'Host' }).focus()
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/role=HOST/)
    await expect(table.getByText('OneAtlas')).toBeVisible()
    await expect(table.getByText('Airbus Defence and Space')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('data products page through the list', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/data-products?size=10')
    const nav = page.getByRole('navigation', { name: 'Pages of data products' })
    await expect(nav).toBeVisible()
    const firstRow = page.getByRole('table', { name: 'Data products' }).getByRole('row').nth(1)
    const before = await firstRow.innerText()
    await nav.getByRole('button', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(firstRow).not.toHaveText(before)
    await expectAccessible(page)
  })

  test('a failing page says what to do, keeps the shell, and recovers with Try again', async ({
    page,
    sim,
  }) => {
    await signIn(page)
    await sim.faults([{ path: '/v2/providers', status: 503 }])
    await page.getByRole('link', { name: 'Providers' }).click()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('alert')).toContainText('The service is busy')
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
    await expectAccessible(page)
    await sim.faults([])
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('table', { name: 'Providers' })).toBeVisible()
    // Reads were retried with backoff before giving up: 1 try + 3 retries, then the one after Try again.
    const calls = (await sim.requests()).filter((r) => r.path === '/v2/providers')
    expect(calls.map((r) => r.status)).toEqual([503, 503, 503, 503, 200])
  })
})
