import type { Page } from '@playwright/test'
import { encodePolygons } from '../src/lib/polyline'
import { expect, expectAccessible, mapReady, PARIS, signIn, test } from './fixtures'

/**
 * The result rows an analyst can read: wholly inside the list's box and the window, and not under the
 * details drawer.
 */
async function visibleRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('[role="listbox"][aria-label="Search results"]')
    if (!list) return 0
    const box = list.getBoundingClientRect()
    const drawer = document.querySelector('[role="dialog"]')?.getBoundingClientRect()
    return [...list.querySelectorAll('[role="option"]')].filter((o) => {
      const r = o.getBoundingClientRect()
      const inside =
        r.top >= Math.max(box.top, 0) - 1 && r.bottom <= Math.min(box.bottom, window.innerHeight) + 1
      const covered = drawer && r.left < drawer.right && r.right > drawer.left && r.bottom > drawer.top
      return inside && !covered
    }).length
  })
}

/** The elements around `selector`'s first match that scroll on their own (overflow with more to show). */
async function ownScrollers(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = []
    for (
      let e = document.querySelector(selector)?.parentElement;
      e && e !== document.body;
      e = e.parentElement
    ) {
      const { overflowY } = getComputedStyle(e)
      if ((overflowY === 'auto' || overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1)
        out.push(`${e.tagName.toLowerCase()}.${e.className}`)
    }
    return out
  }, selector)
}

const AOI_SEARCH = `/catalog?aoi=${encodePolygons([PARIS])}`

test.describe('room for the results', () => {
  test('at 1440 × 900 at least six result rows stay in view with the plan, archive or task, a full basket or the details open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', AOI_SEARCH)
    await mapReady(page)
    const list = page.getByRole('listbox', { name: 'Search results' })
    await expect(list.getByRole('option').nth(6)).toBeAttached()
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(6)

    // Plan coverage, asked and answered: under the map, not over the list.
    await page.getByRole('button', { name: 'Plan coverage' }).click()
    const plan = page.getByRole('region', { name: 'Plan coverage' })
    await expect(plan.getByRole('status')).toHaveText('')
    await plan.getByRole('button', { name: 'Plan', exact: true }).click()
    await expect(plan.getByText(/scenes? covers? [\d.]+ % of the area/)).toBeVisible()
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(6)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Archive or task' }).click()
    await expect(page.getByTestId('archive-or-task')).toBeVisible()
    await expect(page.getByTestId('archive-or-task-cloud')).toBeVisible()
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(6)
    await page.getByRole('button', { name: 'Close archive or task' }).click()

    // Every result in the basket, its list open.
    await page.getByRole('button', { name: 'Add all to basket' }).click()
    const basket = page.getByRole('button', { name: /^Basket: \d+ scenes$/ })
    await expect(basket).not.toHaveText('Basket: 0 scenes')
    await basket.click()
    await expect(page.getByRole('list', { name: 'Scenes in the basket' })).toBeVisible()
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(6)

    // A scene's details.
    await list.getByRole('option').first().dblclick()
    await expect(page.getByRole('dialog', { name: 'Scene details' })).toBeVisible()
    expect(await visibleRows(page)).toBeGreaterThanOrEqual(6)
  })

  test('at 1024 × 700 the plan’s answer is read by scrolling the page, not inside a box of its own', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await signIn(page, 'analyst@swath.test', AOI_SEARCH)
    await mapReady(page)
    await expect(
      page.getByRole('listbox', { name: 'Search results' }).getByRole('option').nth(2),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Plan coverage' }).click()
    const plan = page.getByRole('region', { name: 'Plan coverage' })
    await expect(plan.getByRole('status')).toHaveText('')
    await plan.getByRole('button', { name: 'Plan', exact: true }).click()
    const answer = plan.getByText(/scenes? covers? [\d.]+ % of the area/)
    await expect(answer).toBeVisible()
    const table = plan.getByRole('table', { name: 'Scenes of the plan' })
    await table.scrollIntoViewIfNeeded()
    await expect(table).toBeInViewport()
    expect(await ownScrollers(page, '[aria-label="Scenes of the plan"]')).toEqual([])
    // The page itself scrolls, and the result list beside the plan stays in view.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeInViewport()
    await expectAccessible(page)
  })

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ])
    test(`a newcomer drags a rectangle with the map’s own tools and searches it, all at ${width} × ${height} without scrolling`, async ({
      page,
      sim,
    }) => {
      await page.setViewportSize({ width, height })
      // The analyst's licence banner shows above the page: the tightest first screen there is.
      await signIn(page, 'analyst@swath.test', '/catalog')
      await expect(page.getByRole('region', { name: 'Licenses waiting for acceptance' })).toBeVisible()
      await mapReady(page)
      const tools = page.getByRole('toolbar', { name: 'Draw the area of interest' })
      // The tools sit on one row: no button wrapped under the others.
      const tops = await tools
        .getByRole('button')
        .evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)))
      expect(new Set(tops).size).toBe(1)
      await expect(tools).toBeInViewport({ ratio: 1 })
      await tools.getByRole('button', { name: 'Rectangle' }).click()
      await expect(tools.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'true')
      const map = page.getByTestId('map')
      const box = await map.boundingBox()
      if (!box) throw new Error('no map')
      const cx = box.x + box.width / 2
      const cy = box.y + box.height / 2
      // One press, a drag, one release: a box, not a pan.
      await page.mouse.move(cx - 80, cy - 60)
      await page.mouse.down()
      await page.mouse.move(cx, cy, { steps: 5 })
      await page.mouse.move(cx + 80, cy + 60, { steps: 5 })
      await page.mouse.up()
      await expect(page.getByTestId('search-area-summary')).toContainText('1 polygon')
      await expect(tools.getByRole('button', { name: 'Clear' })).toBeEnabled()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await sim.clearRequests()
      const search = page.getByRole('button', { name: 'Search', exact: true })
      await expect(search).toBeInViewport({ ratio: 1 })
      await search.click()
      await expect(page).toHaveURL(/aoi=/)
      await expect(
        page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first(),
      ).toBeVisible()
      const sent = (await sim.requests()).filter(
        (r) => r.method === 'POST' && r.path.endsWith('/stac/search'),
      )
      expect(sent.length).toBeGreaterThan(0)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expectAccessible(page)
    })
})
