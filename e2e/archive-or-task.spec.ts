import { encodePolygons } from '../src/lib/polyline'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, mapReady, PARIS, signIn, test } from './fixtures'

/** The key of a mark of `kind` that nothing covers at its centre (the marks of a busy day overlap). */
async function uncovered(page: Page, kind: 'scene' | 'pass'): Promise<string> {
  return page.evaluate((kind) => {
    const marks = document.querySelectorAll<HTMLElement>(
      `[data-testid="archive-or-task-cloud"] button[data-kind="${kind}"]`,
    )
    for (const b of marks) {
      const r = b.getBoundingClientRect()
      if (document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b) return b.dataset.key ?? ''
    }
    return ''
  }, kind)
}

test.describe('archive or task', () => {
  test('archive scenes and passes on one axis, linked with the map; a pass turned into a tasking request and placed', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await signIn(page, 'analyst@swath.test', `/catalog?host=oneatlas&limit=60&aoi=${encodePolygons([PARIS])}`)
    await mapReady(page)
    await expect(
      page.getByRole('listbox', { name: 'Search results' }).getByRole('option').nth(3),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Archive or task' }).click()
    const panel = page.getByRole('region', { name: 'Archive or task' })
    // The comparison in a sentence, once every tasking collection has answered; Capella publishes no passes.
    await expect(panel.getByTestId('archive-or-task-summary')).toHaveText(
      /^The newest archive scene is \d+ (days?|hours?) old and \d+ % cloudy; the next pass is in \d+ (days?|hours?) \(.+\)\.$/,
    )
    await expect(panel.getByText(/Capella SAR Tasking: passes are not published/)).toBeVisible()
    const marks = panel.getByRole('group', { name: 'Archive scenes and passes by time and cloud cover' })
    await expect(marks.getByRole('button', { name: /^Archive scene / }).first()).toBeVisible()
    await expect(marks.getByRole('button', { name: /^Pass of / }).first()).toBeVisible()
    // Each mark is drawn in its colour (they once built to an invalid, so transparent, colour).
    for (const kind of [/^Archive scene /, /^Pass of /]) {
      const style = await marks
        .getByRole('button', { name: kind })
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopColor)
      expect(style).toMatch(/^rgb\(/)
    }

    // Hovering a scene's mark lights its footprint on the map; a pass's mark draws its strip.
    const scene = marks.locator(`[data-key="${await uncovered(page, 'scene')}"]`)
    await scene.hover()
    await expect(scene).toHaveAttribute('data-hovered', 'true')
    const sceneId = ((await scene.getAttribute('data-key')) ?? '').replace(/^scene:[^/]+\//, '')
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = window.__swathMap?.map
          const lit = (map?.querySourceFeatures('catalog-footprints') ?? []).filter(
            (f) =>
              f.id !== undefined &&
              (map?.getFeatureState({ source: 'catalog-footprints', id: f.id }) as { hover?: boolean })
                .hover === true,
          )
          return [...new Set(lit.map((f) => String(f.properties.sceneId)))]
        }),
      )
      .toEqual([sceneId])
    const pass = marks.locator(`[data-key="${await uncovered(page, 'pass')}"]`)
    await pass.hover()
    await expect
      .poll(() =>
        page.evaluate(
          () => window.__swathMap?.map.queryRenderedFeatures({ layers: ['catalog-passes-line'] }).length ?? 0,
        ),
      )
      .toBeGreaterThan(0)

    // By keyboard: the tab stop is the next pass; → moves on in time, Enter picks.
    await panel.getByRole('button', { name: 'Close archive or task' }).focus()
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    await expect(focused).toHaveAttribute('aria-label', /^Pass of /)
    await page.keyboard.press('ArrowLeft')
    await expect(focused).toHaveAttribute('aria-label', /^Archive scene /)
    await page.keyboard.press('ArrowRight')
    await expect(focused).toHaveAttribute('aria-label', /^Pass of /)
    const label = (await focused.getAttribute('aria-label')) ?? ''
    await page.keyboard.press('Enter')
    const picked = panel.getByTestId('archive-or-task-picked')
    await expect(picked).toContainText(label)
    await expectAccessible(page)

    // A scene picked goes to the basket from here.
    await scene.focus()
    await page.keyboard.press('Enter')
    await picked.getByRole('button', { name: 'Add to basket' }).click()
    await expect(page.getByRole('button', { name: 'Basket: 1 scene' })).toBeVisible()

    // A Pléiades Neo pass: a tasking request with the area, its collection and a window opening with it.
    const neo = marks.getByRole('button', { name: /^Pass of Pléiades Neo Tasking, / }).first()
    await neo.focus()
    await page.keyboard.press('Enter')
    const [, collection, sensor] =
      /^Pass of (.+?), (.+?), /.exec((await neo.getAttribute('aria-label')) ?? '') ?? []
    await picked.getByRole('link', { name: 'Request this pass' }).click()
    await expect(page.getByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    const notice = page.getByTestId('pass-notice')
    await expect(notice).toContainText(`${collection} and an acquisition window`)
    await expect(notice).toContainText(`the pass of ${sensor}`)
    await expect(page.getByRole('combobox', { name: 'Tasking collection' })).toHaveValue('pneo-tasking')
    await expect(page).toHaveURL(/\/tasking$/)
    // The pass is among the request's opportunities, first in its window.
    const table = page.getByRole('table', { name: 'Acquisition opportunities' })
    await expect(table.getByRole('row').nth(1)).toContainText(sensor)
    await expectAccessible(page)

    await page.getByRole('textbox', { name: 'Order name' }).fill('E2E pass over Paris')
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 tasking order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByTestId('tasking-placed')).toContainText('1 tasking order placed')
  })
})
