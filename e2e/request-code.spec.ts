import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('as code', () => {
  test('the catalog search as code: loaded on demand, language tabs by keyboard, copied, no secret', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const chunks: string[] = []
    page.on('request', (r) => {
      if (/code-dialog-[^/]*\.js$/.test(r.url())) chunks.push(r.url())
    })
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-10,35,30,60')
    const results = page.getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible()
    // The dialog and the snippet writers are not part of the page until asked for.
    expect(chunks).toEqual([])

    const button = page.getByRole('button', { name: 'This search as code' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Catalog search of oneatlas as code' })
    await expect(dialog).toBeVisible()
    expect(chunks).toHaveLength(1)
    const origin = new URL(page.url()).origin

    // curl first: the console's absolute URLs, the same body, the token from the token server.
    const curlTab = dialog.getByRole('tab', { name: 'curl' })
    await expect(curlTab).toHaveAttribute('aria-selected', 'true')
    const curl = dialog.getByLabel('curl code')
    await expect(curl).toContainText(`'${origin}/api/catalog/hosts/oneatlas/stac/search'`)
    await expect(curl).toContainText(`'${origin}/auth/realms/public/protocol/openid-connect/token'`)
    await expect(curl).toContainText(`'client_id=service-api'`)
    await expect(curl).toContainText('"limit": 25')
    await expect(curl).toContainText('"bbox": [')
    await expectAccessible(page)

    // The tab list is one tab stop; arrows, Home and End move between languages and show each.
    await curlTab.focus()
    await page.keyboard.press('ArrowRight')
    const pythonTab = dialog.getByRole('tab', { name: 'Python', exact: true })
    await expect(pythonTab).toBeFocused()
    await expect(pythonTab).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByLabel('Python code')).toContainText('"password": os.environ["SWATH_PASSWORD"]')
    await expect(dialog.getByLabel('Python code')).toContainText('def all_pages(')
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByRole('tab', { name: 'TypeScript' })).toBeFocused()
    await expect(dialog.getByLabel('TypeScript code')).toContainText('await fetch(TOKEN_URL')
    await page.keyboard.press('End')
    await expect(dialog.getByRole('tab', { name: 'Python SDK' })).toBeFocused()
    await expect(dialog.getByLabel('Python SDK code')).toContainText('host.search(')
    await expectAccessible(page)
    await page.keyboard.press('Home')
    await expect(curlTab).toBeFocused()
    await expect(curl).toBeVisible()

    // Tab leaves the tab list for the copy button; Enter copies exactly the code shown.
    await page.keyboard.press('Tab')
    const copy = dialog.getByRole('button', { name: 'Copy curl' })
    await expect(copy).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await curl.textContent())
    expect(copied).toContain('"password=$SWATH_PASSWORD"')
    // No secret: neither the password nor a token (a JWT starts eyJ) is in the code.
    expect(copied).not.toContain('swath-demo')
    expect(copied).not.toMatch(/eyJ[\w-]{10,}/)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })

  test('the every-host search as code: one request per host, merged in the page’s sort', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/catalog?limit=25&bbox=-10,35,30,60&sort=cloud-asc')
    // Every host answers and is merged before the list shows: a minute on a busy machine.
    const results = page.getByRole('listbox', { name: 'Search results' })
    await expect(results.getByRole('option').first()).toBeVisible({ timeout: 60_000 })
    await page.getByRole('button', { name: 'This search as code' }).click()
    const dialog = page.getByRole('dialog', { name: /^Catalog search of every host \(\d+\) as code$/ })
    const curl = dialog.getByLabel('curl code')
    await expect(curl).toContainText('/api/catalog/hosts/oneatlas/stac/search')
    await expect(curl).toContainText('The console merges them: by cloud cover, lowest or oldest first')
    await dialog.getByRole('tab', { name: 'Python', exact: true }).click()
    await expect(dialog.getByLabel('Python code')).toContainText('merged.sort(key=order)')
    await expectAccessible(page)
  })
})
