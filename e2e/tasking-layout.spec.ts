import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

test.describe('tasking layout and UTC date-times', () => {
  test('at 1440 × 900 the map is large beside the steps, fits under the license banner, and the window reads and picks UTC days', async ({
    page,
    sim,
  }) => {
    // The seed's analyst has a licence to accept: its banner shows above the page.
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/tasking')
    await expect(page.getByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    await mapReady(page)

    // The map beside the form, as on the catalog: side by side, and at least half the window wide.
    const map = page.getByRole('region', { name: /Map of the tasking request/ })
    const form = page.getByRole('region', { name: 'Product and parameters' })
    await expect(form).toBeVisible()
    const m = await map.boundingBox()
    const f = await form.boundingBox()
    if (!m || !f) throw new Error('the map and the form are laid out')
    expect(m.x + m.width).toBeLessThanOrEqual(f.x)
    expect(m.y).toBeLessThan(f.y + f.height)
    expect(f.y).toBeLessThan(m.y + m.height)
    expect(m.width).toBeGreaterThanOrEqual(1440 / 2)
    expect(m.height).toBeGreaterThanOrEqual(600)
    // With the licence banner above it, the page still fits the window: only the steps scroll.
    await expect(page.getByRole('region', { name: 'Licenses waiting for acceptance' })).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(0)

    // The window in the console's one format, UTC and 24-hour, not the locale's "11/25/2026, 12:00 AM".
    const start = page.getByRole('textbox', { name: /Start of the acquisition window \(UTC\)/ })
    const end = page.getByRole('textbox', { name: /End of the acquisition window \(UTC\)/ })
    const utcText = /^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} UTC$/
    await expect(start).toHaveValue(utcText)
    await expect(end).toHaveValue(utcText)
    await expect(page.locator('input[type="datetime-local"]')).toHaveCount(0)

    // Typed, a time past noon stays 24-hour and UTC.
    await start.fill('10 Dec 2026 14:30 UTC')
    await start.blur()
    await expect(start).toHaveValue('10 Dec 2026 14:30 UTC')

    // Picked by keyboard on the calendar: the day moves, the time stays.
    const open = page.getByRole('button', { name: /Pick the day of “Start of the acquisition window”/ })
    await open.focus()
    await page.keyboard.press('Enter')
    const calendar = page.getByRole('dialog', { name: /Pick the day of “Start of the acquisition window”/ })
    await expect(calendar.getByRole('button', { name: /10 December 2026/ })).toBeFocused()
    await expectAccessible(page)
    await page.keyboard.press('ArrowDown')
    await expect(calendar.getByRole('button', { name: /17 December 2026/ })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(calendar).toBeHidden()
    await expect(start).toHaveValue('17 Dec 2026 14:30 UTC')
    await expect(open).toBeFocused()
    // Escape closes the calendar without a change, and focus comes back to its button.
    await open.press('Enter')
    await expect(calendar).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(calendar).toBeHidden()
    await expect(open).toBeFocused()
    await expect(start).toHaveValue('17 Dec 2026 14:30 UTC')

    // A text that is not a date-time says how to write one.
    await end.fill('12/25/2026, 12:00 AM')
    await end.blur()
    await expect(end).toHaveAccessibleDescription(/write it as 25 Nov 2026 14:30 UTC/)
    await end.fill('24 Dec 2026')
    await end.blur()
    await expect(end).toHaveValue('24 Dec 2026 00:00 UTC')
    await expectAccessible(page)
  })

  test('at 1024 × 700 the map stays beside the steps, which scroll on their own', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await signIn(page, 'analyst@swath.test', '/tasking')
    await mapReady(page)
    const map = page.getByRole('region', { name: /Map of the tasking request/ })
    const form = page.getByRole('region', { name: 'Product and parameters' })
    await expect(form).toBeVisible()
    const m = await map.boundingBox()
    const f = await form.boundingBox()
    if (!m || !f) throw new Error('the map and the form are laid out')
    expect(m.x + m.width).toBeLessThanOrEqual(f.x)
    expect(m.width).toBeGreaterThanOrEqual(480)
    // The steps scroll in their own column: down to the next step, and the map has not moved.
    const side = page.getByTestId('tasking-side')
    expect(await side.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    await page.getByRole('heading', { name: 'Acquisition opportunities' }).scrollIntoViewIfNeeded()
    await expect(page.getByRole('heading', { name: 'Acquisition opportunities' })).toBeInViewport()
    expect(await side.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
    await expect(map).toBeInViewport({ ratio: 0.8 })
    await expectAccessible(page)
  })
})
