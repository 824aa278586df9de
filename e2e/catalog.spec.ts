import type { Locator, Page } from '@playwright/test'
import { drawBoxWithMouse, expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })
const options = (page: Page) => results(page).getByRole('option')

async function sceneIds(page: Page, n: number): Promise<string[]> {
  await expect(options(page).first()).toBeVisible()
  return options(page)
    .evaluateAll((els, k) => els.slice(0, k).map((e) => (e as HTMLElement).dataset.sceneId ?? ''), n)
    .then((ids) => ids)
}

/** The feature-state MapLibre holds for a footprint: what the map actually draws as hovered or selected. */
function footprintState(page: Page, id: number): Promise<Record<string, unknown>> {
  return page.evaluate(
    (i) =>
      (window.__swathMap?.map.getFeatureState({ source: 'catalog-footprints', id: i }) ?? {}) as Record<
        string,
        unknown
      >,
    id,
  )
}

const indexOf = async (row: Locator) => Number((await row.getAttribute('id'))?.replace('scene-option-', ''))

/** Draws a rectangle-ish polygon around Paris with the mouse, as an analyst would. */
async function drawParis(page: Page) {
  await page.evaluate(() => window.__swathMap?.map.jumpTo({ center: [2.35, 48.86], zoom: 9 }))
  await drawBoxWithMouse(page, 90, 60)
  await expect(page.getByTestId('aoi-summary')).toContainText('1 polygon')
  await page.locator('label').filter({ hasText: /^Pan$/ }).click()
}

