import type { Page } from '@playwright/test'
import { expect, expectAccessible, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })

/**
 * Places one order of the first scene of a catalog search through the basket, the checkout (accepting the
 * Airbus licence inline) and its review, as the analyst does. Returns the order's name.
 */
async function placeOneFromCatalog(page: Page): Promise<string> {
  await page.goto('/catalog?host=oneatlas&limit=50&bbox=-5,42,8,51')
  await expect(results(page).getByRole('option').first()).toBeVisible({ timeout: 60_000 })
  await results(page).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(page.getByRole('button', { name: 'Basket: 1 scene' })).toBeVisible()
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
  await licence.getByRole('checkbox', { name: /I have read/ }).check()
  await licence.getByRole('button', { name: 'Accept license' }).click()
  await expect(licence).toBeHidden()
  await expect(page.getByTestId('line-credits')).toHaveCount(1, { timeout: 60_000 })
  const name = await page.getByRole('textbox', { name: 'Order name' }).inputValue()
  await page.getByRole('button', { name: 'Review 1 order' }).click()
  await expect(page.getByRole('heading', { name: 'Review and place' })).toBeVisible()
  // A scene the account already ordered is ordered again only once that is confirmed.
  const again = page.getByRole('checkbox', { name: /^Yes, order this scene again/ })
  if (await again.isVisible()) await again.check()
  await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
  await page.getByRole('button', { name: 'Place 1 order' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible({
    timeout: 60_000,
  })
  return name
}

test.describe('needs attention', () => {
  test('a failed placement and a failed job show on Start and in the navigation, say why, and are done again', async ({
    page,
    sim,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page)
    const attention = page.getByRole('region', { name: 'Needs attention' })
    const items = attention.getByTestId('attention-item')
    const mark = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('attention-count')

    // The seeded job "Berlin buildings 2026" was accepted a moment ago and fails when its 8-minute run ends.
    await sim.advance(15 * 60)
    // The service fails the next placement (the control plane's switch, not chance).
    await sim.failPlacements(1)
    const name = await placeOneFromCatalog(page)
    // 30 s until placement begins, 60 s to place: the order is PLACEMENT_FAILED, not yet retried (10 minutes).
    await sim.advance(30 + 60 + 5)
    await page.goto('/')
    const item = items.filter({ has: page.getByRole('link', { name, exact: true }) })
    await expect(item).toContainText('Placement failed', { timeout: 60_000 })
    await expect(item).toContainText(/placement failed on .+ by the service/)
    await expect(item.getByRole('link', { name: 'Order again' })).toBeVisible()

    const job = items.filter({ has: page.getByRole('link', { name: 'Berlin buildings 2026', exact: true }) })
    await expect(job).toBeVisible()
    await expect(job.getByRole('link', { name: 'Run again' })).toBeVisible()

    // The navigation's mark counts what the card counts.
    const summary = attention.getByText(/things? went wrong/)
    await expect(mark).toHaveText(/^\d+\+?$/)
    const count = (await mark.textContent()) ?? ''
    await expect(summary).toHaveText(new RegExp(`^${count.replace('+', '\\+')} things? went wrong`))
    await expectAccessible(page)

    // Its page says it failed, not that it is in progress, and offers Order again.
    await item.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByTestId('order-failure')).toContainText('Placement failed')
    await expect(page.getByText(/^In progress/)).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Order again' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByTestId('again-notice')).toContainText(name)
    await expect(page.getByRole('textbox', { name: 'Order name' }).last()).toHaveValue(name)
    // The same scene again: the lines are estimated and can be reviewed.
    await expect(page.getByTestId('line-credits')).toHaveCount(1, { timeout: 60_000 })
    await expect(page.getByRole('button', { name: 'Review 1 order' })).toBeEnabled()
    await expectAccessible(page)
  })
})
