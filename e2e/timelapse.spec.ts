import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { fromArrayBuffer } from 'geotiff'
import { GifReader } from 'omggif'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const EMAIL = 'analyst@swath.test'

async function api(request: APIRequestContext) {
  const grant = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token } = (await grant.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  return async <T>(path: string, init: 'get' | 'post' = 'get', data?: unknown) =>
    (await (await request[init](`/api${path}`, { headers, data })).json()) as T
}

interface Item {
  id: string
  bbox: number[]
  properties: Record<string, unknown>
  assets: Record<string, { href: string; type?: string }>
}

/** Berlin Mitte 2026, the place with most deliveries in the demo world: its page, and its box. */
async function berlin(request: APIRequestContext) {
  const get = await api(request)
  const { collections } = await get<{ collections: { id: string; title?: string }[] }>(
    '/v2/assets/stac/collections?limit=100',
  )
  const col = collections.find((c) => c.title === 'Pléiades - Berlin Mitte 2026')
  if (!col) throw new Error('seed changed: no Berlin Mitte 2026 delivery')
  const { features } = await get<{ features: Item[] }>(`/v2/assets/stac/collections/${col.id}/items`)
  return { get, path: `/storage/collections/${col.id}/items/${features[0].id}`, box: features[0].bbox }
}

/**
 * The mean NDVI of an item's image over a box, computed here from the file's own overview `width` px wide
 * (read whole with geotiff, not by the page's code): pixels whose centre is inside the box, nodata left out.
 */
async function meanNdvi(
  request: APIRequestContext,
  get: Awaited<ReturnType<typeof api>>,
  itemId: string,
  width: number,
  [bw, bs, be, bn]: number[],
) {
  const { features } = await get<{ features: Item[] }>('/v2/assets/stac/search', 'post', { ids: [itemId] })
  const href = Object.values(features[0].assets).find((a) => /geotiff/i.test(a.type ?? ''))?.href ?? ''
  const assetId = /\/v2\/assets\/([^/?#]+)$/.exec(href)?.[1] ?? ''
  const { url } = await get<{ url: string }>(`/v2/assets/${assetId}/download-url`, 'post')
  const body = await (await request.get(url)).body()
  const tiff = await fromArrayBuffer(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  )
  const full = await tiff.getImage(0)
  const [w, s, e, n] = full.getBoundingBox()
  const nodata = full.getGDALNoData() ?? 0
  for (let i = 0; i < (await tiff.getImageCount()); i++) {
    const image = await tiff.getImage(i)
    if (image.getWidth() !== width) continue
    const height = image.getHeight()
    const bands = image.getSamplesPerPixel()
    const data = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
    let sum = 0
    let count = 0
    for (let y = 0; y < height; y++) {
      const lat = n - ((y + 0.5) * (n - s)) / height
      if (lat < bs || lat > bn) continue
      for (let x = 0; x < width; x++) {
        const lon = w + ((x + 0.5) * (e - w)) / width
        if (lon < bw || lon > be) continue
        const at = (y * width + x) * bands
        if (data[at] === nodata) continue
        const [red, nir] = [data[at], data[at + 3]]
        if (red + nir === 0) continue
        sum += (nir - red) / (nir + red)
        count++
      }
    }
    return { mean: sum / count, count }
  }
  throw new Error(`no ${width} px overview`)
}

/** Signs in on the Berlin Mitte item's page and follows its time-lapse link, as the analyst does. */
async function openBerlinTimelapse(page: Page, request: APIRequestContext) {
  const place = await berlin(request)
  await signIn(page, EMAIL, place.path)
  await page.getByRole('link', { name: 'Time-lapse of this place' }).click()
  return place
}

test('a stored item’s place as a time-lapse: played and stepped, exported as a GIF of its frames, and its series checked against the files', async ({
  page,
  request,
}) => {
  const place = await openBerlinTimelapse(page, request)
  await expect(page).toHaveURL(/\/timelapse\?item=/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Time-lapse of Pléiades - Berlin Mitte 2026' }),
  ).toBeVisible()
  await mapReady(page)
  const player = page.getByRole('group', { name: 'Time-lapse player' })
  await expect(player).toContainText(/Frame 1 of (\d+):/, { timeout: 30_000 })
  const frames = Number(/Frame 1 of (\d+)/.exec((await player.textContent()) ?? '')?.[1])
  expect(frames).toBeGreaterThanOrEqual(4)
  // Every frame read (the progress goes), and the series has a row per frame.
  await expect(page.getByRole('status', { name: 'Reading the frames' })).toHaveCount(0, { timeout: 60_000 })
  const table = page.getByRole('table', { name: 'Mean per date' })
  await expect(table.locator('tbody tr')).toHaveCount(frames)

  // Stepping by keyboard and by button, and playing: the date on the map follows.
  const date = page.getByRole('status', { name: 'Frame date' })
  const first = await date.textContent()
  await page.locator('body').press('ArrowRight')
  await expect(player).toContainText(`Frame 2 of ${frames}:`)
  await expect(date).not.toHaveText(first ?? '')
  await player.getByRole('button', { name: 'Previous frame' }).click()
  await expect(date).toHaveText(first ?? '')
  await player.getByText('4/s').click()
  await player.getByRole('button', { name: 'Play' }).click()
  await expect(player).toContainText(`Frame 3 of ${frames}:`)
  await player.getByRole('button', { name: 'Pause' }).click()
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible()
  await expectAccessible(page)

  // The GIF: one frame per image, decoded here.
  const exportPanel = page.getByRole('region', { name: 'Export' })
  const [gif] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('button', { name: `Export GIF (${frames} frames)` }).click(),
  ])
  expect(gif.suggestedFilename()).toMatch(/^timelapse-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.gif$/)
  const bytes = await readFile((await gif.path()) ?? '')
  const reader = new GifReader(bytes)
  expect(reader.numFrames()).toBe(frames)
  expect(reader.width).toBe(1024)
  expect(reader.frameInfo(0).delay).toBe(25)

  // The CSV: a row per date, each mean the file's own pixels give over the item's box.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const rows = (await readFile((await csv.path()) ?? '', 'utf8')).trim().split('\n')
  expect(rows[0]).toBe('date,acquired,item_id,formula,mean,pixels_in_aoi')
  expect(rows).toHaveLength(frames + 1)
  const dates = rows.slice(1).map((r) => r.split(',')[1])
  expect([...dates].sort()).toEqual(dates)
  for (const row of rows.slice(1)) {
    const cells = row.split(',')
    const itemId = cells[2]
    const width = Number(await table.locator(`tr[data-item="${itemId}"]`).getAttribute('data-width'))
    const own = await meanNdvi(request, place.get, itemId, width, place.box)
    expect(Number(cells[cells.length - 2])).toBeCloseTo(own.mean, 4)
    expect(Number(cells[cells.length - 1])).toBe(own.count)
  }
})

