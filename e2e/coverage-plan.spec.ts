import { encodePolygons } from '../src/lib/polyline'
import { expect, expectAccessible, mapReady, PARIS, signIn, test } from './fixtures'

test.describe('plan coverage', () => {
  test('a plan at 95 % of the AOI for the least price, on the map, by keyboard, into the basket and checked out', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await signIn(page, 'analyst@swath.test', `/catalog?host=oneatlas&limit=60&aoi=${encodePolygons([PARIS])}`)
    await mapReady(page)
    const list = page.getByRole('listbox', { name: 'Search results' })
    await expect(list.getByRole('option').nth(3)).toBeVisible()

    await page.getByRole('button', { name: 'Plan coverage' }).click()
    const panel = page.getByRole('region', { name: 'Plan coverage' })
    await expect(panel.getByRole('textbox', { name: 'Cover at least (%)' })).toHaveValue('95')
    // The prices of the scenes that cover most come first; then the plan, asked for by keyboard.
    await expect(panel.getByRole('status')).toHaveText('')
    await panel.getByRole('button', { name: 'Plan', exact: true }).focus()
    await page.keyboard.press('Enter')
    const summary = panel.getByText(/scenes? covers? [\d.]+ % of the area/)
    await expect(summary).toBeVisible()
    const covered = Number(/covers? ([\d.]+) %/.exec((await summary.textContent()) ?? '')?.[1])
    expect(covered).toBeGreaterThanOrEqual(95)
    const estimate = panel.getByText(/^Estimate: [\d,]+ credits$/)
    await expect(estimate).toBeVisible()
    const creditsOf = async () => Number(((await estimate.textContent()) ?? '').replace(/[^\d]/g, ''))
    const cheapest = await creditsOf()
    // Least price is never dearer than another goal's plan at the same share: each is planned and compared.
    const goal = panel.getByRole('radiogroup', { name: 'Least' })
    for (const other of ['Scenes', 'Cloud', 'Age']) {
      await goal.getByText(other, { exact: true }).click()
      await panel.getByRole('button', { name: 'Plan again' }).click()
      await expect(panel.getByRole('status')).toHaveText('')
      await expect(estimate).toBeVisible()
      expect(await creditsOf()).toBeGreaterThanOrEqual(cheapest)
    }
    await goal.getByText('Price', { exact: true }).click()
    await panel.getByRole('button', { name: 'Plan again' }).click()
    await expect(panel.getByRole('status')).toHaveText('')
    await expect(estimate).toBeVisible()
    expect(await creditsOf()).toBe(cheapest)
    const rows = panel.getByRole('table', { name: 'Scenes of the plan' }).getByRole('row')
    const n = (await rows.count()) - 1
    expect(n).toBeGreaterThan(0)

    // The map draws the plan: the covered part, the part left uncovered and the chosen footprints.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            window.__swathMap?.map.queryRenderedFeatures({
              layers: ['catalog-plan-covered-fill', 'catalog-plan-scenes-line'],
            }).length ?? 0,
        ),
      )
      .toBeGreaterThan(0)
    await expectAccessible(page)

    // Closed, the plan leaves the map and the page's footprints come back.
    await panel.getByRole('button', { name: 'Close the coverage plan' }).click()
    await expect
      .poll(() =>
        page.evaluate(() => ({
          plan: window.__swathMap?.map.getSource('catalog-plan-covered') !== undefined,
          footprints: window.__swathMap?.map.getSource('catalog-footprints') !== undefined,
        })),
      )
      .toEqual({ plan: false, footprints: true })
    await page.getByRole('button', { name: 'Plan coverage' }).click()
    await expect(panel.getByRole('button', { name: 'Plan again' })).toBeVisible()

    await panel
      .getByRole('button', {
        name: n === 1 ? 'Put this scene in the basket' : `Put these ${n} scenes in the basket`,
      })
      .click()
    await expect(
      page.getByRole('button', { name: `Basket: ${n} ${n === 1 ? 'scene' : 'scenes'}` }),
    ).toBeVisible()
    await page.getByRole('button', { name: /^Basket: / }).click()
    await page.getByRole('link', { name: 'Check out' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    const license = page.getByRole('article', { name: 'Airbus optical imagery license' })
    // After the reset the Airbus license waits for its new version: accepted inline.
    await license.getByRole('checkbox', { name: /I have read/ }).check()
    await license.getByRole('button', { name: 'Accept license' }).click()
    await expect(license).toBeHidden()
    // The checkout estimates each line over the part the plan priced: the same total.
    await expect(
      page.getByText(new RegExp(`${cheapest.toLocaleString('en-GB')} credits`)).first(),
    ).toBeVisible()
    const orders = `${n} ${n === 1 ? 'order' : 'orders'}`
    await page.getByRole('button', { name: `Review ${orders}` }).click()
    await expect(page.getByRole('heading', { name: 'Review and place' })).toBeVisible()
    await page.getByRole('checkbox', { name: new RegExp(`I confirm placing ${orders}`) }).check()
    await page.getByRole('button', { name: `Place ${orders}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `${orders} placed` })).toBeVisible()
    const posts = (await sim.requests()).filter((r) => r.method === 'POST' && r.path === '/v2/orders')
    expect(posts.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 202))
  })
})
