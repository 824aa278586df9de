import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  advanceWithPageOpen,
  drawBoxWithMouse,
  expect,
  expectAccessible,
  mapReady,
  signIn,
  test,
} from './fixtures'

const EMAIL = 'analyst@swath.test'

/**
 * Places an archive order through the API (as another tab or the SDK would), so the journey starts from an
 * order on its way to storage without going through the catalog and checkout, which have journeys of their own.
 */
async function placeArchiveOrder(request: APIRequestContext, name: string): Promise<string> {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  const json = async <T>(
    r: Promise<{ ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }>,
  ) => {
    const res = await r
    if (!res.ok()) throw new Error(await res.text())
    return (await res.json()) as T
  }
  const products = await json<{ content: { id: string; name: string; eulaId?: string | null }[] }>(
    request.get('/api/v2/data-products?size=100', { headers }),
  )
  const product = products.content.find((p) => p.name === 'phr-display')
  if (!product) throw new Error('no phr-display product')
  if (product.eulaId) {
    const docs = await json<{ content: { id: string; isCurrent: boolean; isAccepted: boolean }[] }>(
      request.get(`/api/v2/eulas/${product.eulaId}/documents`, { headers }),
    )
    const current = docs.content.find((d) => d.isCurrent)
    if (current && !current.isAccepted)
      await json(
        request.patch(`/api/v2/eulas/${product.eulaId}/documents/${current.id}`, {
          headers: { ...headers, 'content-type': 'application/merge-patch+json' },
          data: { isAccepted: true },
        }),
      )
  }
  const search = await json<{ features: { properties: { id: string }; bbox: number[] }[] }>(
    request.post('/api/catalog/hosts/oneatlas/stac/search', {
      headers,
      data: { collections: ['phr'], limit: 1 },
    }),
  )
  const scene = search.features[0]
  const [w, s, e, n] = scene.bbox
  const [lon, lat, d] = [(w + e) / 2, (s + n) / 2, 0.01]
  const ws = workspaceFromToken(access_token)
  const created = await json<{ results: { id: string }[] }>(
    request.post(`/api/v2/orders?workspaceId=${ws}`, {
      headers,
      data: {
        dataProduct: product.id,
        displayName: name,
        params: { id: scene.properties.id },
        featureCollection: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: {},
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [lon - d, lat - d],
                    [lon + d, lat - d],
                    [lon + d, lat + d],
                    [lon - d, lat + d],
                    [lon - d, lat - d],
                  ],
                ],
              },
            },
          ],
        },
      },
    }),
  )
  return created.results[0].id
}

/** The user's first workspace, as the access token names it (its `workspaces` claim). */
function workspaceFromToken(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
    workspaces?: { id: string }[]
  }
  const ws = claims.workspaces?.[0]?.id
  if (!ws) throw new Error('no workspace in the token')
  return ws
}

const rows = (page: Page) => page.getByRole('list', { name: 'Collections' }).getByRole('listitem')

