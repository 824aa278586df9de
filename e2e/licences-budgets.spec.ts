import type { Page } from '@playwright/test'
import { expect, expectAccessible, signIn, test } from './fixtures'

const AIRBUS = 'Airbus optical imagery license'
const banner = (page: Page) => page.getByRole('region', { name: 'Licenses waiting for acceptance' })
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true })

/** Accepts the licence page's current version through its confirmation, checking the dialog with axe. */
async function acceptFromLicencePage(page: Page, version: number) {
  await page.getByRole('button', { name: `Accept version ${version}…` }).click()
  const dialog = page.getByRole('dialog', { name: `Accept version ${version} of “${AIRBUS}”?` })
  await expect(dialog).toContainText('It unlocks ordering these data products:')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: `Accept version ${version}` }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('acceptance-line')).toHaveText(/^Accepted by you on/)
}

/** The credits a budget page says were used, as a number. */
async function usedCredits(page: Page): Promise<number> {
  const text = (await page.getByTestId('figure-used').textContent()) ?? ''
  return Number(text.replace(/[^\d]/g, ''))
}

test.describe('licenses and budgets', () => {
  test('a new license version: the banner names it, it is compared and accepted, the order goes, and the budget shows what it spent', async ({
    page,
    sim,
  }) => {
    // Two acceptances, an order, and simulated time to fulfil it.
    test.slow()
    // Dialogs open without their fade, so axe reads them as they stay.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/licences')
    await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible()
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: AIRBUS }) })
    await expect(row.getByTestId('licence-state')).toHaveText('New version waits')
    // The seeded account accepted version 1 and ordered Airbus products lately: the banner asks for version 2.
    await expect(banner(page)).toContainText(AIRBUS)
    await expectAccessible(page)

    await banner(page)
      .getByRole('link', { name: `Review and accept “${AIRBUS}”` })
      .click()
    await expect(page.getByRole('heading', { name: AIRBUS, level: 1 })).toBeVisible()
    await expect(page.getByRole('document', { name: 'Version 2, license text' })).toContainText(
      'No resale of original imagery',
    )
    await expectAccessible(page)
    await acceptFromLicencePage(page, 2)
    await expect(banner(page)).toBeHidden()

    // The provider publishes version 3; the next time the console loads, the banner asks again.
    await sim.publishEula(AIRBUS)
    await page.reload()
    await expect(banner(page)).toContainText(AIRBUS)
    await banner(page)
      .getByRole('link', { name: `Review and accept “${AIRBUS}”` })
      .click()
    await expect(page.getByTestId('diff-summary')).toHaveText(
      'From version 2 to version 3: 2 lines added, 1 removed.',
    )
    await expect(
      page.getByRole('list', { name: 'Changes from version 2 to version 3' }).getByRole('insertion').last(),
    ).toContainText('Derived products must name license version 3 or later.')
    await expectAccessible(page)
    await acceptFromLicencePage(page, 3)
    await expect(banner(page)).toBeHidden()

    // The checkout sees the acceptance: no licence blocks the line.
    await page.goto('/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
    const results = page.getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible()
    await results.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
    await page.getByRole('link', { name: 'Check out' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByText(`Accepted: ${AIRBUS}.`)).toBeVisible()
    await expect(page.getByRole('article', { name: AIRBUS })).toHaveCount(0)
    await expect(page.getByTestId('checkout-total')).toHaveText(/Total: [\d,]+ credits/)
    const orderName = await page.getByRole('textbox', { name: 'Order name' }).inputValue()
    await page.getByRole('combobox', { name: 'Budget' }).click()
    await page.getByRole('option', { name: /Forest monitoring 2026 — [\d,]+ of 60,000 credits left/ }).click()

    // The budget before the order: its figures, chart and records.
    await nav(page, 'Budgets').click()
    await expect(page.getByRole('heading', { name: 'Budgets', level: 1 })).toBeVisible()
    await expect(page.getByTestId('enforcement')).toContainText('Enforcement is off')
    await expect(page.getByTestId('budget-figures').first()).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Forest monitoring 2026' }).click()
    await expect(page.getByRole('heading', { name: 'Forest monitoring 2026', level: 1 })).toBeVisible()
    await expect(page.getByTestId('usage-chart-daily')).toBeVisible()
    await expect(page.getByTestId('burn-rate')).toContainText('run out on')
    await expectAccessible(page)
    const before = await usedCredits(page)
    const recordsBefore = await page
      .getByRole('table', { name: 'Consumption records' })
      .getByRole('row')
      .count()

    // Place the order, charged to the budget.
    await nav(page, 'Checkout').click()
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()

    // Simulated time passes in steps shorter than the refresh token's life, moving between pages of the app
    // (not reloading: a reload right after a jump can race the token refresh).
    for (let step = 0; step < 2; step++) {
      await sim.advance(25 * 60)
      await nav(page, 'Orders').click()
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    }
    const orderRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderName }) })
    await expect(orderRow).toContainText('Fulfilled')

    // The budget moved: more credits used, one more record linked to the order, the cumulative chart too.
    await nav(page, 'Budgets').click()
    await page.getByRole('link', { name: 'Forest monitoring 2026' }).click()
    const records = page.getByRole('table', { name: 'Consumption records' })
    await expect(records.getByRole('link', { name: `Order “${orderName}”` })).toBeVisible()
    // At least one more: seeded orders under way charged to the same budget may have been delivered meanwhile.
    await expect.poll(() => records.getByRole('row').count()).toBeGreaterThan(recordsBefore)
    const after = await usedCredits(page)
    expect(after).toBeGreaterThan(before)
    await page
      .locator('label')
      .filter({ hasText: /^Cumulative$/ })
      .click()
    await expect(page).toHaveURL(/chart=cumulative/)
    await expect(page.getByTestId('usage-chart-cumulative')).toHaveAttribute(
      'aria-label',
      new RegExp(`up to ${after.toLocaleString('en-US')} of 60,000 allocated`),
    )
    await expectAccessible(page)
    await records.getByRole('link', { name: `Order “${orderName}”` }).click()
    await expect(page.getByRole('heading', { name: orderName, level: 1 })).toBeVisible()
  })

  test('the Viewer reads licenses but cannot accept them, and sees why budgets are not theirs', async ({
    page,
    sim,
  }) => {
    // From the seeded world: Airbus's version 2 is not accepted.
    expect((await sim.requests()).length).toBe(0)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'viewer@swath.test', '/licences')
    await page.getByRole('table', { name: 'Licenses' }).getByRole('link', { name: AIRBUS }).click()
    await expect(page.getByRole('alert', { name: 'Your role cannot accept licenses' })).toContainText(
      'Ask an account administrator',
    )
    await expect(page.getByRole('button', { name: /^Accept version/ })).toHaveCount(0)
    await expectAccessible(page)
    // Budgets are not in the Viewer's navigation; a link straight to them says why.
    await expect(nav(page, 'Licenses')).toBeVisible()
    await expect(nav(page, 'Budgets')).toHaveCount(0)
    await page.goto('/budgets')
    await expect(page.getByText('Your role cannot see budgets')).toBeVisible()
    await expectAccessible(page)
  })

  test('a Starter-plan account learns that budgets are an Enterprise feature', async ({ page, sim }) => {
    expect((await sim.requests()).length).toBe(0)
    await signIn(page, 'starter@swath.test', '/budgets')
    await expect(page.getByText('Budgets are part of the Enterprise plan')).toBeVisible()
    await expectAccessible(page)
  })
})
