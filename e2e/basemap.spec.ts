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

/** Share of the map's pixels drawn in exactly the land colour and in the water colour (light scheme). */
function basemapShares(page: Page) {
  return page.evaluate(() => {
    const m = window.__swathMap?.map
    if (!m) return null
    const gl = m.getCanvas()
    const c = document.createElement('canvas')
    c.width = gl.width
    c.height = gl.height
    const ctx = c.getContext('2d', { willReadFrequently: true })!
    ctx.drawImage(gl, 0, 0)
    const { data } = ctx.getImageData(0, 0, c.width, c.height)
    // BASEMAP_COLORS.light: land #f3f1ea, water #b9d3e6 (fills are drawn unsmoothed, so exact but for dither).
    const near = (i: number, [r, g, b]: number[]) =>
      Math.abs(data[i] - r) <= 3 && Math.abs(data[i + 1] - g) <= 3 && Math.abs(data[i + 2] - b) <= 3
    let land = 0
    let water = 0
    const step = 4 * 7
    let n = 0
    for (let i = 0; i < data.length; i += step) {
      n++
      if (near(i, [243, 241, 234])) land++
      else if (near(i, [185, 211, 230])) water++
    }
    return { land: land / n, water: water / n }
  })
}

test.describe('land at every zoom', () => {
  // Berlin, a city's width: the catalog frames it at zoom 10–11 as the page opens.
  const BERLIN = '/catalog?bbox=13.3,52.46,13.5,52.56'

  test('a map opened over a city shows land at once, and the finer data refines it without moving the camera', async ({
    page,
  }) => {
    // The finer bands are held back: what the map shows meanwhile is what an analyst sees for the seconds
    // they take to come on a slow line.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    await page.context().route(/\/basemap\/(region\.json|detail\/)/, async (route) => {
      asked.push(new URL(route.request().url()).pathname)
      await held
      await route.fallback()
    })
    // The area alone: a URL with an area searches every host, and the scenes' footprints (and the framing of
    // them) are not what this test looks at, so the searches are not answered.
    await page.context().route('**/stac/search', (route) => route.abort())
    await signIn(page, 'analyst@swath.test', BERLIN)
    await expect(page.getByRole('heading', { name: 'Catalog search', level: 1 })).toBeVisible()
    // The camera as the map reports ready: already over Berlin, not flying there from the world.
    const ready = await (
      await page.waitForFunction(
        () => {
          const e = window.__swathMap
          return e?.isReady() ? { zoom: e.map.getZoom(), lon: e.map.getCenter().lng } : null
        },
        undefined,
        { timeout: 30_000 },
      )
    ).jsonValue()
    if (!ready) throw new Error('the map reported no camera')
    const atReady = ready
    expect(atReady.zoom).toBeGreaterThanOrEqual(9.5)
    expect(atReady.lon).toBeCloseTo(13.4, 1)

    // Land, not open water, while the detail is on its way; and the detail was asked for at once.
    await expect
      .poll(async () => (await basemapShares(page))?.land ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0.5)
    expect(asked.some((p) => p.startsWith('/basemap/detail/'))).toBe(true)

    release()
    // The 1:10m cell has come and is drawn: the land stays, the camera has not moved.
    await page.waitForFunction(
      () => {
        const m = window.__swathMap?.map
        return (
          !!m && m.loaded() && m.querySourceFeatures('basemap-detail').some((f) => f.properties.k === 'land')
        )
      },
      undefined,
      { timeout: 30_000 },
    )
    const after = await camera(page)
    expect(after?.zoom).toBeCloseTo(atReady.zoom, 6)
    expect(after?.lon).toBeCloseTo(atReady.lon, 6)
    const shares = await basemapShares(page)
    expect(shares?.land).toBeGreaterThan(0.5)
    expect(shares?.water).toBeLessThan(0.05)
  })
})

test.describe('the dark theme', () => {
  test.use({ colorScheme: 'dark' })

  test('the map paints dark from its first frame, and its zoom buttons and attribution are dark', async ({
    page,
  }) => {
    // The first frame the map draws anything in: its mean brightness (0–255), read off the canvas as drawn.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: number }
      const look = () => {
        const m = window.__swathMap?.map
        if (!m) {
          requestAnimationFrame(look)
          return
        }
        const onRender = () => {
          const gl = m.getCanvas()
          const c = document.createElement('canvas')
          c.width = 32
          c.height = 32
          const ctx = c.getContext('2d', { willReadFrequently: true })!
          ctx.drawImage(gl, 0, 0, 32, 32)
          const { data } = ctx.getImageData(0, 0, 32, 32)
          let sum = 0
          let drawn = 0
          for (let i = 0; i < data.length; i += 4) {
            if (data[i + 3] === 0) continue
            drawn++
            sum += (data[i] + data[i + 1] + data[i + 2]) / 3
          }
          if (drawn === 0) return
          w.__firstFrame = sum / drawn
          m.off('render', onRender)
        }
        m.on('render', onRender)
      }
      requestAnimationFrame(look)
    })
    await signIn(page, 'analyst@swath.test', '/areas')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await mapReady(page)
    const first = await (
      await page.waitForFunction(
        () => (window as unknown as { __firstFrame?: number }).__firstFrame,
        undefined,
        {
          timeout: 30_000,
        },
      )
    ).jsonValue()
    // The light basemap's water and land are above 200; the dark one's below 50.
    expect(first).toBeLessThan(80)

    const brightness = (selector: string, property: 'backgroundColor' | 'color') =>
      page
        .locator(selector)
        .first()
        .evaluate((el, p) => {
          const [r, g, b] = (getComputedStyle(el)[p].match(/[\d.]+/g) ?? []).map(Number)
          return (r + g + b) / 3
        }, property)
    await expect(page.locator('.maplibregl-ctrl-zoom-in')).toBeVisible()
    expect(await brightness('.maplibregl-ctrl-group', 'backgroundColor')).toBeLessThan(80)
    expect(await brightness('.maplibregl-ctrl-attrib', 'backgroundColor')).toBeLessThan(80)
    expect(await brightness('.maplibregl-ctrl-attrib', 'color')).toBeGreaterThan(160)
    // The zoom icons (dark in MapLibre's sheet) are turned light.
    expect(
      await page
        .locator('.maplibregl-ctrl-zoom-in .maplibregl-ctrl-icon')
        .evaluate((el) => getComputedStyle(el).filter),
    ).toBe('invert(1)')
    await expectAccessible(page)
  })
})