test.describe('storage', () => {
  test('an order lands in storage: find it, open an item, download a file, rename, filter by area and source, delete', async ({
    page,
    sim,
    request,
  }) => {
    const name = 'Storage journey order'
    const orderId = await placeArchiveOrder(request, name)
    await signIn(page, EMAIL, `/orders/${orderId}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    // Simulated time passes until it is delivered, in steps shorter than the refresh token's 30 minutes, with
    // the order page open: it follows by itself (it polls while the order is under way).
    for (let step = 0; step < 2; step++) await advanceWithPageOpen(page, sim, 25 * 60)
    await expect(page.getByText('Fulfilled', { exact: true }).first()).toBeVisible({ timeout: 60_000 })
    const delivered = page.getByRole('list', { name: 'Delivered collections' })
    await expect(delivered.getByRole('link', { name, exact: true })).toBeVisible()
    await expectAccessible(page)

    // The order → its collection → back to the order.
    await delivered.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('link', { name: /^order / })).toHaveAttribute('href', `/orders/${orderId}`)
    const items = page.getByRole('table', { name: 'Items' })
    await expect(items.getByRole('row')).toHaveCount(2)
    await mapReady(page)
    await expectAccessible(page)
    const collectionUrl = page.url()

    // An item, and one of its files through a link signed on click, fetched without the bearer token.
    await items.getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expectAccessible(page)
    // The map's imagery read ranges of the image (206) through a link of its own, asked as the page opened.
    await expect(page.getByRole('region', { name: 'Imagery' }).locator('[data-imagery="drawn"]')).toBeVisible(
      {
        timeout: 60_000,
      },
    )
    expect((await sim.requests()).some((r) => r.path.startsWith('/__storage/') && r.status === 206)).toBe(
      true,
    )
    await sim.clearRequests()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Image' }).click()
    const file = await download
    const bytes = await readFile((await file.path()) ?? '')
    // A little-endian TIFF: the delivered image is a Cloud-Optimized GeoTIFF.
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x49, 42, 0])
    expect(bytes.byteLength).toBeGreaterThan(100)
    expect(file.suggestedFilename()).toBe('scene-1.tif')
    // Playwright does not see a download's own request: the simulator's log says what reached the bucket. The
    // click asked for a link of its own, and the file was fetched whole with it, without the bearer token.
    const log = await sim.requests()
    expect(log.filter((r) => r.path.endsWith('/download-url')).map((r) => [r.status, r.authorized])).toEqual([
      [201, true],
    ])
    expect(
      log
        .filter((r) => r.path.startsWith('/__storage/') && r.status !== 206)
        .map((r) => [r.status, r.authorized]),
    ).toEqual([[200, false]])

    // The download manager: the image picked, downloaded with its own link, the panel checked by axe.
    // By keyboard: the files table sits under the console's fixed header once scrolled to.
    const pickImage = page.getByRole('checkbox', { name: 'Pick Image for the download manager' })
    await pickImage.focus()
    await page.keyboard.press('Space')
    await expect(pickImage).toBeChecked()
    const manager = page.getByRole('region', { name: 'Downloads' })
    const managed = page.waitForEvent('download')
    await manager.getByRole('button', { name: 'Download all' }).click()
    await expect(manager.getByText('1 of 1 file downloaded')).toBeVisible()
    // Saved under the item's title and the file's (the single link above keeps the bucket's name).
    expect((await managed).suggestedFilename()).toBe(`${name} – Image.tif`)
    await expectAccessible(page)

    // Rename the item.
    const form = page.getByRole('form', { name: 'Title and tags' })
    await form.getByLabel('Title').fill('Harbour east')
    await form.getByLabel('Tags').fill('harbour')
    await page.keyboard.press('Enter')
    await form.getByRole('button', { name: 'Save title and tags' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour east' })).toBeVisible()
    await expect(form.getByText('Saved.')).toBeVisible()

    // Storage, narrowed to the order, then to a box drawn on the map, then by source.
    await page.goto(`/storage?order_ids=${orderId}`)
    await expect(rows(page)).toHaveCount(1)
    await mapReady(page)
    await expectAccessible(page)
    // A box around nearly the whole view, which the map framed on the collection.
    const view = await page.getByTestId('map').boundingBox()
    await drawBoxWithMouse(
      page,
      Math.round((view?.width ?? 400) * 0.4),
      Math.round((view?.height ?? 300) * 0.4),
    )
    await page.getByRole('button', { name: 'Use the drawn area' }).click()
    await expect(page).toHaveURL(/bbox=/)
    await expect(page.getByText(/Collections fully inside/)).toBeVisible()
    await expect(rows(page)).toHaveCount(1)
    // Open already: the view came filtered by the order.
    await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true')
    const filters = page.getByRole('form', { name: 'Storage filters' })
    await filters.getByRole('checkbox', { name: 'Processing results' }).check()
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/sources=PROCESSING/)
    await expect(page.getByText('No collection matches these filters')).toBeVisible()
    await filters.getByRole('checkbox', { name: 'Processing results' }).uncheck()
    await filters.getByRole('checkbox', { name: 'Archive orders' }).check()
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/sources=ARCHIVE/)
    await expect(rows(page)).toHaveCount(1)
    await expectAccessible(page)

    // Delete the collection, after a confirmation that counts what goes.
    await page.goto(collectionUrl)
    await page.getByRole('button', { name: 'Delete collection…' }).click()
    const dialog = page.getByRole('dialog', { name: /Delete/ })
    await expect(dialog.getByText('This deletes 1 item and 3 files (assets) from storage.')).toBeVisible()
    // axe reads colours as drawn: once the dialog has faded in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await expect(page).toHaveURL(/\/storage$/)
    await page.goto(`/storage?order_ids=${orderId}`)
    await expect(page.getByText('No collection matches these filters')).toBeVisible()
  })
  test('storage pages from the keyboard: Next keeps the focus, the URL counts from 0, the pager fits its column', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await signIn(page, EMAIL, '/storage?limit=10')
    const pages = page.getByRole('navigation', { name: 'Pages of collections' })
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    const next = pages.getByRole('button', { name: 'Next page' })
    await next.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]page=1(&|$)/)
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await expect(next).toBeFocused()
    // Back to the first page from the keyboard, by its number.
    const first = pages.getByRole('button', { name: 'Page 1' })
    await first.focus()
    await page.keyboard.press('Space')
    await expect(first).toHaveAttribute('aria-current', 'page')
    await expect(first).toBeFocused()
    // The list column is narrow beside the map: every page control is inside it.
    expect(await pages.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    await expectAccessible(page)
  })

  test('an item page at 1024 × 700 shows every column of its files: the download button and the pick box fit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await signIn(page, EMAIL, '/storage')
    await rows(page).first().getByRole('link').first().click()
    await page.getByRole('table', { name: 'Items' }).getByRole('link').first().click()
    const files = page.getByRole('region', { name: 'Files' })
    const download = files.getByRole('button', { name: /^Download / }).first()
    const pick = files.getByRole('checkbox', { name: /^Pick .* for the download manager$/ }).first()
    // The picture leads the page: its controls appear once it is drawn and push the files down.
    await expect(page.getByRole('button', { name: 'Fit to image' })).toBeVisible({ timeout: 60_000 })
    // Anything still arriving above (the order's name) may move the table again: scroll until it holds.
    await expect(async () => {
      await download.scrollIntoViewIfNeeded()
      await expect(download).toBeInViewport({ ratio: 1, timeout: 1_000 })
      await expect(pick).toBeInViewport({ ratio: 1, timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    const card = await files.boundingBox()
    for (const control of [download, pick]) {
      const box = await control.boundingBox()
      expect(card && box).toBeTruthy()
      if (!card || !box) continue
      expect(box.x).toBeGreaterThanOrEqual(card.x)
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width)
    }
    // Nothing of the table is hidden sideways: it has all the width it needs.
    const scroller = page.getByTestId('files-scroll')
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  })
})