test('the catalog’s quicklooks join the time-lapse as marked frames, are exported with the rest, and the page passes axe in both themes', async ({
  page,
  request,
}) => {
  await openBerlinTimelapse(page, request)
  await mapReady(page)
  const player = page.getByRole('group', { name: 'Time-lapse player' })
  await expect(player).toContainText(/Frame 1 of (\d+):/, { timeout: 30_000 })
  const delivered = Number(/Frame 1 of (\d+)/.exec((await player.textContent()) ?? '')?.[1])
  await expect(page.getByRole('status', { name: 'Reading the frames' })).toHaveCount(0, { timeout: 60_000 })

  // Off by default; the switch by keyboard puts it in the link.
  const toggle = page.getByRole('switch', { name: /Add the catalog's quicklooks/ })
  await expect(toggle).not.toBeChecked()
  await toggle.focus()
  await page.keyboard.press('Space')
  await expect(toggle).toBeChecked()
  await expect(page).toHaveURL(/[?&]quicklooks=1/)
  const joined = page.locator('[data-quicklooks]')
  await expect(joined).toHaveText(/quicklooks? joined the frames\./, { timeout: 30_000 })
  const count = Number(await joined.getAttribute('data-quicklooks'))
  expect(count).toBeGreaterThan(0)
  const total = delivered + count
  await expect(player).toContainText(`Frame 1 of ${total}:`)

  // Stepping through: every quicklook frame says so on its date and in the player, the others do not.
  const date = page.getByRole('status', { name: 'Frame date' })
  let quicklooks = 0
  for (let i = 0; i < total; i++) {
    await expect(player).toContainText(`Frame ${i + 1} of ${total}:`)
    if ((await date.getAttribute('data-kind')) === 'quicklook') {
      quicklooks++
      await expect(date).toHaveText(/^\d{1,2} \w{3} \d{4} · quicklook$/)
      await expect(player).toContainText('catalog quicklook (lower quality)')
    } else await expect(date).not.toContainText('quicklook')
    await player.getByRole('button', { name: 'Next frame' }).click()
  }
  expect(quicklooks).toBe(count)
  // The series keeps the delivered frames, and says why.
  await expect(page.getByRole('table', { name: 'Mean per date' }).locator('tbody tr')).toHaveCount(delivered)
  await expect(page.getByText(/quicklook frames? (is|are) not in the series/)).toBeVisible()

  // Both themes on a quicklook frame, looked at (the screenshots are kept with the run's results) and
  // checked by axe.
  for (let i = 0; i < total && (await date.getAttribute('data-kind')) !== 'quicklook'; i++)
    await player.getByRole('button', { name: 'Next frame' }).click()
  await expect(date).toHaveAttribute('data-kind', 'quicklook')
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('timelapse-quicklook-light.png'), fullPage: true })
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click()
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('timelapse-quicklook-dark.png'), fullPage: true })
  await page.getByRole('button', { name: 'Switch to the light theme' }).click()

  // The GIF holds every frame, the quicklooks too, decoded here.
  const exportPanel = page.getByRole('region', { name: 'Export' })
  const button = exportPanel.getByRole('button', { name: `Export GIF (${total} frames)` })
  await expect(button).toBeEnabled({ timeout: 30_000 })
  const [gif] = await Promise.all([page.waitForEvent('download'), button.click()])
  const reader = new GifReader(await readFile((await gif.path()) ?? ''))
  expect(reader.numFrames()).toBe(total)
  expect(reader.width).toBe(1024)
})
