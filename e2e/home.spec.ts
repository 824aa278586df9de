import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('start page', () => {
  test('answers what needs the analyst today, from the embedded simulator', async ({ page, sim }) => {
    await sim.reset()
    await signIn(page)
    await expect(page.getByRole('heading', { name: 'Start', level: 1 })).toBeVisible()
    const decisions = page.getByRole('region', { name: 'Decisions waiting' })
    await expect(
      decisions.getByRole('link', { name: /^(Feasibility study|Quotation) for / }).first(),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Orders' }).getByRole('link').nth(1)).toBeVisible()
    await expect(page.getByRole('region', { name: /^Budget spend in / })).toContainText('spent this month')
    await expect(page.getByRole('region', { name: 'Jobs under way' }).getByRole('link').nth(1)).toBeVisible()
    await expectAccessible(page)
    // Each item leads to the page that acts on it.
    await decisions
      .getByRole('link', { name: /^(Feasibility study|Quotation) for / })
      .first()
      .click()
    await expect(page).toHaveURL(/\/decisions\/(studies|quotations)\//)
    // The data came from the simulator through the API prefix, not from a bundled fixture.
    const log = await sim.requests()
    expect(log.some((r) => r.method === 'GET' && r.path === '/v2/orders' && r.status === 200)).toBe(true)
  })

  test('says what went wrong on a card and recovers when the service fails', async ({ page, sim }) => {
    await signIn(page, 'analyst@swath.test', '/providers')
    await sim.faults([{ path: '/v2/processing/jobs', status: 503 }])
    // Opened directly: the card shares the navigation's list of jobs under way, so a page that came before
    // would already hold it (a card with data keeps showing it through a failed refresh).
    await page.goto('/')
    const jobs = page.getByRole('region', { name: 'Jobs under way' })
    await expect(jobs.getByText('Jobs under way could not be loaded')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('region', { name: 'Orders' }).getByRole('link').nth(1)).toBeVisible()
    await sim.faults([])
    await jobs.getByRole('button', { name: 'Try again' }).click()
    await expect(jobs.getByText('Jobs under way could not be loaded')).toBeHidden()
  })

  test('is usable by keyboard: the skip link moves focus to the content', async ({ page }) => {
    await signIn(page)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible()
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
    await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible()
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
