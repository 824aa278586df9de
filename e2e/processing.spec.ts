import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('processing', () => {
  test('browse the process catalog, read a process, and see its license', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/processing')
    await expect(page.getByRole('heading', { name: 'Processing', level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pansharpening' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Find a process').fill('ship')
    await expect(page.getByRole('link', { name: 'Pansharpening' })).toBeHidden()
    await page.getByRole('link', { name: /ship/i }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: /ship/i })).toBeVisible()
    await expect(page.getByText(/STAC item from your storage/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Licenses' })).toBeVisible()
    await expectAccessible(page)
  })

  test('filter jobs by status and duration, come back to the view by URL, and read why a job failed', async ({
    page,
    sim,
  }) => {
    // The seeded world, not what journeys before left (a clock moved on, settings, faults): in CI this list
    // once showed running and succeeded jobs under a "released" filter, after the notification journeys.
    await sim.reset()
    await signIn(page, 'analyst@swath.test', '/jobs')
    const table = page.getByRole('table', { name: 'Jobs' })
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    await expectAccessible(page)

    // Status by keyboard-reachable multi-select, duration typed in minutes.
    await page.getByLabel('Status').first().click()
    await page.getByRole('option', { name: 'Failed, credits released' }).click()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/status=released/)
    await page.getByLabel('Ran at least (minutes)').fill('1')
    await page.getByLabel('Ran at least (minutes)').press('Enter')
    await expect(page).toHaveURL(/minDuration=60/)
    // Every row shown is a released job (the answer to this view, not the previous one kept while it loads).
    // Asked of the rows themselves, so that a miss names what the table showed instead (a failure once in CI).
    const rows = table.getByRole('row')
    await expect(rows.filter({ hasNotText: 'Failed, credits released' })).toHaveText([/^Job and process/])
    await expect(rows.filter({ hasText: 'Failed, credits released' }).first()).toBeVisible()
    const view = page.url()

    // Open the failed job: the reason in plain words, the credits given back.
    await table.getByRole('row').nth(1).getByRole('link').click()
    await expect(page.getByText('Why the job stopped')).toBeVisible()
    await expect(page.getByText('The credits held for it were given back.')).toBeVisible()
    await expectAccessible(page)

    // Back to the same view, by URL.
    await page.goto(view)
    await expect(page.getByLabel('Ran at least (minutes)')).toHaveValue('1')
    await expect(table.getByRole('row').nth(1)).toContainText('Failed, credits released')
  })

  test('launch: pick an item, fix a refused input, read the price, accept the license, run once, and open the results', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await signIn(page, 'analyst@swath.test', '/processing/detection-ships-airbus')
    await expect(page.getByRole('heading', { name: 'Run this process' })).toBeVisible()
    const title = page.getByRole('textbox', { name: /^Title/ })
    await expect(title).toBeVisible()

    // The item is picked from storage, never typed.
    await page.getByRole('button', { name: 'Choose item' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose the item' })
    await expect(picker.getByRole('list', { name: 'Collections in your storage' })).toBeVisible()
    // Checked once its opening transition is over (axe reads colours faded in part as low contrast).
    await expect(picker).toHaveCSS('opacity', '1')
    await expectAccessible(page)
    await picker.getByLabel('Source').selectOption('ARCHIVE')
    await picker
      .getByRole('list', { name: 'Collections in your storage' })
      .getByRole('button')
      .first()
      .click()
    const items = picker.getByRole('list', { name: 'Items of the collection' })
    await expect(items.getByRole('img', { name: /^Footprint near/ }).first()).toBeVisible()
    await expectAccessible(page)
    await items
      .getByRole('button', { name: /^Choose / })
      .first()
      .click()
    await expect(picker).toBeHidden()
    await expect(page.getByRole('button', { name: 'Change item' })).toBeVisible()

    // A title the service refuses (422), shown on the field; fixed, the price appears.
    await title.fill('x'.repeat(260))
    await expect(title).toHaveAccessibleDescription(/is too long: 260 characters, at most 250/)
    await expect(page.getByText('Priced once the inputs are accepted.')).toBeVisible()
    await title.fill('Ships off the coast')
    await expect(page.getByText('30 credits', { exact: true })).toBeVisible()

    // The process licence is not accepted yet: nothing runs until it is, accepted here.
    await page.getByRole('button', { name: 'Review and run…' }).click()
    await expect(page.getByText(/Accept the process license above/)).toBeVisible()
    await expectAccessible(page)
    const gate = page.getByRole('region', { name: 'Licenses' })
    await gate.getByRole('checkbox').check()
    await gate.getByRole('button', { name: 'Accept license' }).click()
    await expect(page.getByText(/Accept the process license above/)).toBeHidden()

    // The review names the price; one click, one job; its page from the Location header.
    await page.getByRole('button', { name: 'Review and run…' }).click()
    const review = page.getByRole('dialog', { name: /^Run Ship detection/ })
    await expect(review).toContainText('It costs 30 credits')
    // Checked once its opening transition is over (axe reads colours faded in part as low contrast).
    await expect(review).toHaveCSS('opacity', '1')
    await expectAccessible(page)
    await review.getByRole('button', { name: 'Run job for 30 credits' }).dblclick()
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/)
    const jobUrl = page.url()
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible()
    await expectAccessible(page)
    const executions = (await sim.requests()).filter(
      (r) => r.method === 'POST' && r.path.endsWith('/execution'),
    )
    expect(executions).toHaveLength(1)

    // Time passes (less than the session lives): the job succeeds on its page, which polls while it runs.
    await sim.advance(1_300)
    await expect(page.getByRole('link', { name: 'Open the result collection' })).toBeVisible({
      timeout: 60_000,
    })
    // The monitor shows it first, succeeded.
    await page.getByRole('link', { name: /^Jobs/ }).first().click()
    const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1)
    await expect(row).toContainText('Succeeded, credits charged')
    await expect(row.getByRole('link').first()).toHaveAttribute('href', new URL(jobUrl).pathname)
    await row.getByRole('link').first().click()
    await page.getByRole('link', { name: 'Open the result collection' }).click()
    await expect(page).toHaveURL(/\/storage\/collections\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page)
  })

  test('the navigation counts the jobs under way', async ({ page, sim }) => {
    // The seeded world, whose running jobs a journey before may have moved on with the clock.
    await sim.reset()
    await signIn(page)
    await expect(page.getByRole('link', { name: /^Jobs \d+ running$/ })).toBeVisible()
  })
})
