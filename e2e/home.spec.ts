import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('start page', () => {
  test('shows the live collections of the embedded simulator', async ({ page, sim }) => {
    await sim.reset()
    await signIn(page)
    const table = page.getByTestId('collections-table')
    await expect(table).toBeVisible()
    await expect(table.getByText('Pléiades Neo Tasking')).toBeVisible()
    await expect(table.getByText('A feasibility study is required').first()).toBeVisible()
    // The data came from the simulator through the API prefix, not from a bundled fixture.
    const log = await sim.requests()
    expect(log.some((r) => r.method === 'GET' && r.path === '/v2/collections' && r.status === 200)).toBe(true)
    await expectAccessible(page)
  })

  test('says what went wrong and recovers when the service fails', async ({ page, sim }) => {
    await signIn(page, 'analyst@swath.test', '/providers')
    await sim.faults([{ path: '/v2/collections', status: 503 }])
    await page.getByRole('link', { name: 'Start' }).click()
    await expect(page.getByText('Collections could not be loaded')).toBeVisible({ timeout: 30_000 })
    await sim.faults([])
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('collections-table')).toBeVisible()
  })

  test('is usable by keyboard: the skip link moves focus to the content', async ({ page }) => {
    await signIn(page)
    await page.reload()
    await expect(page.getByTestId('collections-table')).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
  })

  test('answers unknown pages with a helpful 404', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the start page' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expectAccessible(page)
  })

  test('the production bundle carries no simulator code', async ({ page, request }) => {
    await signIn(page)
    await expect(page.getByTestId('collections-table')).toBeVisible()
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    )
    expect(scripts.length).toBeGreaterThan(0)
    for (const url of scripts) {
      const text = await (await request.get(url)).text()
      expect(text, url).not.toContain('swath-simulator-signing-key')
      expect(text, url).not.toContain('/__sim/')
    }
  })
})
