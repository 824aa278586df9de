import type { Page } from '@playwright/test'
import { expect, expectAccessible, signIn, test } from './fixtures'

/** A 200-character name without a space (the contract's longest), as a careless import would make it. */
const LONG = 'Rotterdam_port_' + 'x'.repeat(185)

/** The page never grows sideways: its width stays the window's, whatever the name. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }))
  expect(scroll, `page is ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner)
}

test.describe('long names', () => {
  test('a 200-character name without spaces wraps on the order page and in the orders table', async ({
    page,
    // Asking for the simulator resets it to the seed: the first fulfilled order has its seeded name.
    sim: _seeded,
  }) => {
    await signIn(page, 'analyst@swath.test', '/orders?status=FULFILLED&type=ARCHIVE')
    await page.getByRole('table').getByRole('link').first().click()
    // The order's own page, not the list still on screen (the list has a "Display name" filter too).
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    const edit = page.getByRole('form', { name: 'Edit name and tags' })
    await edit.getByLabel('Display name').fill(LONG)
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { level: 1, name: LONG })).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectAccessible(page)

    await page.goto('/orders?displayName=Rotterdam_port_')
    await expect(page.getByRole('link', { name: LONG })).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
})
