import type { Page } from '@playwright/test'
import { advanceWithPageOpen, expect, expectAccessible, quickNotifications, signIn, test } from './fixtures'

/** A navigation link by its label (a link may carry a count after it: "Start 2 need attention"). */
const nav = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^${name}(?![a-z])`) })

/** The centre's state as kept in the browser for the signed-in user (decision 34). */
const kept = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('swath.notifications'))
    return key
      ? (
          JSON.parse(localStorage.getItem(key) ?? '{}') as {
            state: { snapshots: Record<string, { budgets?: Record<string, { thresholds: string }> }> }
          }
        ).state
      : null
  })

test.describe('notification center', () => {
  test('an order placed is told fulfilled, a job failed and a budget threshold crossed as the clock moves, each with a link', async ({
    page,
    sim,
  }) => {
    // The centre reads every 5 s here (a minute by default): each step below may wait for its next read.
    await quickNotifications(page)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible()

    // Place an order for one scene, by keyboard from the list, through the checkout.
    const results = page.getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible()
    await results.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
    await page.getByRole('button', { name: 'Basket: 1 scene' }).click()
    await page.getByRole('link', { name: 'Check out' }).click()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    const placed = await page.getByRole('textbox', { name: 'Order name' }).inputValue()
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()

    // A threshold just above what the budget has used, so the seeded orders charged to it cross it.
    await nav(page, 'Budgets').click()
    await page.getByRole('link', { name: 'Forest monitoring 2026' }).click()
    await expect(page.getByRole('heading', { name: 'Forest monitoring 2026', level: 1 })).toBeVisible()
    const used = Number(((await page.getByTestId('figure-used').textContent()) ?? '').replace(/[^\d]/g, ''))
    const threshold = Math.ceil(((used + 1) / 60_000) * 100 * 1000) / 1000
    await page.getByRole('textbox', { name: /Thresholds/ }).fill(`${threshold}, 100`)
    await page.getByRole('button', { name: 'Save thresholds' }).click()
    await expect(page.getByText('Thresholds saved.')).toBeVisible()
    // The next read takes the new thresholds as a baseline: editing one is not crossing it.
    await expect
      .poll(
        async () =>
          Object.values((await kept(page))?.snapshots.budgets?.budgets ?? {}).some((b) =>
            b.thresholds.startsWith(String(threshold)),
          ),
        { timeout: 60_000 },
      )
      .toBe(true)

    // Simulated time passes (steps shorter than the refresh token's life), the console left on the start page.
    // Each step waits for the console to refresh its tokens, so the session outlives the next one.
    for (let step = 0; step < 2; step++) {
      await nav(page, 'Start').click()
      await advanceWithPageOpen(page, sim, 25 * 60)
    }

    const bell = page.getByRole('button', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName(/Notifications: \d+ unread/, { timeout: 60_000 })
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    // The order placed above is delivered as the clock moves (as are seeded ones, some charged to the budget).
    // One entry for it, with the path it took — or, with more than three orders changed that day, one line
    // for the day's orders that opens them in the orders list.
    const fulfilled = panel
      .getByRole('link', { name: `Unread: ${placed}: fulfilled`, exact: true })
      .or(panel.getByRole('link', { name: /^Unread: \d+ orders changed on \d+ \w+$/ }))
    await expect(fulfilled).toBeVisible({ timeout: 60_000 })
    // Unread is a dot beside the entry and words for screen readers, never printed.
    const unreadEntry = panel.locator('li[data-unread]').first()
    const dot = unreadEntry.locator('span[aria-hidden="true"]').first()
    expect((await dot.boundingBox())?.width).toBeGreaterThanOrEqual(6)
    const hidden = unreadEntry.locator('.mantine-VisuallyHidden-root')
    expect((await hidden.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)
    // Drawn as screen-reader text (clipped to a pixel), not printed: its CSS is on every page (issue 42).
    await expect(hidden).toHaveCSS('position', 'absolute')
    await expect(panel.getByRole('link', { name: /Budget “Forest monitoring 2026” passed/ })).toBeVisible({
      timeout: 60_000,
    })
    // A seeded job under way failed meanwhile.
    await expect(panel.getByRole('link', { name: /Job “Berlin buildings 2026” failed/ })).toBeVisible({
      timeout: 60_000,
    })
    await expectAccessible(page)

    // Keyboard: Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(bell).toBeFocused()

    // The entry links to the order's page (or the day's orders, the order among them) and is read from then
    // on, across a reload.
    await bell.click()
    const orderName = placed
    const folded = /orders changed/.test((await fulfilled.textContent()) ?? '')
    await fulfilled.click()
    if (folded) {
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
      await expect(page.getByRole('link', { name: orderName })).toBeVisible()
    } else await expect(page.getByRole('heading', { name: orderName, level: 1 })).toBeVisible()
    await page.reload()
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const after = page.getByRole('dialog', { name: 'Notifications' })
    await expect(
      after
        .getByRole('link', { name: `${orderName}: fulfilled`, exact: true })
        .or(after.getByRole('link', { name: /^\d+ orders changed on \d+ \w+$/ }))
        .first(),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Mark all read' }).click()
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  })

  test('after a simulated week the bell holds one entry per thing, each naming it', async ({ page, sim }) => {
    await quickNotifications(page)
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
    // Two orders placed at the start of the week, through the basket and the checkout.
    const results = page.getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible({ timeout: 60_000 })
    await results.focus()
    for (const _ of [1, 2]) {
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press(' ')
    }
    await page.getByRole('button', { name: 'Basket: 2 scenes' }).click()
    await page.getByRole('link', { name: 'Check out' }).click()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    await page.getByRole('button', { name: 'Review 2 orders' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 2 orders/ }).check()
    await page.getByRole('button', { name: 'Place 2 orders' }).click()
    await expect(page.getByRole('status').filter({ hasText: '2 orders placed' })).toBeVisible()

    // A day at a time: the session does not outlive a day, so each day starts with a sign-in (what the centre
    // keeps is the user's, in this browser) and waits for the centre's read of the new day: its orders request
    // answered, and every other source's with it.
    const centreRead = async () =>
      (await sim.requests()).some(
        (r) =>
          r.path.endsWith('/v2/orders') &&
          /size=50/.test(r.query) &&
          /updatedAt/.test(r.query) &&
          r.status === 200,
      )
    await expect.poll(centreRead, { timeout: 60_000 }).toBe(true)
    for (let day = 0; day < 7; day++) {
      await sim.advance(86_400)
      await sim.clearRequests()
      await page.goto('/')
      const account = page.getByRole('button', { name: /^Account:/ })
      const signInPage = page.getByRole('heading', { name: 'Sign in to Swath', level: 1 })
      await expect(account.or(signInPage)).toBeVisible({ timeout: 60_000 })
      if (await signInPage.isVisible()) {
        await page.getByLabel('E-mail').fill('analyst@swath.test')
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
        await page.getByRole('button', { name: 'Sign in' }).click()
      }
      await expect(account).toBeVisible({ timeout: 60_000 })
      await expect.poll(centreRead, { timeout: 60_000 }).toBe(true)
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
    }

    type Kept = { key: string; title: string; folded?: Kept[] }
    const entries = ((await kept(page)) as { entries: Kept[] } | null)?.entries ?? []
    console.log(`entries after a simulated week: ${entries.length}`)
    // One entry per thing: no order, decision or search twice, neither as entries nor inside a day's fold
    // line (a fold's own key names its kind and day: one per day that had many).
    const objects = entries.flatMap((e) =>
      (e.folded ?? [e]).map((m) => m.key.split(':').slice(0, 2).join(':')),
    )
    expect(new Set(objects).size).toBe(objects.length)
    for (const e of entries) expect(e.title).not.toMatch(/^A (quotation|feasibility study) waits/)

    await page.getByRole('button', { name: /^Notifications/ }).click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('listitem')).toHaveCount(entries.length)
    await expectAccessible(page)
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size)
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme)
        await page.screenshot({ path: `test-results/notifications-week-${size.width}-${theme}.png` })
      }
    }
  })
})
