import type { Page } from '@playwright/test'
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  openFirstStoredItem,
  signIn,
  test,
  tokenRequests,
} from './fixtures'

const account = (page: Page) => page.getByRole('button', { name: /^Account:/ })
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true })

test.describe('session', () => {
  test('signs in from the sign-in page, which lists the demo accounts and is accessible', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await page.goto('/collections?type=TASKING')
    // Signed out: sent to sign in, and brought back to where the analyst was going.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcollections%3Ftype%3DTASKING/)
    await expect(page.getByRole('table', { name: 'Demo accounts' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'analyst@swath.test' }).click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/collections\?type=TASKING/)
    await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
    // The password never lands in storage or the URL; the access token never leaves memory.
    const stored = await page.evaluate(() => ({
      session: JSON.stringify(sessionStorage),
      local: JSON.stringify(localStorage),
      url: location.href,
    }))
    expect(stored.session).not.toContain('swath-demo')
    expect(stored.local).not.toContain('swath-demo')
    expect(stored.local).not.toMatch(/ey[A-Za-z0-9_-]{20,}/)
    expect(stored.url).not.toContain('swath-demo')
  })

  test('says when the credentials are wrong and when the token server is unreachable', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('E-mail').fill('analyst@swath.test')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('Wrong e-mail or password')

    await page.route('**/auth-sa/**', (route) => route.abort('connectionrefused'))
    await page.getByLabel('Region').selectOption({ label: 'South America' })
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('South America token server cannot be reached')
  })

  test('a reload keeps the analyst signed in; sign-out forgets them', async ({ page }) => {
    await signIn(page)
    await page.reload()
    await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
    await expect(page).not.toHaveURL(/sign-in/)
    await page.getByRole('button', { name: /^Account:/ }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in/)
    // Nothing of the session is left: a page of the console sends the visitor to sign in again.
    await page.goto('/collections')
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcollections/)
    expect(await page.evaluate(() => sessionStorage.getItem('swath.session'))).toBeNull()
  })

  test('past the access token’s 300 s the console keeps working with no visible interruption', async ({
    page,
    sim,
  }) => {
    await signIn(page, 'analyst@swath.test', '/collections')
    await expect(page.getByRole('link', { name: 'Pléiades Neo Tasking' })).toBeVisible()
    // The shell's licence banner has made its requests too: the next request is the page's.
    await expect(page.getByRole('region', { name: 'Licenses waiting for acceptance' })).toBeVisible()
    await sim.advance(301)
    await page.getByRole('link', { name: 'Pléiades Neo Tasking' }).click()
    await expect(page.getByRole('heading', { name: 'Pléiades Neo Tasking', level: 1 })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const log = await sim.requests()
    // The service refused the old token once, the console refreshed, and the same request went through.
    const detail = log.filter((r) => r.path === '/v2/collections/pneo-tasking')
    expect(detail.map((r) => r.status)).toEqual([401, 200])
  })

  test('a reload while a token refresh is in flight keeps the analyst signed in, again and again', async ({
    page,
    sim,
  }) => {
    await signIn(page, 'analyst@swath.test', '/collections')
    await expect(page.getByRole('link', { name: 'Pléiades Neo Tasking' })).toBeVisible()
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = (await tokenRequests(sim)).length
      // The token server rotates the next refresh token at once and sends its answer 10 s later.
      await sim.faults([{ path: '**/openid-connect/token', after: true, latencyMs: 10_000, times: 1 }])
      if (attempt % 2 === 0) {
        // The page's own refresh: its next request (a page of the account's own, never public) meets the
        // expired access token.
        await sim.advance(301)
        await nav(page, page.url().includes('/orders') ? 'Storage' : 'Orders').click()
      } else {
        // The refresh a reload starts with (a second reload comes before its answer).
        await page.reload()
      }
      await expect
        .poll(async () => (await tokenRequests(sim)).slice(before).map((r) => r.status), {
          message: `attempt ${attempt}: the refresh grant reached the token server`,
        })
        .toEqual([200])
      // The old refresh token is spent and its answer is still on the way: reload now.
      await page.reload()
      await expect(account(page)).toBeVisible({ timeout: 30_000 })
      await expect(page).not.toHaveURL(/sign-in/)
      // The reloaded page took the rotated tokens from the session worker: it sent no grant of its own (a
      // grant with the spent token would have been refused, and the analyst signed out).
      expect(
        (await tokenRequests(sim)).slice(before).map((r) => r.status),
        `attempt ${attempt}`,
      ).toEqual([200])
    }
    // Signed in for real: the service takes the tokens the reloads ended with.
    await nav(page, page.url().includes('/orders') ? 'Storage' : 'Orders').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Storage|Orders/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('past the refresh token’s 1800 s a dialog asks to sign in over the page, which stays as it was', async ({
    page,
    sim,
  }) => {
    await signIn(page, 'analyst@swath.test', '/collections?type=TASKING&size=10')
    const table = page.getByRole('table', { name: /collections/i })
    await expect(table.getByRole('link', { name: 'Pléiades Neo Tasking' })).toBeVisible()
    await sim.advance(1801)
    // Any request now needs a new sign-in; the page it was made from stays put beneath the dialog.
    await page.getByRole('link', { name: 'Pléiades Neo Tasking' }).click()
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('analyst@swath.test')
    await expectAccessible(page)
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toHaveCount(0)
    // The waiting request was replayed: the page the analyst asked for appears.
    await expect(page.getByRole('heading', { name: 'Pléiades Neo Tasking', level: 1 })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/type=TASKING&size=10/)
  })

  test('the Viewer sees why budgets are not offered, nor renaming or canceling an order', async ({
    page,
    sim,
  }) => {
    await signIn(page, 'viewer@swath.test')
    // Decisions are not the Viewer's work: the count reads as items to review.
    await expect(page.getByRole('link', { name: /^Decisions \d+ to review$/ })).toBeVisible()
    await page.getByRole('button', { name: /^Account:/ }).click()
    await expect(page.getByTestId('budget-access')).toContainText('Your role (Viewer) cannot see budgets')
    await expect(page.getByRole('dialog', { name: 'Account' })).toContainText('Viewer')
    // Scopes in words, each with its name: not "account, eula.w, budget.r".
    const allows = page.getByRole('list', { name: 'What your sign-in allows' })
    await expect(allows.getByRole('listitem').first()).toHaveText(
      'read the account’s licenses and budgets (account)',
    )
    await expect(page.getByRole('dialog', { name: 'Account' })).not.toContainText(/account, /)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    // No budget in the page, nor in the navigation (/budgets itself explains why).
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Budgets' }),
    ).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('link', { name: /budget/i })).toHaveCount(0)

    // An order of the account that could still be canceled: the page says why the Viewer cannot, and whom to
    // ask, before anything is tried (issue 26 §7); it offers neither the cancel button nor the edit form.
    await page.goto('/orders?status=CREATED&type=ARCHIVE')
    const first = page.getByRole('row').nth(1).getByRole('link').first()
    const name = await first.textContent()
    await first.click()
    await expect(page.getByRole('heading', { name: name ?? '', level: 1 })).toBeVisible()
    await expect(
      page.getByText(
        'This order is Created: it can still be canceled. Your role (Viewer) can look at orders but cannot cancel them: ask an account administrator or member.',
      ),
    ).toBeVisible()
    await expect(
      page.getByText(
        'Your role (Viewer) can look at orders but cannot rename or retag them: ask an account administrator or member.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: /Cancel order/ })).toHaveCount(0)
    await expect(page.getByRole('form', { name: 'Edit name and tags' })).toHaveCount(0)
    await expectAccessible(page)
    const writes = (await sim.requests()).filter((r) => r.method !== 'GET' && r.path.startsWith('/v2/orders'))
    expect(writes).toEqual([])
  })
})

