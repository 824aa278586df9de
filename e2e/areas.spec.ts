import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { drawBoxWithMouse, expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const CORPUS = join(import.meta.dirname, '../src/lib/testdata/aoi')

async function openAreas(page: Page) {
  await signIn(page, 'analyst@swath.test', '/areas')
  await expect(page.getByRole('heading', { name: 'Areas of interest', level: 1 })).toBeVisible()
  await mapReady(page)
}

const summary = (page: Page) => page.getByTestId('aoi-summary')

/** Picks a corpus file (stored as `<name>.fixture`) through the file chooser, under its real name. */
async function importFile(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Import' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a file…' }).click()
  const buffer = readFileSync(join(CORPUS, `${name}.fixture`))
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer })
}

test.describe('areas of interest', () => {
  test('draw a polygon with the mouse and read its area; undo and redo it', async ({ page }) => {
    await openAreas(page)
    await expectAccessible(page)
    await drawBoxWithMouse(page, 80, 60)
    await expect(summary(page)).toContainText(/1 polygon · [\d,.]+ (km²|m²) · 4 vertices/)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(summary(page)).toContainText('Nothing drawn yet')
    await page.getByRole('button', { name: 'Redo' }).click()
    await expect(summary(page)).toContainText('1 polygon')
  })

  test('draw a polygon by keyboard alone', async ({ page }) => {
    await openAreas(page)
    await page.getByRole('button', { name: 'Draw by keyboard' }).click()
    const canvas = page.getByRole('region', { name: 'Map with the area of interest' }).locator('canvas')
    await canvas.focus()
    // Arrow keys pan the map with a short animation; like an analyst, wait for it to stop before adding.
    const pan = async (key: string) => {
      await page.keyboard.press(key)
      await page.keyboard.press(key)
      await page.waitForFunction(() => window.__swathMap?.map.isMoving() === false)
    }
    await page.keyboard.press('Enter')
    await pan('ArrowRight')
    await page.keyboard.press('Enter')
    await pan('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page.getByText('Drawing by keyboard: 3 corners')).toBeVisible()
    await page.keyboard.press('f')
    await expect(summary(page)).toContainText(/1 polygon · .* · 3 vertices/)
  })

  test('keyboard drawing keeps focus: on its instructions when it starts, on its button when canceled', async ({
    page,
  }) => {
    await openAreas(page)
    await page.getByRole('button', { name: 'Draw by keyboard' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('group', { name: 'Drawing by keyboard' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Add corner at the cross' })).toBeFocused()
    await page.getByRole('button', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Draw by keyboard' })).toBeFocused()
    await expectAccessible(page)
  })

  test('type coordinates to make an AOI without a mouse', async ({ page }) => {
    await openAreas(page)
    await page.getByRole('tab', { name: 'Type' }).click()
    await page.getByLabel('Corner coordinates').fill('12.40 41.85\n12.55 41.85\n12.55 41.95\n12.40 41.95')
    await page.getByRole('button', { name: 'Add polygon' }).click()
    await expect(summary(page)).toContainText(/1 polygon · 1\d\d\.\d km² · 4 vertices/)
  })

  for (const [file, polygons] of [
    ['polygon-feature.geojson', 1],
    ['valid.kml', 1],
    ['valid.kmz', 1],
    ['shapefile-wgs84.zip', 2],
    ['shapefile-utm33n.zip', 1],
  ] as const) {
    test(`imports ${file}`, async ({ page }) => {
      await openAreas(page)
      await importFile(page, file)
      await expect(page.getByRole('status').filter({ hasText: /^Imported/ })).toBeVisible()
      await expect(summary(page)).toContainText(new RegExp(`^${polygons} polygons? · `))
    })
  }

  test('paste WKT, or drop a file on the map', async ({ page }) => {
    await openAreas(page)
    await page.getByRole('tab', { name: 'Import' }).click()
    await page
      .getByLabel('Paste WKT, GeoJSON or a bounding box')
      .fill('POLYGON((12.4 41.85, 12.55 41.85, 12.55 41.95, 12.4 41.95, 12.4 41.85))')
    await page.getByRole('button', { name: 'Use pasted shape' }).click()
    await expect(summary(page)).toContainText(/^1 polygon · 1\d\d\.\d km² · 4 vertices/)

    const kml = readFileSync(join(CORPUS, 'valid.kml.fixture'), 'utf8')
    const drop = await page.evaluateHandle((text) => {
      const dt = new DataTransfer()
      dt.items.add(new File([text], 'field.kml', { type: 'application/vnd.google-earth.kml+xml' }))
      return dt
    }, kml)
    const region = page.getByRole('region', { name: 'Map with the area of interest' })
    await region.dispatchEvent('dragover', { dataTransfer: drop })
    await region.dispatchEvent('drop', { dataTransfer: drop })
    await expect(page.getByRole('status').filter({ hasText: /^Imported/ })).toContainText('KML')
  })

  test('a bad file says what is wrong and leaves the AOI as it was', async ({ page }) => {
    await openAreas(page)
    await importFile(page, 'polygon-feature.geojson')
    await expect(summary(page)).toContainText('1 polygon')
    const before = await summary(page).innerText()
    await importFile(page, 'broken.geojson')
    await expect(page.getByRole('alert')).toContainText('could not be used')
    await expect(summary(page)).toHaveText(before)
  })

  test('a self-intersecting upload is fixed in one click', async ({ page }) => {
    await openAreas(page)
    await importFile(page, 'bowtie.geojson')
    const problems = page.getByRole('list', { name: 'Problems with the area of interest' })
    await expect(problems).toContainText('crosses or touches itself')
    await problems.getByRole('button', { name: /Repair/ }).click()
    await expect(problems).toHaveCount(0)
    await expect(summary(page)).toContainText('polygon')
  })

  test('save to the library, reload, and reuse it as the AOI', async ({ page, sim }) => {
    await sim.reset()
    await openAreas(page)
    await importFile(page, 'polygon-feature.geojson')
    await expect(summary(page)).toContainText('1 polygon')
    await page.getByLabel('Save the current AOI as').fill('Journey field')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const list = page.getByRole('list', { name: 'Saved geometries' })
    await expect(list).toContainText('Journey field')

    await page.reload()
    await mapReady(page)
    // The drawn AOI survived the reload, and the library still has the saved one.
    await expect(summary(page)).toContainText('1 polygon')
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect(summary(page)).toContainText('Nothing drawn yet')
    const item = list.getByRole('listitem').filter({ hasText: 'Journey field' })
    await item.getByRole('button', { name: 'Use as AOI' }).click()
    await expect(summary(page)).toContainText('1 polygon')

    // Replace its shape with the current AOI (a merge-patch), after a confirmation.
    const areaText = async () =>
      list.getByRole('listitem').filter({ hasText: 'Journey field' }).locator('p').nth(1).innerText()
    const before = await areaText()
    await page.getByRole('tab', { name: 'Type' }).click()
    await page.getByLabel('Corner coordinates').fill('12.40 41.85\n12.55 41.85\n12.55 41.95\n12.40 41.95')
    await page.getByRole('button', { name: 'Add polygon' }).click()
    await item.getByRole('button', { name: 'More actions for Journey field' }).click()
    await page.getByRole('menuitem', { name: 'Replace with the current AOI…' }).click()
    await page
      .getByRole('dialog', { name: 'Replace its shape?' })
      .getByRole('button', { name: 'Replace shape' })
      .click()
    await expect.poll(areaText).not.toBe(before)

    // Rename, then delete with confirmation.
    await item.getByRole('button', { name: 'More actions for Journey field' }).click()
    await page.getByRole('menuitem', { name: 'Rename…' }).click()
    await page.getByRole('dialog', { name: 'Rename geometry' }).getByLabel('Name').fill('Journey field 2')
    await page.getByRole('button', { name: 'Rename', exact: true }).click()
    await expect(list).toContainText('Journey field 2')
    await list
      .getByRole('listitem')
      .filter({ hasText: 'Journey field 2' })
      .getByRole('button', { name: 'More actions for Journey field 2' })
      .click()
    await page.getByRole('menuitem', { name: 'Delete…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete geometry?' })
    await expect(confirm).toContainText('cannot be undone')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(list.getByText('Journey field 2')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('the AOI survives a re-sign-in, and a save made meanwhile goes through after it', async ({
    page,
    sim,
  }) => {
    await openAreas(page)
    await page.getByRole('tab', { name: 'Type' }).click()
    await page.getByLabel('Corner coordinates').fill('12.40 41.85\n12.55 41.85\n12.55 41.95\n12.40 41.95')
    await page.getByRole('button', { name: 'Add polygon' }).click()
    await expect(summary(page)).toContainText('1 polygon')
    await sim.advance(1801)
    await page.getByLabel('Save the current AOI as').fill('Saved across sessions')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('swath-demo')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Saved geometries' })).toContainText('Saved across sessions')
    await expect(summary(page)).toContainText('1 polygon')
    // One save reached the service: the request that met the dead session was replayed once, not repeated.
    const saves = (await sim.requests()).filter(
      (r) => r.method === 'POST' && r.path === '/v2/spatial/geometries',
    )
    expect(saves.map((r) => r.status)).toEqual([401, 201])
  })
})
