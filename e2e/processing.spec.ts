import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('processing', () => {
  test('browse the process catalogue, read a process, and see its licence', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/processing')
    await expect(page.getByRole('heading', { name: 'Processing', level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pansharpening' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Find a process').fill('ship')
    await expect(page.getByRole('link', { name: 'Pansharpening' })).toBeHidden()
    await page.getByRole('link', { name: /ship/i }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: /ship/i })).toBeVisible()
    await expect(page.getByText(/STAC item from your storage/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Licences' })).toBeVisible()
    await expectAccessible(page)
  })

  test('filter jobs by status and duration, come back to the view by URL, and read why a job failed', async ({
    page,
  }) => {
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
    await expect
      .poll(async () => {
        const texts = await table.getByRole('row').allTextContents()
        return texts.length > 1 && texts.slice(1).every((t) => t.includes('Failed, credits released'))
      })
      .toBe(true)
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

  test('the navigation counts the jobs under way', async ({ page }) => {
    await signIn(page)
    await expect(page.getByRole('link', { name: /^Jobs \d+ running$/ })).toBeVisible()
  })
})