test.describe('one tab, one user after another', () => {
  /** Signs out from the account menu and signs in as `email` on the same page: no reload clears the tab. */
  async function switchUser(page: Page, email: string) {
    await account(page).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click()
    // The page the last user left is not carried into next= for whoever signs in now.
    await expect(page).toHaveURL(/\/sign-in$/)
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(account(page)).toBeVisible()
  }

  /** The first stored item's page, reached by clicks (no reload). */
  async function openFirstItem(page: Page) {
    await nav(page, 'Storage').click()
    await openFirstStoredItem(page)
    await expect(page.getByRole('region', { name: 'Files' })).toBeVisible()
  }

  test('each demo user finds nothing of the one before: no picked download, no page of theirs', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'analyst@swath.test', '/storage')
    await openFirstItem(page)
    const pick = page.getByRole('checkbox', { name: /^Pick .* for the download manager$/ }).first()
    await pick.check()
    await expect(page.getByRole('region', { name: 'Downloads' })).toBeVisible()
    const itemPage = page.url()

    // The Viewer of the same account, in the same tab: the same item page, without the analyst's pick.
    await switchUser(page, 'viewer@swath.test')
    expect(page.url()).toBe(`${baseURL}/`)
    await openFirstItem(page)
    expect(page.url()).toBe(itemPage)
    await expect(pick).not.toBeChecked()
    await expect(page.getByRole('region', { name: 'Downloads' })).toHaveCount(0)

    // Another account after them starts on its own start page too.
    await switchUser(page, 'starter@swath.test')
    expect(page.url()).toBe(`${baseURL}/`)
    await expect(page.getByRole('heading', { name: 'Start', level: 1 })).toBeVisible()
  })
})

test.describe('shell', () => {
  test('header controls work by keyboard, and the dark theme passes axe too', async ({ page }) => {
    await signIn(page)
    const toggle = page.getByRole('button', { name: 'Switch to the dark theme' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toBeFocused()
    await expectAccessible(page)

    const workspace = page.getByRole('combobox', { name: 'Workspace' })
    await workspace.selectOption({ label: 'Coastal monitoring' })
    await page.reload()
    // The workspace choice is kept with the session across a reload.
    await expect(workspace.locator('option:checked')).toHaveText('Coastal monitoring')

    const account = page.getByRole('button', { name: /^Account:/ })
    await account.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Account' })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(account).toBeFocused()
  })
})
