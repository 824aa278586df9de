import type { Page } from '@playwright/test'
import { expect, expectAccessible, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })

/**
 * Places one order per scene for `n` scenes of a catalog search (after the first `skip`), through the basket,
 * the checkout (accepting the Airbus licence inline the first time) and its review, as the analyst does.
 * Returns the orders' names.
 */
async function placeFromCatalog(page: Page, skip: number, n: number): Promise<string[]> {
  await page.goto('/catalog?host=oneatlas&limit=50&bbox=-5,42,8,51')
  await expect(results(page).getByRole('option').first()).toBeVisible({ timeout: 60_000 })
  await results(page).focus()
  for (let i = 0; i < skip; i++) await page.keyboard.press('ArrowDown')
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
  }
  await expect(page.getByRole('button', { name: `Basket: ${n} scenes` })).toBeVisible()
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  // The checkout keeps its step: after an earlier round it opens at the review, so go back to the details.
  await expect(page.getByRole('button', { name: /Review and place/ })).toBeVisible({ timeout: 60_000 })
  if (await page.getByRole('heading', { name: 'Review and place' }).isVisible())
    await page
      .getByRole('button', { name: /Details/ })
      .first()
      .click()
  const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
  // The lines are estimated once the licence is accepted (the first round accepts it inline).
  await expect(async () => {
    if (!(await licence.isVisible())) expect(await page.getByTestId('line-credits').count()).toBe(n)
  }).toPass({ timeout: 60_000 })
  if (await licence.isVisible()) {
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
  }
  await expect(page.getByTestId('line-credits')).toHaveCount(n, { timeout: 60_000 })
  const names = await page
    .getByRole('textbox', { name: 'Order name' })
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
  await page.getByRole('button', { name: `Review ${n} orders` }).click()
  await expect(page.getByRole('heading', { name: 'Review and place' })).toBeVisible()
  // A scene the account already ordered is ordered again only once that is confirmed.
  const again = page.getByRole('checkbox', { name: /^Yes, order (this scene|these \d+ scenes) again/ })
  if (await again.isVisible()) await again.check()
  await page.getByRole('checkbox', { name: new RegExp(`I confirm placing ${n} orders`) }).check()
  await page.getByRole('button', { name: `Place ${n} orders` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${n} orders placed` })).toBeVisible({
    timeout: 60_000,
  })
  return names
}

/** The page at 1440×900 and 1024×700, light and dark, for looking at; back to 1440×900 light after. */
async function screenshots(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', { name: `Switch to the ${theme} theme` })
    if (await toggle.isVisible()) await toggle.click()
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ]) {
      await page.setViewportSize({ width, height })
      await page.screenshot({ path: `test-results/${name}-${width}-${theme}.png` })
    }
  }
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()
  await page.setViewportSize({ width: 1440, height: 900 })
}

test.describe('needs attention', () => {
  test('an order whose placement fails shows on Start and in the navigation, says why, and is ordered again', async ({
    page,
    sim,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page)
    const attention = page.getByRole('region', { name: 'Needs attention' })
    const mark = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('attention-count')
    // The simulator fails about one first placement in eight, decided by the order's id: orders are placed
    // eight at a time, and the clock moved past their placement (30 s to begin, 60 s to place), until one fails.
    const ours = attention.getByTestId('attention-item')
    let failedNames: string[] = []
    for (let round = 0; round < 4 && failedNames.length === 0; round++) {
      const names = await placeFromCatalog(page, round * 8, 8)
      await sim.advance(30 + 60 + 5)
      await page.goto('/')
      await expect(attention.getByText(/things? went wrong|Nothing has failed/)).toBeVisible({
        timeout: 60_000,
      })
      const shown = await ours.getByRole('link').evaluateAll((as) => as.map((a) => a.textContent ?? ''))
      failedNames = shown.filter((n) => names.includes(n))
    }
    expect(failedNames.length).toBeGreaterThan(0)
    // The navigation's mark counts what the card counts.
    const summary = (await attention.getByText(/things? went wrong/).textContent()) ?? ''
    await expect(mark).toHaveText(/^\d+\+?$/)
    expect(summary.startsWith(`${await mark.textContent()} `)).toBe(true)
    const item = ours.filter({ has: page.getByRole('link', { name: failedNames[0], exact: true }) })
    await expect(item).toContainText('Placement failed')
    await expect(item).toContainText(/placement failed on .+ by the service/)
    await expectAccessible(page)
    await screenshots(page, 'attention-start')

    // Its page says it failed, not that it is in progress, and offers Order again.
    const name = failedNames[0]
    await item.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByTestId('order-failure')).toContainText('Placement failed')
    await expect(page.getByText(/^In progress/)).toHaveCount(0)
    await expectAccessible(page)
    await screenshots(page, 'attention-order')
    await page.getByRole('link', { name: 'Order again' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByTestId('again-notice')).toContainText(name)
    await expect(page.getByRole('textbox', { name: 'Order name' }).last()).toHaveValue(name)
    await expectAccessible(page)
  })
})
