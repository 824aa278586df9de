import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const EMAIL = 'analyst@swath.test'

/** The item page of the analyst's delivered collection called `title`, read through the API. */
async function itemPath(request: APIRequestContext, title: string): Promise<string> {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  const list = (await (
    await request.get('/api/v2/assets/stac/collections?limit=100', { headers })
  ).json()) as { collections: { id: string; title?: string }[] }
  const col = list.collections.find((c) => c.title === title)
  if (!col) throw new Error(`seed changed: no ${title}`)
  const items = (await (
    await request.get(`/api/v2/assets/stac/collections/${col.id}/items`, { headers })
  ).json()) as { features: { id: string }[] }
  return `/storage/collections/${col.id}/items/${items.features[0].id}`
}

/** The outline's line features the map has drawn, and whether each lies in the box both deliveries cover. */
const renderedOutline = (page: Page) =>
  page.evaluate(() => {
    const map = window.__swathMap?.map
    if (!map) return { drawn: 0, inside: false }
    const lines = map.queryRenderedFeatures({ layers: ['change-outline-line'] })
    const inside = lines.every((f) =>
      (f.geometry.type === 'MultiLineString'
        ? f.geometry.coordinates.flat()
        : f.geometry.type === 'LineString'
          ? f.geometry.coordinates
          : []
      ).every(([lon, lat]) => lon >= 13.359 && lon <= 13.431 && lat >= 52.499 && lat <= 52.541),
    )
    return { drawn: lines.length, inside }
  })

test.describe('change review', () => {
  test('a proposed pair: swipe, difference, the changed area outlined and measured, and change detection launched as a job', async ({
    page,
    request,
    sim,
  }) => {
    await sim.reset()
    // From the October delivery of Berlin Mitte: "Review change" on its page.
    await signIn(page, EMAIL, await itemPath(request, 'Pléiades - Berlin Mitte 2026'))
    await page.getByRole('link', { name: 'Review change' }).click()
    await expect(page).toHaveURL(/\/change-review\?item=/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Change review: Pléiades - Berlin Mitte 2026',
    )
    const pair = page.getByRole('region', { name: 'The pair' })
    await expect(pair.getByTestId('pair-proposal')).toHaveText(
      /^Proposed: These two cover the same area 280 days apart \(\d+ % in common\)\.$/,
    )
    await expect(pair.getByText(/^Before:/)).toContainText('Pléiades - Berlin Mitte 2025')

    // Swipe, as on an item's page: the line moves by keyboard.
    await mapReady(page)
    const handle = page.getByRole('slider', { name: /^Swipe between / })
    await expect(handle).toBeVisible({ timeout: 30_000 })
    await handle.focus()
    await page.keyboard.press('End')
    await expect(handle).toHaveAttribute('aria-valuenow', '100')
    await expectAccessible(page)

    // The difference, NDVI by default, with its legend; what changed is outlined on the map and measured.
    const view = page.getByRole('region', { name: 'View' })
    await view.getByText('Difference', { exact: true }).click()
    await expect(handle).toBeHidden()
    await expect(
      view.getByRole('img', { name: /^Legend: change in \(nir - red\) \/ \(nir \+ red\)/ }),
    ).toBeVisible()
    const changed = page.getByTestId('changed-area')
    await expect(changed).toHaveText(
      /^[\d.]+ k?m² changed, in [\d,]+ areas? \([\d.]+ % of the area both cover\)/,
    )
    const km2 = async () => Number(await changed.getAttribute('data-km2'))
    const atDefault = await km2()
    expect(atDefault).toBeGreaterThan(0)
    await expect.poll(async () => (await renderedOutline(page)).drawn).toBeGreaterThan(0)
    expect((await renderedOutline(page)).inside).toBe(true)
    // The change under the pointer, in the middle of the box both cover.
    const centre = await page.evaluate(() => {
      const m = window.__swathMap?.map
      const p = m?.project([13.395, 52.52])
      const r = m?.getCanvas().getBoundingClientRect()
      return p && r ? { x: r.left + p.x, y: r.top + p.y } : null
    })
    if (centre) await page.mouse.move(centre.x, centre.y)
    await expect(view.getByRole('status', { name: 'Change under the pointer' })).toHaveText(/^[+−±]\d/)

    // Both themes, looked at (the screenshots are kept with the run's results) and checked by axe.
    await page.screenshot({ path: test.info().outputPath('change-review-light.png'), fullPage: true })
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click()
    await expectAccessible(page)
    await page.screenshot({ path: test.info().outputPath('change-review-dark.png'), fullPage: true })
    await page.getByRole('button', { name: 'Switch to the light theme' }).click()

    // A higher threshold, by keyboard, outlines less.
    const threshold = page.getByRole('slider', { name: 'Change threshold' })
    await threshold.focus()
    await page.keyboard.press('End')
    await expect.poll(km2).toBeLessThan(atDefault)
    await expect(page).toHaveURL(/threshold=/)
    await page.keyboard.press('Home')
    await expect.poll(km2).toBeGreaterThan(atDefault)
    await expectAccessible(page)

    // Change detection on the pair: the form filled in, the license accepted, one job, in the monitor.
    await page.getByRole('link', { name: 'Run change detection on this pair' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Change detection (Simularity)' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(
      'Change: Pléiades - Berlin Mitte 2025 to Pléiades - Berlin Mitte 2026',
    )
    await expect(page.getByText('60 credits', { exact: true })).toBeVisible()
    // The process license is not accepted in the seed: accepted here, before anything runs.
    const gate = page.getByRole('region', { name: 'Licenses' })
    await gate.getByRole('checkbox').check()
    await gate.getByRole('button', { name: 'Accept license' }).click()
    await expect(gate.getByRole('button', { name: 'Accept license' })).toBeHidden()
    await page.getByRole('button', { name: 'Review and run…' }).click()
    const review = page.getByRole('dialog', { name: /^Run Change detection/ })
    await expect(review).toContainText('It costs 60 credits')
    await review.getByRole('button', { name: 'Run job for 60 credits' }).click()
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/)
    const jobPath = new URL(page.url()).pathname
    await page.getByRole('link', { name: /^Jobs/ }).first().click()
    const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1)
    await expect(row).toContainText('Change detection (Simularity)')
    await expect(row.getByRole('link').first()).toHaveAttribute('href', jobPath)
    await expectAccessible(page)
  })
})
