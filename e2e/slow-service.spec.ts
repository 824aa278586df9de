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
    // From the frame the first result shows, watch the (hidden) Search tab's button until it is ready again:
    // it must not go on spinning beside the results (this wait fails if it never stops).
    const handle = await page.waitForFunction(
      () => {
        const w = window as unknown as { __shownAt?: number }
        const shown = document.querySelector('[role="listbox"][aria-label="Search results"] [role="option"]')
        if (!shown) return null
        w.__shownAt ??= performance.now()
        const button = [...document.querySelectorAll('form button[type="submit"]')].find(
          (b) => b.textContent?.trim() === 'Search',
        )
        if (!button || button.hasAttribute('data-loading')) return null
        return { spinningAfterResultsMs: performance.now() - w.__shownAt }
      },
      undefined,
      { polling: 'raf' },
    )
    const { spinningAfterResultsMs } = (await handle.jsonValue()) ?? { spinningAfterResultsMs: Number.NaN }
    // For information only (timings are the bench's business): a frame or two while the loader fades out.
    console.log(`Search button spun ${spinningAfterResultsMs.toFixed(0)} ms after the first result showed`)
    await page.getByRole('tab', { name: /^Search/ }).click()
    await expect(search).toBeEnabled()
    await sim.faults([])
  })
})
