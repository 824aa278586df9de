import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, mapReady, signIn, test, type SimControl } from './fixtures'

/**
 * Moves the simulated clock on as a night passes: further than the refresh token lives, so the console asks
 * for the password again on the next load, and the analyst comes back to the same page.
 */
async function laterOn(page: Page, sim: SimControl, seconds: number) {
  await sim.advance(seconds)
  await page.reload()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('E-mail').fill('analyst@swath.test')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
}

/** Types one polygon's corners into the AOI toolkit (lon lat per line). */
async function addPolygon(page: Page, corners: string) {
  await page.getByRole('tab', { name: 'Type' }).click()
  await page.getByLabel('Corner coordinates').fill(corners)
  await page.getByRole('button', { name: 'Add polygon' }).click()
}

const hovered = (page: Page, id: number) =>
  page.evaluate(
    (i) =>
      (window.__swathMap?.map.getFeatureState({ source: 'tasking-opportunities', id: i }) ?? {}) as Record<
        string,
        unknown
      >,
    id,
  )

/** Opens the seeded Camargue quotation from the decisions inbox, ready to decide. */
async function openCamargueQuotation(page: Page) {
  await signIn(page, 'analyst@swath.test', '/decisions')
  await page
    .getByRole('row')
    .filter({ hasText: 'Camargue wetlands' })
    .filter({ hasText: 'Not decided' })
    .getByRole('link', { name: 'Quotation' })
    .click()
  await expect(page.getByRole('heading', { name: 'Quotation', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Accept quotation…' })).toBeEnabled()
}

const quotationPatches = async (sim: SimControl) =>
  (await sim.requests()).filter((r) => r.method === 'PATCH' && r.path.startsWith('/v2/tasking/quotation/'))

test.describe('tasking', () => {
  test('request two areas, compare and choose a study option, accept the quotation, and read the coverage', async ({
    page,
    sim,
  }) => {
    test.setTimeout(240_000)
    // Dialogs open without their fade, so axe reads them as they stay.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/tasking')
    await expect(page.getByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    await mapReady(page)

    await page
      .getByRole('combobox', { name: 'Tasking collection' })
      .selectOption({ label: 'Pléiades Tasking' })
    // The default name follows the form's window once the form is in: name the order after that.
    await expect(page.getByRole('group', { name: 'Tasking parameters' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Order name' }).fill('E2E Provence tasking')
    // A small field (no study needed) and a large one (over 100 km²: the provider studies it first).
    await addPolygon(page, '5.40 43.50\n5.45 43.50\n5.45 43.54\n5.40 43.54')
    await addPolygon(page, '5.60 43.60\n5.80 43.60\n5.80 43.75\n5.60 43.75')
    await expect(page.getByRole('heading', { name: 'Features: 2 orders' })).toBeVisible()
    await expect(page.getByTestId('feasibility-0')).toContainText(
      /No study needed — difficulty (Easy|Medium|Hard)/,
    )
    await expect(page.getByTestId('feasibility-1')).toContainText('Feasibility study required')

    // Opportunities: table, timeline and map light up together.
    await expect(page.getByTestId('opportunities-summary')).toContainText(/\d+ opportunit/)
    const table = page.getByRole('table', { name: 'Acquisition opportunities' })
    const firstRow = table.locator('[data-testid^="opportunity-row-"]').first()
    const key = ((await firstRow.getAttribute('data-testid')) ?? '').replace('opportunity-row-', '')
    const bar = page.getByTestId(`time-bar-${key}`)
    await firstRow.hover()
    await expect(bar).toHaveAttribute('data-hovered', 'true')
    await expect.poll(async () => (await hovered(page, 0)).hover).toBe(true)
    await page.getByRole('heading', { name: 'New tasking request', level: 1 }).hover()
    await expect(bar).not.toHaveAttribute('data-hovered')
    await bar.hover()
    await expect(firstRow).toHaveAttribute('data-hovered', 'true')
    await expectAccessible(page)

    // The licence, then the review: a double click is still one request for both orders.
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    await page.getByRole('button', { name: 'Review 2 orders' }).click()
    await expect(page.getByRole('table', { name: 'Orders to place' })).toBeVisible()
    await page.getByRole('checkbox', { name: /I confirm placing 2 tasking orders/ }).check()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Place 2 orders' }).dblclick()
    const placed = page.getByTestId('tasking-placed')
    await expect(placed).toContainText('2 tasking orders placed')
    const posts = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(posts.map((r) => r.status)).toEqual([202])

    // The large field's order waits for its study.
    await placed.getByRole('link', { name: /Area 2/ }).click()
    await expect(page.getByRole('heading', { name: 'E2E Provence tasking', level: 1 })).toBeVisible()
    const steps = page.getByRole('list', { name: 'Tasking steps' })
    await expect(steps.locator('[aria-current="step"]')).toContainText('Feasibility study')
    await expectAccessible(page)

    // Placement takes a minute or two, and the study comes two hours after it: compare the options and choose one.
    await laterOn(page, sim, 2 * 3600 + 300)
    await expect(steps.locator('[aria-current="step"]')).toContainText('Choose an option')
    await page.getByRole('link', { name: 'Choose an option' }).click()
    await expect(page.getByRole('heading', { name: 'Decisions', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Feasibility study' }).first().click()
    await expect(page.getByRole('heading', { name: 'Feasibility study', level: 1 })).toBeVisible()
    const options = page.getByRole('table', { name: 'Options side by side' })
    await expect(options.getByRole('columnheader', { name: /Option 2/ })).toBeVisible()
    await expect(
      page.getByRole('group', { name: 'Acquisition windows of the options against the requested window' }),
    ).toBeVisible()
    await expectAccessible(page)
    await options.getByRole('button', { name: 'Choose option 2' }).click()
    const choose = page.getByRole('dialog', { name: 'Choose option 2?' })
    await expect(choose).toContainText('final')
    await expectAccessible(page)
    await choose.getByRole('button', { name: 'Choose option 2' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: /You chose an option of this study on/ }),
    ).toBeVisible()
    await expect(options.getByRole('button', { name: /Choose option/ })).toHaveCount(0)

    // An hour later the quotation is there: accept it.
    await laterOn(page, sim, 3600 + 60)
    await page.getByRole('link', { name: 'Decisions' }).first().click()
    await expect(page.getByRole('heading', { name: 'Decisions', level: 1 })).toBeVisible()
    const row = page
      .getByRole('row')
      .filter({ hasText: 'E2E Provence tasking' })
      .filter({ hasText: 'Not decided' })
    await row.getByRole('link', { name: 'Quotation' }).first().click()
    await expect(page.getByRole('heading', { name: 'Quotation', level: 1 })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Accept quotation…' }).click()
    const accept = page.getByRole('dialog', { name: 'Accept this quotation?' })
    await accept.getByRole('button', { name: /^Accept and spend [\d,]+ credits$/ }).click()
    await expect(page.getByRole('status').filter({ hasText: /You accepted this quotation on/ })).toBeVisible()
    await expectAccessible(page)

    // After the first delivery the order page shows what is covered and what remains.
    await page.getByRole('link', { name: 'E2E Provence tasking' }).first().click()
    await expect(page.getByRole('heading', { name: 'E2E Provence tasking', level: 1 })).toBeVisible()
    // The order says what was decided, linked: here the quotation (the study's choice is the component tests').
    await expect(page.getByRole('link', { name: 'Open the quotation' })).toBeVisible()
    await expect(page.getByText('Quotation accepted')).toBeVisible()
    await expect(page.getByText(/Option 2: Option 2/)).toHaveCount(0)
    await laterOn(page, sim, 6 * 3600 + 120)
    const coverage = page.getByRole('region', { name: 'Coverage', exact: true })
    await expect(coverage).toContainText(/Covered[\s\S]*km² \(\d+(\.\d)? %\)/)
    await expect(coverage).toContainText(/Remaining[\s\S]*km²/)
    await expect(coverage.getByRole('img', { name: /^Covered .* %, remaining .* %$/ })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Map legend' })).toBeVisible()
    await expectAccessible(page)
  })

  test('reject a quotation, and see a quotation larger than the credits refused with 402', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page, 'analyst@swath.test', '/decisions')
    await expect(page.getByRole('heading', { name: 'Decisions', level: 1 })).toBeVisible()
    // The navigation counts what waits for a decision, and counts one less once one is decided.
    const navLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Decisions \d+ waiting$/ })
    const waiting = async () => Number(/(\d+) waiting/.exec((await navLink.textContent()) ?? '')?.[1])
    await expect(navLink).toBeVisible()
    const before = await waiting()
    expect(before).toBeGreaterThan(1)
    await expectAccessible(page)

    // The Camargue quotation is rejected after its confirmation.
    const camargue = page
      .getByRole('row')
      .filter({ hasText: 'Camargue wetlands' })
      .filter({ hasText: 'Not decided' })
    await camargue.getByRole('link', { name: 'Quotation' }).click()
    await page.getByRole('button', { name: 'Reject quotation…' }).click()
    const reject = page.getByRole('dialog', { name: 'Reject this quotation?' })
    await expect(reject).toContainText('cannot be undone')
    await reject.getByRole('button', { name: 'Reject quotation' }).click()
    await expect(page.getByRole('status').filter({ hasText: /You rejected this quotation on/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept quotation…' })).toHaveCount(0)
    await expect.poll(waiting).toBe(before - 1)

    // The Nile delta quotation costs more than the account holds: 402, said so, nothing decided.
    await page.getByRole('link', { name: 'All decisions' }).click()
    const nile = page
      .getByRole('row')
      .filter({ hasText: 'Nile delta survey' })
      .filter({ hasText: 'Not decided' })
    await nile.getByRole('link', { name: 'Quotation' }).click()
    await page.getByRole('button', { name: 'Accept quotation…' }).click()
    await page
      .getByRole('dialog', { name: 'Accept this quotation?' })
      .getByRole('button', { name: /^Accept and spend/ })
      .click()
    const refusal = page.getByRole('alert').filter({ hasText: 'Not enough credits' })
    await expect(refusal).toContainText(/available/)
    await expect(page.getByRole('button', { name: 'Accept quotation…' })).toBeEnabled()
    await expectAccessible(page)
  })

  test('a 503 that came although the acceptance was recorded: checked, then “You accepted”, never offered again', async ({
    page,
    sim,
  }) => {
    await openCamargueQuotation(page)
    await sim.faults([
      { path: '/v2/tasking/quotation/*', method: 'PATCH', status: 503, after: true, times: 1 },
      // The quotation read after is slow enough to be seen.
      { path: '/v2/tasking/quotation', method: 'GET', latencyMs: 2000, times: 3 },
    ])
    await page.getByRole('button', { name: 'Accept quotation…' }).click()
    await page
      .getByRole('dialog', { name: 'Accept this quotation?' })
      .getByRole('button', { name: /^Accept and spend/ })
      .click()
    const checking = page.getByRole('status').filter({ hasText: 'Not known yet — checking' })
    await expect(checking).toContainText(
      /Sent \d+ s ago; the service has not said whether the decision was recorded/,
    )
    await expect(page.getByRole('button', { name: 'Accept quotation…' })).toHaveCount(0)
    await expectAccessible(page)

    await expect(page.getByRole('status').filter({ hasText: /You accepted this quotation on/ })).toBeVisible()
    await expect(checking).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Accept quotation…' })).toHaveCount(0)
    await expect(page.getByText(/Someone decided it before you/)).toHaveCount(0)
    expect((await quotationPatches(sim)).map((r) => r.status)).toEqual([503])
    await expectAccessible(page)
  })

  test('a reload while Accept is out: the reloaded page checks it and ends accepted, never offering Accept', async ({
    page,
    sim,
  }) => {
    // A 15 s acceptance on purpose: longer than a reload takes on a busy machine, so the reloaded page reads
    // the quotation while the service is still at it.
    test.slow()
    await openCamargueQuotation(page)
    await sim.faults([{ path: '/v2/tasking/quotation/*', method: 'PATCH', latencyMs: 15_000 }])
    const sent = page.waitForRequest(
      (r) => r.method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/v2/tasking/quotation/'),
    )
    await page.getByRole('button', { name: 'Accept quotation…' }).click()
    await page
      .getByRole('dialog', { name: 'Accept this quotation?' })
      .getByRole('button', { name: /^Accept and spend/ })
      .click()
    await sent
    // From the reload on, a watcher notes it if the page ever offers "Accept quotation…", however briefly
    // (every added subtree is looked in, even one removed again at once).
    await page.addInitScript(() => {
      const w = window as unknown as { __acceptOffered?: boolean }
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element)
              for (const b of [n, ...n.querySelectorAll('button')])
                if (b.tagName === 'BUTTON' && b.textContent?.includes('Accept quotation…'))
                  w.__acceptOffered = true
      }).observe(document, { childList: true, subtree: true })
    })
    await page.reload()

    // The reloaded page reads the quotation still waiting (the service is at it), yet checks instead of offering.
    const checking = page.getByRole('status').filter({ hasText: 'Not known yet — checking' })
    await expect(checking).toContainText(/Sent \d+ s ago/)
    await expect(page.getByRole('heading', { name: 'Quotation', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept quotation…' })).toHaveCount(0)
    await expectAccessible(page)

    await expect(page.getByRole('status').filter({ hasText: /You accepted this quotation on/ })).toBeVisible({
      timeout: 30_000,
    })
    await expect(checking).toHaveCount(0)
    await expect(page.getByText(/Someone decided it before you/)).toHaveCount(0)
    expect(
      await page.evaluate(() => (window as unknown as { __acceptOffered?: boolean }).__acceptOffered),
    ).toBeUndefined()
    // Only the first page's request went out.
    expect(await quotationPatches(sim)).toHaveLength(1)
    await expectAccessible(page)
  })

  test('a radar collection publishes no opportunities: said plainly, and the request can still go on', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/tasking')
    await page
      .getByRole('combobox', { name: 'Tasking collection' })
      .selectOption({ label: 'Capella SAR Tasking' })
    await expect(page.getByRole('group', { name: 'Tasking parameters' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Order name' }).fill('E2E radar tasking')
    await addPolygon(page, '4.40 51.24\n4.44 51.24\n4.44 51.27\n4.40 51.27')
    const problem = page.getByTestId('opportunities-problem')
    await expect(problem).toContainText('No published opportunities')
    await expect(page.getByRole('button', { name: 'Review 1 order' })).toBeEnabled()
    await expectAccessible(page)
  })
  test('"Request again" on a tasking order fills a new request with its area and parameters, from today', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/orders?type=TASKING')
    await page.getByRole('link', { name: 'Camargue wetlands – Pléiades tasking' }).first().click()
    await expect(
      page.getByRole('heading', { name: 'Camargue wetlands – Pléiades tasking', level: 1 }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Request again' }).click()
    await expect(page.getByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    const notice = page.getByRole('status').filter({ hasText: 'Filled in from an earlier order' })
    await expect(notice).toContainText('Camargue wetlands – Pléiades tasking')
    await expect(page.getByRole('combobox', { name: 'Tasking collection' })).toHaveValue('phr-tasking')
    // The window opens today (the browser's day, as the page's default window), not on the order's old day.
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date())
    await expect(page.getByLabel(/Start of the acquisition window \(UTC\)/)).toHaveValue(
      new RegExp(`^${today} \\d\\d:\\d\\d UTC$`),
    )
    await expect(page.getByRole('button', { name: 'Review 1 order' })).toBeVisible()
    await expect(page).toHaveURL(/\/tasking$/)
    await expectAccessible(page)
  })
})
