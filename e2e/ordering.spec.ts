import type { Page } from '@playwright/test'
import { advanceWithPageOpen, expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })

/** Puts the first `n` scenes of a catalog search into the basket by keyboard (Space), as an analyst would. */
async function basketFromCatalog(page: Page, email: string, n: number) {
  await signIn(page, email, '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
  await expect(results(page).getByRole('option').first()).toBeVisible()
  await results(page).focus()
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
  }
  await expect(
    page.getByRole('button', { name: `Basket: ${n} ${n === 1 ? 'scene' : 'scenes'}` }),
  ).toBeVisible()
}

const total = (page: Page) => page.getByTestId('checkout-total')

test.describe('archive ordering', () => {
  test('search, pick two scenes, accept the license inline, see the estimate, place, and find both orders', async ({
    page,
    sim,
  }) => {
    await basketFromCatalog(page, 'analyst@swath.test', 2)
    // The basket shows each scene's thumbnail and estimate (the checkout's first request), and their total.
    await page.getByRole('button', { name: 'Basket: 2 scenes' }).click()
    const basket = page.getByRole('list', { name: 'Scenes in the basket' })
    await expect(basket.locator('img[data-thumbnail]')).toHaveCount(2)
    await expect(basket.getByTestId('basket-estimate')).toHaveCount(2)
    await expect(basket.getByTestId('basket-estimate').first()).toHaveText(
      /≈ [\d,]+ credits · .+ · whole scene/,
    )
    const basketTotal = /About ([\d,]+) credits in all/.exec(
      (await page.getByTestId('basket-total').textContent()) ?? '',
    )?.[1]
    expect(basketTotal).toBeDefined()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Check out' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()

    // The Airbus licence has a new version: its text is shown (sanitised: its script never runs) and accepted inline.
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await expect(licence.getByRole('document')).toContainText('No resale of original imagery')
    expect(
      await page.evaluate(() => (window as { __eulaScriptRan?: boolean }).__eulaScriptRan),
    ).toBeUndefined()
    await expectAccessible(page)
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    await expect(page.getByText(/Accepted: Airbus optical imagery license/)).toBeVisible()

    // Each line shows its estimate; the total follows.
    await expect(page.getByTestId('line-credits')).toHaveCount(2)
    await expect(total(page)).toHaveText(new RegExp(`Total: ${basketTotal} credits`))
    const names = await page
      .getByRole('textbox', { name: 'Order name' })
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))

    await page.getByRole('button', { name: 'Review 2 orders' }).click()
    await expect(page.getByRole('heading', { name: 'Review and place' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('checkbox', { name: /I confirm placing 2 orders/ }).check()
    const place = page.getByRole('button', { name: 'Place 2 orders' })
    // A double click is one click: one order per scene.
    await place.dblclick()
    await expect(page.getByRole('status').filter({ hasText: '2 orders placed' })).toBeVisible()
    // The notice and its buttons (Dismiss failed contrast as a subtle button).
    await expectAccessible(page)
    const posts = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(posts.map((r) => r.status)).toEqual([202, 202])

    // Both orders are in the table.
    await page.getByRole('link', { name: 'See all orders' }).click()
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    for (const name of names) await expect(page.getByRole('link', { name })).toBeVisible()
    await expectAccessible(page)

    // Simulated time passes: placed, then delivered (a first placement may fail and be retried). The clock
    // moves in steps shorter than the refresh token's 30 minutes, with the page open, as an analyst's day
    // goes: the table follows by itself (it polls while an order is under way).
    for (let step = 0; step < 2; step++) await advanceWithPageOpen(page, sim, 25 * 60)
    for (const name of names) {
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) })
      await expect(row).toContainText(/Fulfilled|Failed permanently/, { timeout: 60_000 })
    }
  })

  test('a filled checkout survives a reload and a re-sign-in, and places once afterwards', async ({
    page,
    sim,
  }) => {
    await basketFromCatalog(page, 'analyst@swath.test', 1)
    await page.getByRole('link', { name: 'Check out' }).click()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    const name = page.getByRole('textbox', { name: 'Order name' })
    await name.fill('Kept through everything')
    await page.getByLabel(/^Tags/).and(page.locator('input')).fill('keep')
    await page.keyboard.press('Enter')
    await page.reload()
    await expect(name).toHaveValue('Kept through everything')
    await expect(page.getByText('keep', { exact: true })).toBeVisible()

    // The session dies (past the refresh token's 30 minutes) while the analyst reviews.
    await expect(total(page)).toHaveText(/Total: [\d,]+ credits/)
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await sim.advance(1801)
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toHaveCount(0)
    // The waiting requests were replayed: one order, named as filled in before the reload.
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()
    await expect(
      page.getByRole('status').getByRole('link', { name: 'Kept through everything' }),
    ).toBeVisible()
    const created = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(created.filter((r) => r.status === 202)).toHaveLength(1)
  })

  test('a reload while an order is being created places each line exactly once', async ({ page, sim }) => {
    // A 4 s creation on purpose, then a second placing and the orders list: more than the default time.
    test.slow()
    await basketFromCatalog(page, 'analyst@swath.test', 2)
    await page.getByRole('link', { name: 'Check out' }).click()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(total(page)).toHaveText(/Total: [\d,]+ credits/)
    const names = await page
      .getByRole('textbox', { name: 'Order name' })
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
    await page.getByRole('button', { name: 'Review 2 orders' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 2 orders/ }).check()

    // Each creation takes 4 s; the analyst reloads while the first one is out.
    await sim.faults([{ path: '/v2/orders', method: 'POST', latencyMs: 4000 }])
    // Reload once the first order's request is out (before it, the page reads the orders list: a reload then
    // sends nothing, and both lines rightly stay to place).
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v2/orders',
    )
    await page.getByRole('button', { name: 'Place 2 orders' }).click()
    await expect(page.getByText('Placing 1 of 2…')).toBeVisible()
    await sent
    await page.reload()

    // The first look after the reload finds nothing yet: the line says so, and cannot be placed meanwhile.
    await expect(page.getByText(`${names[0]}: not known yet — checking`)).toBeVisible()
    await expect(page.getByTestId('outcome-elapsed')).toHaveText(/Sent \d+ s ago/)
    await expect(page.getByRole('button', { name: /^Place \d orders?$/ })).toBeDisabled()
    // Once the service has created it, the line is found placed; the other one is still to place.
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByRole('status').filter({ hasText: '2 orders placed' })).toBeVisible()

    const posts = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(posts).toHaveLength(2)
    await page.getByRole('link', { name: 'See all orders' }).click()
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1)
  })

  test('drafts belong to their user: the next user on the tab sees none, the same user finds them again', async ({
    page,
  }) => {
    // Three sign-ins and two catalog loads in one journey.
    test.slow()
    await basketFromCatalog(page, 'analyst@swath.test', 1)
    await page.getByRole('link', { name: 'Check out' }).click()
    await page.getByRole('textbox', { name: 'Order name' }).fill('The analyst’s own draft')
    const signOut = async () => {
      await page.getByRole('button', { name: /^Account:/ }).click()
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/sign-in/)
    }
    await signOut()

    // Another user on the same tab: no basket, no checkout line, nothing of the analyst's in the page.
    await signIn(page, 'starter@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
    await expect(page.getByRole('button', { name: 'Basket: 0 scenes' })).toBeVisible()
    await page.goto('/checkout')
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Order name' })).toHaveCount(0)
    expect(await page.content()).not.toContain('The analyst’s own draft')
    await signOut()

    // The analyst again: everything as left.
    await signIn(page, 'analyst@swath.test', '/checkout')
    await expect(page.getByRole('textbox', { name: 'Order name' })).toHaveValue('The analyst’s own draft')
  })

  test('cancel an order while it is still CREATED', async ({ page, sim }) => {
    expect((await sim.requests()).length).toBe(0)
    // The confirmation dialog opens without its fade, so axe reads it as it stays.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/orders?status=CREATED&type=ARCHIVE')
    const first = page.getByRole('row').nth(1).getByRole('link').first()
    const name = await first.textContent()
    await first.click()
    await expect(page.getByRole('heading', { name: name ?? '', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Cancel order…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Cancel order' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel order…' })).toBeHidden()
    const cancels = (await sim.requests()).filter((r) => r.path.endsWith('/cancellation'))
    expect(cancels.map((r) => r.status)).toEqual([200])
  })

  test('with budget enforcement on, placing without a budget is explained before anything is sent', async ({
    page,
    sim,
  }) => {
    await sim.budgetEnforcement(true)
    await basketFromCatalog(page, 'analyst@swath.test', 1)
    await page.goto('/checkout')
    await expect(page.getByText(/Budget enforcement is on/)).toBeVisible()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(total(page)).toHaveText(/Total: [\d,]+ credits/)
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await expect(page.getByText('This account requires a budget on every order: choose one.')).toBeVisible()
    await expectAccessible(page)
    // Choosing an active budget (its remaining credits shown) lets the order go.
    await page.getByRole('combobox', { name: 'Budget' }).click()
    await page.getByRole('option', { name: /Forest monitoring 2026 — [\d,]+ of 60,000 credits left/ }).click()
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()
    const posts = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(posts.map((r) => r.status)).toEqual([202])
  })

  test('the Viewer learns up front that checkout and tasking are for sharing, and the analyst opens both filled in', async ({
    page,
    sim,
    context,
  }) => {
    // Two sign-ins, a catalog load and two map pages in one journey.
    test.slow()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    // From the seeded world (the fixture resets it): the Airbus licence's new version is not accepted.
    expect((await sim.requests()).length).toBe(0)
    await basketFromCatalog(page, 'viewer@swath.test', 1)
    await page.getByRole('link', { name: 'Check out' }).click()
    // Before any work: a calm note at the top, with the link that hands the orders on (issue 31 §1).
    const checkoutNote = page
      .getByRole('note')
      .filter({ hasText: 'You can prepare these orders, not place them' })
    await expect(checkoutNote).toContainText('Your role (Viewer) can look at orders but cannot place them')
    await expect(page.getByText('Your role cannot accept licenses')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept license' })).toBeHidden()
    await expect(page.getByText(/Budgets: Your role \(Viewer\) cannot see budgets/)).toBeVisible()
    await page.getByRole('textbox', { name: 'Order name' }).fill('Shared by the Viewer')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    // Said in the review's list of what stands in the way (the line says it too, beside its badge).
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: /Accept the license “Airbus optical imagery license” first/ }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: /^Place/ })).toHaveCount(0)
    // What the Viewer prepares, someone who may place it can also run as code: the licence first, then the
    // estimate and placing of every line (issue 38 §5).
    await page.getByRole('button', { name: 'The whole checkout as code' }).click()
    const code = page.getByRole('dialog', { name: 'Checkout of 1 order as code' })
    await expect(code.getByLabel('curl code')).toContainText(
      'Accepting the license “Airbus optical imagery license”',
    )
    await expect(code.getByLabel('curl code')).toContainText('/api/v2/orders/estimate')
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(code).toBeHidden()
    await checkoutNote.getByRole('button', { name: 'Copy the link to this checkout' }).click()
    await expect(checkoutNote.getByRole('button', { name: 'Copy the link to this checkout' })).toHaveText(
      'Copied',
    )
    const checkoutLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(checkoutLink).toMatch(/\/checkout\?shared=[\w-]+$/)

    // The tasking request: the same note before anything is drawn.
    await page.goto('/tasking')
    await expect(page.getByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    const taskingNote = page
      .getByRole('note')
      .filter({ hasText: 'You can prepare this request, not place it' })
    await expect(taskingNote).toBeVisible()
    await mapReady(page)
    await page
      .getByRole('combobox', { name: 'Tasking collection' })
      .selectOption({ label: 'Pléiades Tasking' })
    await expect(page.getByRole('group', { name: 'Tasking parameters' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Order name' }).fill('Tasking shared by the Viewer')
    await page.getByRole('tab', { name: 'Type' }).click()
    await page.getByLabel('Corner coordinates').fill('5.40 43.50\n5.45 43.50\n5.45 43.54\n5.40 43.54')
    await page.getByRole('button', { name: 'Add polygon' }).click()
    await expect(page.getByRole('heading', { name: 'Features: 1 order' })).toBeVisible()
    await expectAccessible(page)
    await taskingNote.getByRole('button', { name: 'Copy the link to this request' }).click()
    await expect(taskingNote.getByRole('button', { name: 'Copy the link to this request' })).toHaveText(
      'Copied',
    )
    const taskingLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(taskingLink).toMatch(/\/tasking\?shared=[\w-]+$/)
    const writes = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(writes).toEqual([])

    // The analyst, signed in on the same tab, opens the tasking link: the request is filled in, ready to place.
    await page.getByRole('button', { name: /^Account:/ }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in/)
    await signIn(page, 'analyst@swath.test', new URL(taskingLink).pathname + new URL(taskingLink).search)
    await expect(page.getByRole('status').filter({ hasText: 'Filled in from a shared link' })).toBeVisible()
    await expect(page.getByTestId('role-notice')).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: 'Tasking collection' })).toHaveValue('phr-tasking')
    await expect(page.getByRole('textbox', { name: 'Order name' })).toHaveValue(
      'Tasking shared by the Viewer',
    )
    await expect(page.getByRole('heading', { name: 'Features: 1 order' })).toBeVisible()
    await expect(page).toHaveURL(/\/tasking$/)
    await expectAccessible(page)

    // And the checkout link: the Viewer's scene and name join the analyst's basket.
    await page.goto(new URL(checkoutLink).pathname + new URL(checkoutLink).search)
    await expect(page.getByRole('status').filter({ hasText: 'Filled in from a shared link' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Order name' })).toHaveValue('Shared by the Viewer')
    await expect(page.getByRole('button', { name: 'Review 1 order' })).toBeVisible()
    await expectAccessible(page)
  })
})
