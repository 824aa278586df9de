import type { Page } from '@playwright/test'
import { drawBoxWithMouse, expect, expectAccessible, mapReady, signIn, test } from './fixtures'

/** The map's camera once it has stopped: centre and zoom, as MapLibre holds them. */
function camera(page: Page) {
  return page.evaluate(() => {
    const m = window.__swathMap?.map
    if (!m || m.isMoving()) return null
    const c = m.getCenter()
    return { lon: c.lng, lat: c.lat, zoom: m.getZoom() }
  })
}

/** The names the map has drawn from the place labels (what collision left on screen). */
function placeNames(page: Page) {
  return page.evaluate(() => {
    const m = window.__swathMap?.map
    if (!m) return []
    const layers = (m.getStyle().layers ?? []).map((l) => l.id).filter((id) => id.startsWith('places-'))
    return m.queryRenderedFeatures({ layers }).map((f) => String(f.properties.name))
  })
}

/** The suggestions of "Go to a place" (the workspace picker's options are no listbox's). */
const suggestions = (page: Page) => page.getByRole('listbox').getByRole('option')

/** Collects the basemap files the page asks for (MapLibre's worker fetches most of them). */
function basemapRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/basemap/')) paths.push(path)
  })
  return paths
}

test.describe('the map says where you are', () => {
  test('go to a place by name: the map flies to Paris and names the towns around it', async ({ page }) => {
    const requested = basemapRequests(page)
    await signIn(page, 'analyst@swath.test', '/areas')
    await expect(page.getByRole('heading', { name: 'Areas of interest', level: 1 })).toBeVisible()
    await mapReady(page)
    // The world view fetches the coarse band, the country names and the place labels, nothing finer.
    await expect.poll(() => requested).toContain('/basemap/place-labels.json')
    const first = [...requested]
    expect(first).toContain('/basemap/world.json')
    expect(first.some((p) => p.startsWith('/basemap/detail/'))).toBe(false)
    await expect.poll(() => placeNames(page)).not.toEqual([])

    const search = page.getByRole('combobox', { name: 'Go to a place' })
    await search.fill('Paris')
    const suggestion = suggestions(page).filter({ hasText: 'Paris, Île-de-France, France' })
    await expect(suggestion).toBeVisible()
    // The capital comes first, before any other Paris.
    await expect(suggestions(page).first()).toHaveText('Paris, Île-de-France, France')
    await expectAccessible(page)
    await suggestion.click()

    await expect
      .poll(() => camera(page), { timeout: 30_000 })
      .toMatchObject({
        lon: expect.closeTo(2.35, 1),
        lat: expect.closeTo(48.86, 1),
      })
    expect((await camera(page))!.zoom).toBeGreaterThanOrEqual(6)
    // Over Paris the map has fetched the 1:10m cell it lies in, and names Paris and its neighbours.
    await expect.poll(() => requested).toContain('/basemap/detail/12_9.json')
    // The gazetteer came with the first search, not with the page.
    expect(first).not.toContain('/basemap/places.json')
    expect(requested).toContain('/basemap/places.json')
    await expect.poll(() => placeNames(page), { timeout: 30_000 }).toContain('Paris')
    // The towns around it come with the second file of labels, fetched as the camera came nearer.
    await expect.poll(async () => (await placeNames(page)).length, { timeout: 30_000 }).toBeGreaterThan(3)
    await expectAccessible(page)
  })

  test('Enter goes to the best match of what is typed, by keyboard alone', async ({ page }) => {
    await signIn(page, 'analyst@swath.test', '/areas')
    await mapReady(page)
    await page.getByRole('combobox', { name: 'Go to a place' }).focus()
    await page.keyboard.type('tokyo')
    await expect(suggestions(page).first()).toHaveText(/^Tokyo, .*Japan$/)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => camera(page), { timeout: 30_000 })
      .toMatchObject({ lon: expect.closeTo(139.7, 0), lat: expect.closeTo(35.7, 0) })
    // The suggestions close over the map once the place is chosen; the field keeps its name.
    const search = page.getByRole('combobox', { name: 'Go to a place' })
    await expect(suggestions(page)).toHaveCount(0)
    await expect(search).toHaveValue(/^Tokyo, .*Japan$/)
    // Also when the name is pasted and Enter follows at once.
    await search.fill('Berlin')
    await expect(suggestions(page).first()).toHaveText('Berlin, Germany')
    await search.press('Enter')
    await expect(search).toHaveValue('Berlin, Germany')
    await expect
      .poll(() => camera(page), { timeout: 30_000 })
      .toMatchObject({ lon: expect.closeTo(13.4, 0), lat: expect.closeTo(52.5, 0) })
    await expect(suggestions(page)).toHaveCount(0)
  })
})

test.describe('maps frame what matters', () => {
  test('a catalog search frames its AOI and scenes, then the camera stays where the analyst moves it', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/catalog')
    await expect(page.getByRole('heading', { name: 'Catalog search', level: 1 })).toBeVisible()
    await mapReady(page)
    await page.locator('label').filter({ hasText: /^AOI$/ }).click()
    await page.evaluate(() => window.__swathMap?.map.jumpTo({ center: [2.35, 48.86], zoom: 9 }))
    await drawBoxWithMouse(page, 90, 60)
    await expect(page.getByTestId('aoi-summary')).toContainText('1 polygon')
    await page.locator('label').filter({ hasText: /^Pan$/ }).click()
    // The analyst looks elsewhere before searching: the world.
    await page.evaluate(() => window.__swathMap?.map.jumpTo({ center: [-60, 0], zoom: 1 }))
    await page.getByLabel('Data host').selectOption('oneatlas')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(
      page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first(),
    ).toBeVisible()

    // Framed: back over Paris, close enough to see the AOI and the footprints around it.
    await expect
      .poll(() => camera(page), { timeout: 30_000 })
      .toMatchObject({ lon: expect.closeTo(2.35, 0), lat: expect.closeTo(48.86, 0) })
    const framed = (await camera(page))!
    expect(framed.zoom).toBeGreaterThan(5)
    const aoiInView = await page.evaluate(() => window.__swathMap?.map.getBounds().contains([2.35, 48.86]))
    expect(aoiInView).toBe(true)

    // The analyst pans; hovering the results re-renders the page, and the camera stays where they put it.
    const box = (await page.getByTestId('map').boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 2 })
    await page.mouse.up()
    await expect.poll(() => camera(page)).not.toBeNull()
    const panned = (await camera(page))!
    expect(panned.lon).not.toBeCloseTo(framed.lon, 2)
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').nth(1).hover()
    await page.getByRole('tab', { name: 'Search' }).click()
    await page.getByRole('tab', { name: /^Results/ }).click()
    await expect.poll(() => camera(page)).toMatchObject({ lon: panned.lon, lat: panned.lat })
    await expectAccessible(page)
  })
})
