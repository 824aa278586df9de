import type { Page } from '@playwright/test'
import { encodePolygons } from '../src/lib/polyline'
import { rectanglePolygon } from '../src/lib/geo/shapes'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const FOOTPRINTS = 'catalog-footprints'
/** A large AOI (France and its neighbours): a week of every host's scenes over it is a dense map. */
const LARGE_AOI = rectanglePolygon([-5, 42], [10, 51])

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })

/** The map's layer ids, bottom first (not the invisible copies that build GPU programs ahead). */
const layerOrder = (page: Page) =>
  page.evaluate(() =>
    (window.__swathMap?.map.getStyle().layers ?? [])
      .map((l) => l.id)
      .filter((id) => !id.endsWith('-prewarm')),
  )

/** The scene ids whose footprint has `state` set on the map (read from MapLibre's feature-state). */
const scenesWithState = (page: Page, state: 'hover' | 'selected') =>
  page.evaluate(
    ({ source, state }) => {
      const map = window.__swathMap?.map
      const lit = (map?.querySourceFeatures(source) ?? []).filter(
        (f) =>
          f.id !== undefined &&
          (map?.getFeatureState({ source, id: f.id }) as Record<string, boolean | undefined>)[state] === true,
      )
      return [...new Set(lit.map((f) => String(f.properties.sceneId)))]
    },
    { source: FOOTPRINTS, state },
  )

const layout = (page: Page, layer: string) =>
  page.evaluate((l) => window.__swathMap?.map.getLayoutProperty(l, 'visibility') ?? 'visible', layer)
const filterOf = (page: Page, layer: string) =>
  page.evaluate((l) => JSON.stringify(window.__swathMap?.map.getFilter(l) ?? null), layer)

test.describe('the map at real density', () => {
  test('a week of every host over a large area: outlines under the area, the hovered row raised, footprints hidden or narrowed by keyboard', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await sim.advance(604_800)
    await signIn(page, 'analyst@swath.test', `/catalog?limit=60&aoi=${encodePolygons([LARGE_AOI])}`)
    await mapReady(page)
    const heading = page.getByRole('heading', { name: /^\d+ scenes from \d+ hosts$/ })
    await expect(heading).toBeVisible({ timeout: 60_000 })
    // The hosts answer one after another and their merge waits for an idle moment: wait for the full count.
    const headingCount = async () => Number(/^(\d+)/.exec((await heading.textContent()) ?? '')?.[1] ?? 0)
    await expect.poll(headingCount, { timeout: 60_000 }).toBeGreaterThan(150)
    // Every footprint is on the map (sent in slices when the page is idle).
    await expect
      .poll(
        () => page.evaluate((s) => window.__swathMap?.map.querySourceFeatures(s).length ?? 0, FOOTPRINTS),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0)

    // The searched area is drawn above every footprint layer, and footprints rest as outlines.
    const order = await layerOrder(page)
    const highestFootprint = Math.max(...order.flatMap((id, i) => (id.startsWith(FOOTPRINTS) ? [i] : [])))
    expect(highestFootprint).toBeGreaterThan(-1)
    expect(order.indexOf('catalog-search-area-line')).toBeGreaterThan(highestFootprint)
    const fill = await page.evaluate(
      (l) => window.__swathMap?.map.getPaintProperty(l, 'fill-opacity'),
      `${FOOTPRINTS}-fill`,
    )
    expect((fill as unknown[]).at(-1)).toBe(0)

    // Hovering a row fills its footprint, drawn by the raised layers above the resting outlines.
    const row = results(page).getByRole('option').nth(2)
    const sceneId = await row.getAttribute('data-scene-id')
    await row.hover()
    await expect.poll(() => scenesWithState(page, 'hover')).toEqual([sceneId])
    expect(order.indexOf(`${FOOTPRINTS}-emphasis`)).toBeGreaterThan(order.indexOf(`${FOOTPRINTS}-line`))

    // The footprint control: named, on the map, worked by the keyboard.
    const control = page.getByRole('group', { name: 'Footprints on the map' })
    const hide = control.getByRole('button', { name: 'Hide footprints' })
    await hide.focus()
    await page.keyboard.press('Enter')
    await expect(hide).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => layout(page, `${FOOTPRINTS}-line`)).toBe('none')
    // The area stays.
    expect(await layout(page, 'catalog-search-area-line')).toBe('visible')
    await page.keyboard.press('Space')
    await expect(hide).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => layout(page, `${FOOTPRINTS}-line`)).toBe('visible')

    // One scene into the basket (Space on the list), then only it stays on the map.
    await row.click()
    await expect.poll(() => scenesWithState(page, 'selected')).toEqual([sceneId])
    await results(page).press('Space')
    await expect(row).toHaveAttribute('aria-selected', 'true')
    const only = control.getByRole('button', { name: 'Only selected and basketed' })
    await only.focus()
    await page.keyboard.press('Enter')
    await expect(only).toHaveAttribute('aria-pressed', 'true')
    await expect
      .poll(() => filterOf(page, `${FOOTPRINTS}-line`))
      .toMatch(/^\["in",\["id"\],\["literal",\[\d+\]\]\]$/)
    await expect
      .poll(() =>
        page.evaluate(
          (l) =>
            new Set(
              (window.__swathMap?.map.queryRenderedFeatures({ layers: [l] }) ?? []).map((f) =>
                String(f.properties.sceneId),
              ),
            ).size,
          `${FOOTPRINTS}-line`,
        ),
      )
      .toBe(1)
    await expectAccessible(page)
    await page.keyboard.press('Enter')
    await expect.poll(() => filterOf(page, `${FOOTPRINTS}-line`)).toBe('null')
  })
})
