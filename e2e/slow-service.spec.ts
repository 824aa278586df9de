import { expect, mapReady, signIn, test } from './fixtures'

test.describe('a slow service', () => {
  test('with 500 ms on every request, the Search button stops spinning when the results are shown', async ({
    page,
    sim,
  }) => {
    await signIn(page, 'analyst@swath.test', '/catalog')
    await mapReady(page)
    await sim.faults([{ path: '/**', latencyMs: 500 }])
    await page.getByLabel('Data host').selectOption('oneatlas')
    const search = page.getByRole('button', { name: 'Search', exact: true })
    await search.click()
    // Read the (now hidden) Search tab's button in the very frame the first result appears: the page must not
    // show results and "searching" at once.
    const handle = await page.waitForFunction(
      () => {
        const shown = document.querySelector('[role="listbox"][aria-label="Search results"] [role="option"]')
        if (!shown) return null
        const button = [...document.querySelectorAll('form button[type="submit"]')].find(
          (b) => b.textContent?.trim() === 'Search',
        )
        return { busy: button?.hasAttribute('data-loading') ?? null }
      },
      undefined,
      { polling: 'raf' },
    )
    expect(await handle.jsonValue()).toEqual({ busy: false })
    await page.getByRole('tab', { name: /^Search/ }).click()
    await expect(search).toBeEnabled()
    await expect(search).not.toHaveAttribute('data-loading')
    await sim.faults([])
  })
})