test.describe('catalog search', () => {
  test('draw an AOI, search, link hover both ways, quicklook, page, and share the search as a link', async ({
    page,
    context,
    sim,
  }) => {
    await signIn(page, 'analyst@swath.test', '/catalog')
    await expect(page.getByRole('heading', { name: 'Catalog search', level: 1 })).toBeVisible()
    await mapReady(page)
    await page.locator('label').filter({ hasText: /^AOI$/ }).click()
    await drawParis(page)
    await page.getByLabel('Data host').selectOption('oneatlas')
    await page.getByLabel('Scenes per page').fill('40')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Search', exact: true }).click()

    await expect(page).toHaveURL(/host=oneatlas/)
    await expect(page).toHaveURL(/aoi=/)
    await expect(options(page).first()).toBeVisible()
    await expect(options(page).first()).toHaveAttribute('aria-label', /% of AOI/)
    await expect(page.getByRole('tab', { name: 'Results (40)' })).toBeVisible()
    await expectAccessible(page)

    // One search request.
    const log = await sim.requests()
    expect(log.filter((r) => r.path.endsWith('/stac/search'))).toHaveLength(1)

    // List → map: hovering a row lights its footprint through feature-state.
    const second = options(page).nth(1)
    await second.hover()
    const hoveredIndex = await indexOf(second)
    await expect.poll(() => footprintState(page, hoveredIndex)).toMatchObject({ hover: true })

    // Map → list: the footprint under the pointer lights its row.
    const footprintCentre = () =>
      page.evaluate(() => {
        const m = window.__swathMap?.map
        if (!m) return null
        const f = m.queryRenderedFeatures({ layers: ['catalog-footprints-fill'] })[0]
        if (!f || f.geometry.type !== 'Polygon') return null
        const ring = f.geometry.coordinates[0]
        const lon = ring.slice(0, -1).reduce((s, c) => s + c[0], 0) / (ring.length - 1)
        const lat = ring.slice(0, -1).reduce((s, c) => s + c[1], 0) / (ring.length - 1)
        const p = m.project([lon, lat])
        return { x: p.x, y: p.y }
      })
    await expect.poll(footprintCentre, { timeout: 30_000 }).not.toBeNull()
    const target = await footprintCentre()
    if (!target) throw new Error('no footprint rendered')
    const canvas = (await page.getByTestId('map').boundingBox())!
    const at = { x: canvas.x + target.x, y: canvas.y + target.y }

    // A footprint clicked on the map becomes the active row, scrolled into view.
    await page.mouse.click(at.x, at.y)
    const active = results(page).locator('[data-active]')
    await expect(active).toBeInViewport()
    const picked = await indexOf(active)
    await expect.poll(() => footprintState(page, picked)).toMatchObject({ selected: true })

    // Map → list: the footprint under the pointer lights its row.
    await page.getByRole('heading', { name: 'Catalog search', level: 1 }).hover()
    await expect(results(page).locator('[data-hovered]')).toHaveCount(0)
    await page.mouse.move(at.x, at.y)
    await expect(active).toHaveAttribute('data-hovered', 'true')
    await expect(results(page).locator('[data-hovered]')).toHaveCount(1)
    await expect.poll(() => footprintState(page, picked)).toMatchObject({ hover: true, selected: true })

    // Its quicklook, laid on the map at its footprint, with opacity, and one switch to hide all.
    const activeId = await active.getAttribute('data-scene-id')
    await results(page).focus()
    await page.keyboard.press('q')
    const layerId = `image-oneatlas/${activeId}`
    await expect.poll(() => page.evaluate((id) => !!window.__swathMap?.map.getLayer(id), layerId)).toBe(true)
    const opacity = page.getByRole('slider', { name: `Opacity of quicklook ${activeId}` })
    await opacity.focus()
    await page.keyboard.press('ArrowLeft')
    await expect
      .poll(() =>
        page.evaluate((id) => window.__swathMap?.map.getPaintProperty(id, 'raster-opacity'), layerId),
      )
      .toBe(0.8)

    // A second quicklook, and a swipe between the last two: a line on the map whose handle the keyboard moves.
    await results(page).focus()
    await page.keyboard.press('Home')
    if ((await active.getAttribute('data-scene-id')) === activeId) await page.keyboard.press('ArrowDown')
    await expect(active).not.toHaveAttribute('data-scene-id', activeId ?? '')
    await page.keyboard.press('q')
    await expect(page.getByRole('switch', { name: 'Show quicklooks (2)' })).toBeVisible()
    const swipeSwitch = page.getByRole('switch', { name: 'Swipe between the last two' })
    await swipeSwitch.click()
    const handle = page.getByRole('slider', { name: /^Swipe between / })
    await expect(handle).toBeVisible({ timeout: 30_000 })
    await handle.focus()
    await page.keyboard.press('End')
    await expect(handle).toHaveAttribute('aria-valuenow', '100')
    await page.keyboard.press('Home')
    await expect(handle).toHaveAttribute('aria-valuenow', '0')
    await swipeSwitch.click()
    await expect(handle).toBeHidden()

    await page.getByRole('switch', { name: /Show quicklooks/ }).click()
    await expect.poll(() => page.evaluate((id) => !!window.__swathMap?.map.getLayer(id), layerId)).toBe(false)

    // Page forward and back through the response's links (from the top of the list).
    await results(page).focus()
    await page.keyboard.press('Home')
    await expect(options(page).first()).toHaveAttribute('data-active', 'true')
    // The list has scrolled to the top: its first row is in view and nothing is scrolled past.
    await expect(options(page).first()).toBeInViewport()
    await expect.poll(() => results(page).evaluate((el) => el.scrollTop)).toBe(0)
    const firstPage = await sceneIds(page, 5)
    await page.getByRole('button', { name: 'Next page →' }).click()
    await expect(page).toHaveURL(/page=next/)
    await expect.poll(() => sceneIds(page, 5)).not.toEqual(firstPage)
    await page.goBack()
    await expect(page).not.toHaveURL(/page=/)
    await expect.poll(() => sceneIds(page, 5)).toEqual(firstPage)

    // The URL is the search: pasted into a new tab (which signs in first), it shows the same scenes.
    const url = new URL(page.url())
    const other = await context.newPage()
    await signIn(other, 'analyst@swath.test', `${url.pathname}${url.search}`)
    await expect(other).toHaveURL(`${url.pathname}${url.search}`)
    await expect(other.getByTestId('aoi-summary')).toContainText('1 polygon')
    await expect.poll(() => sceneIds(other, 5)).toEqual(firstPage)
  })

  test('dates are UTC days in the console’s one format: typed, pasted as ISO, picked, refused in plain words', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/catalog')
    await expect(page.getByRole('heading', { name: 'Catalog search', level: 1 })).toBeVisible()
    await page.getByLabel('Data host').selectOption('oneatlas')
    await page
      .locator('label')
      .filter({ hasText: /^Anywhere$/ })
      .click()
    // Not the browser's date input, whose face is the locale's ("11/25/2026" in en-US).
    await expect(page.locator('input[type="date"]')).toHaveCount(0)
    const from = page.getByRole('textbox', { name: 'From', exact: true })
    const to = page.getByRole('textbox', { name: 'To', exact: true })
    await expect(from).toHaveAttribute('placeholder', 'e.g. 25 Nov 2026')

    await from.fill('1 january 2025')
    await from.blur()
    await expect(from).toHaveValue('1 Jan 2025')
    // A text that is not a day says how to write one, once the analyst leaves the field.
    await to.fill('12/25/2026')
    await to.blur()
    await expect(to).toHaveAccessibleDescription('Not a day: write it as 25 Nov 2026.')
    await expect(to).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page)
    // An ISO day, as pasted from elsewhere, reads and is written the console's way.
    await to.fill('2026-06-30')
    await to.blur()
    await expect(to).toHaveValue('30 Jun 2026')
    await expect(to).not.toHaveAttribute('aria-invalid')

    // Picked by keyboard on the calendar, which opens on the day written.
    const open = page.getByRole('button', { name: 'Pick the day of “To” on a calendar' })
    await open.focus()
    await page.keyboard.press('Enter')
    const calendar = page.getByRole('dialog', { name: 'Pick the day of “To” on a calendar' })
    await expect(calendar.getByRole('button', { name: /30 June 2026/ })).toBeFocused()
    await expectAccessible(page)
    await page.keyboard.press('ArrowLeft')
    await expect(calendar.getByRole('button', { name: /29 June 2026/ })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(calendar).toBeHidden()
    await expect(to).toHaveValue('29 Jun 2026')
    await expect(open).toBeFocused()

    // The search and its link keep ISO days.
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/from=2025-01-01/)
    await expect(page).toHaveURL(/to=2026-06-29/)
    await expect(page.getByRole('tab', { name: /^Results \(\d+\)$/ })).toBeVisible()
  })

  test('a failing data host (542) is named, and the search recovers through retry', async ({ page, sim }) => {
    await sim.faults([{ path: '/catalog/hosts/**', status: 542 }])
    await signIn(page, 'analyst@swath.test', '/catalog?host=blacksky&limit=30&bbox=-10,35,30,60')
    const alert = page.getByRole('alert').filter({ hasText: 'The data host blacksky failed' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('did not answer')
    await expectAccessible(page)
    await sim.faults([])
    await alert.getByRole('button', { name: 'Retry the search' }).click()
    await expect(options(page).first()).toBeVisible()
    const searches = (await sim.requests()).filter((r) => r.path.endsWith('/stac/search'))
    expect(searches.map((r) => r.status)).toEqual([542, 200])
  })

  test('by keyboard: move through results, keep a basket across a reload, read every property', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-10,35,30,60')
    await expect(options(page).first()).toBeVisible()
    await results(page).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const active = results(page).locator('[data-active]')
    const id = await active.getAttribute('data-scene-id')
    await page.keyboard.press(' ')
    await expect(active).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: 'Basket: 1 scene' })).toBeVisible()

    await page.reload()
    await expect(options(page).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Basket: 1 scene' })).toBeVisible()
    await expect(results(page).locator(`[data-scene-id="${id}"]`)).toHaveAttribute('aria-selected', 'true')
    // The basket lists its scene with a labelled Remove.
    await page.getByRole('button', { name: 'Basket: 1 scene' }).click()
    const basket = page.getByRole('list', { name: 'Scenes in the basket' })
    await expect(basket.getByRole('listitem')).toHaveCount(1)
    await expect(
      basket.getByRole('button', { name: new RegExp(`\\(${id}\\) from the basket$`) }),
    ).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Basket: 1 scene' }).click()

    // A click on a row selects it, and its labelled toggles say what they do.
    const second = options(page).nth(1)
    await second.click()
    await expect(second).toHaveAttribute('data-active', 'true')
    await expect(second.getByText(/^(\+ Basket|✓ In basket)$/)).toBeVisible()
    await expect(second.getByText(/^◐ (Quicklook|On map)$/)).toBeVisible()

    await results(page).focus()
    await page.keyboard.press('End')
    await expect(options(page).last()).toHaveAttribute('data-active', 'true')
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Scene details' })
    await expect(drawer.getByText('From the host')).toBeVisible()
    await expect(
      drawer
        .getByText('Cloud cover', { exact: true })
        .or(drawer.getByText('Resolution', { exact: true }))
        .first(),
    ).toBeVisible()
    const lastId = await drawer.getByTestId('scene-id').textContent()
    await drawer.getByRole('button', { name: 'Copy the scene id' }).click()
    await expect(drawer.getByRole('button', { name: 'Copy the scene id' })).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lastId)
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    // Focus is back on the list, on the scene it was on: the keyboard goes on from there.
    await expect(results(page)).toBeFocused()
    await expect(options(page).last()).toHaveAttribute('data-active', 'true')
  })
})
