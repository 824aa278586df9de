import type { Page } from '@playwright/test'
import { expect, expectAccessible, quickNotifications, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })
const savedCard = (page: Page) => page.getByRole('region', { name: 'Saved searches' })

test.describe('saved searches', () => {
  test('save a search, come back three days later: Start counts the new scenes and opening marks them', async ({
    page,
    sim,
  }) => {
    // The notification centre reads every 5 s here (a minute by default).
    await quickNotifications(page)
    await signIn(page, 'analyst@swath.test', '/catalog?host=blacksky&limit=200')
    await expect(results(page).getByRole('option').first()).toBeVisible()

    // Save it from the keyboard, under a name of the analyst's own.
    await page.getByRole('button', { name: 'Save search' }).focus()
    await page.keyboard.press('Enter')
    const name = page.getByRole('textbox', { name: 'Name of the saved search' })
    await expect(name).toBeFocused()
    await expect(page.getByText('Kept in this browser, for you in this account.')).toBeVisible()
    await name.fill('BlackSky worldwide')
    await expectAccessible(page)
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved “BlackSky worldwide” in this browser.' }),
    ).toBeVisible()
    await expect(results(page).getByRole('option', { name: /new since you last looked/ })).toHaveCount(0)

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Start/ })
      .click()
    await expect(savedCard(page).getByText('Nothing new since you last looked')).toBeVisible()

    // Three days pass: the hosts publish. The session has ended meanwhile; signing in again keeps everything.
    await sim.advance(3 * 86_400)
    await page.getByRole('link', { name: 'Saved searches', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Saved searches', level: 1 })).toBeVisible()
    await expect(page.getByText(/kept in this browser/)).toBeVisible()
    const badge = page.getByText(/^\d+\+? new since you last looked$/)
    await expect(badge).toBeVisible()
    await expectAccessible(page)

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Start/ })
      .click()
    const news = savedCard(page).getByText(/^\d+\+? new since you last looked$/)
    await expect(news).toBeVisible()
    const count = Number((await news.textContent())?.match(/^\d+/)?.[0])
    expect(count).toBeGreaterThan(0)
    await expectAccessible(page)

    // The notification centre tells it too, linked to the search itself (decision 42).
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const centre = page.getByRole('dialog', { name: 'Notifications' })
    const told = centre.getByRole('link', { name: /\d+\+? new scenes? in “BlackSky worldwide”/ })
    await expect(told).toBeVisible({ timeout: 60_000 })
    await expect(told).toHaveAttribute('href', /^\/catalog\?.*host=blacksky/)
    await page.keyboard.press('Escape')
    await expect(centre).toBeHidden()
    await expect(news).toBeVisible()

    // Opening it (from the keyboard) shows the search with those scenes marked, newest first.
    await savedCard(page).getByRole('link', { name: 'BlackSky worldwide' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/catalog\?.*host=blacksky.*since=/)
    const marked = results(page).getByRole('option', { name: /new since you last looked/ })
    await expect(marked.first()).toBeVisible()
    await expect(results(page).getByRole('option').first()).toHaveAttribute(
      'aria-label',
      /new since you last looked/,
    )
    await expectAccessible(page)

    // Looked at: nothing is new any more.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Start/ })
      .click()
    await expect(savedCard(page).getByText('Nothing new since you last looked')).toBeVisible()
  })

  test('rename, delete, export and import', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&bbox=2.2,48.8,2.45,48.93')
    await expect(results(page).getByRole('option').first()).toBeVisible()
    await page.getByRole('button', { name: 'Save search' }).click()
    await page.getByRole('textbox', { name: 'Name of the saved search' }).fill('Paris')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved “Paris”' })).toBeVisible()
    await page.getByRole('status').getByRole('link', { name: 'Saved searches' }).click()

    await page.getByRole('button', { name: 'Rename Paris' }).click()
    await page.getByRole('textbox', { name: 'New name' }).fill('Paris center')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('link', { name: 'Paris center' })).toBeVisible()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export as JSON' }).click()
    const file = await (await download).path()

    await page.getByRole('button', { name: 'Delete Paris center' }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('No saved search yet')).toBeVisible()

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import from JSON' }).click()
    await (await chooser).setFiles(file)
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 saved search.' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Paris center' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Paris center' })).toHaveAttribute('href', /bbox=2\.2/)
    await expectAccessible(page)
  })
})
