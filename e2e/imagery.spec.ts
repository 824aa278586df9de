import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const EMAIL = 'analyst@swath.test'

interface Found {
  path: string
  bbox: [number, number, number, number]
}

/** The analyst's delivered collections and their items, read through the API. */
async function deliveries(request: APIRequestContext) {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  const list = (await (
    await request.get('/api/v2/assets/stac/collections?limit=100', { headers })
  ).json()) as {
    collections: {
      id: string
      title?: string
      keywords?: string[]
      'up42-order:id'?: string | null
    }[]
  }
  return {
    collections: list.collections.filter((c) => !c.title?.endsWith('(original delivery)')),
    items: async (id: string) =>
      (
        (await (await request.get(`/api/v2/assets/stac/collections/${id}/items`, { headers })).json()) as {
          features: { id: string; bbox: [number, number, number, number] }[]
        }
      ).features,
    orderStatus: async (id: string) => {
      const r = await request.get(`/api/v2/orders/${id}`, { headers })
      return r.ok() ? ((await r.json()) as { status: string }).status : null
    },
  }
}

/** The first item of the analyst's first delivered collection that `match` accepts, read through the API. */
async function deliveredItem(
  request: APIRequestContext,
  match: (c: { title?: string; keywords?: string[] }) => boolean,
): Promise<Found> {
  const api = await deliveries(request)
  const col = api.collections.find(match)
  if (!col) throw new Error('seed changed: no such delivery')
  const [item] = await api.items(col.id)
  return { path: `/storage/collections/${col.id}/items/${item.id}`, bbox: item.bbox }
}

/** The part of a box the map shows, so that points read from its canvas are on it. */
const inView = (page: Page, [w, s, e, n]: [number, number, number, number]) =>
  page.evaluate(
    ([w, s, e, n]) => {
      const b = window.__swathMap?.map.getBounds()
      if (!b) return [w, s, e, n] as [number, number, number, number]
      return [
        Math.max(w, b.getWest()),
        Math.max(s, b.getSouth()),
        Math.min(e, b.getEast()),
        Math.min(n, b.getNorth()),
      ] as [number, number, number, number]
    },
    [w, s, e, n] as const,
  )

/** Waits for the map to have drawn what it was given (a repaint asked for, as `idle` only follows a frame). */
const mapIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const engine = window.__swathMap
        if (!engine) return resolve()
        engine.afterIdle(resolve)
        engine.map.triggerRepaint()
      }),
  )

/**
 * Colours of the map at a grid of points inside the box (its middle half), read from the map's canvas, with
 * how many of them are neither the basemap's land nor its water.
 */
function pixelsInside(page: Page, bbox: [number, number, number, number]) {
  return page.evaluate((box) => {
    const engine = window.__swathMap
    if (!engine) return null
    const m = engine.map
    const gl = m.getCanvas()
    const c = document.createElement('canvas')
    c.width = gl.width
    c.height = gl.height
    const ctx = c.getContext('2d', { willReadFrequently: true })
    if (!ctx) return null
    ctx.drawImage(gl, 0, 0)
    const ratio = gl.width / gl.clientWidth
    const [w, s, e, n] = box
    const colours: number[][] = []
    let imagery = 0
    for (let i = 1; i <= 5; i++)
      for (let j = 1; j <= 5; j++) {
        const lon = w + (e - w) * (0.25 + (i / 6) * 0.5)
        const lat = s + (n - s) * (0.25 + (j / 6) * 0.5)
        const p = m.project([lon, lat])
        const d = ctx.getImageData(Math.round(p.x * ratio), Math.round(p.y * ratio), 1, 1).data
        colours.push([d[0], d[1], d[2]])
        const near = ([r, g, b]: number[]) =>
          Math.abs(d[0] - r) <= 4 && Math.abs(d[1] - g) <= 4 && Math.abs(d[2] - b) <= 4
        // The light basemap's land and water (src/map/basemap.ts).
        if (!near([243, 241, 234]) && !near([185, 211, 230])) imagery++
      }
    return { colours, imagery }
  }, bbox)
}

const distance = (a: number[][], b: number[][]) =>
  a.reduce(
    (sum, c, i) => sum + Math.abs(c[0] - b[i][0]) + Math.abs(c[1] - b[i][1]) + Math.abs(c[2] - b[i][2]),
    0,
  ) / a.length

test.describe('delivered imagery', () => {
  test('an optical delivery is drawn inside its footprint; NDVI and false colour change it; a radar one draws too', async ({
    page,
    request,
  }) => {
    const optical = await deliveredItem(request, (c) => c.title === 'Pléiades Neo - Port of Rotterdam')
    await signIn(page, EMAIL, optical.path)
    await expect(page.getByRole('heading', { level: 1, name: /Port of Rotterdam/ })).toBeVisible()
    await mapReady(page)
    const imagery = page.getByRole('region', { name: 'Imagery' })
    await expect(imagery.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 30_000 })
    await mapIdle(page)
    const trueColour = await pixelsInside(page, optical.bbox)
    expect(trueColour?.imagery).toBeGreaterThan(20)
    await expectAccessible(page)

    await imagery.getByText('NDVI', { exact: true }).click()
    await expect(imagery.locator('[data-preset="ndvi"]')).toBeVisible()
    await expect(imagery.getByRole('img', { name: /Legend: NDVI/ })).toBeVisible()
    await mapIdle(page)
    const ndvi = await pixelsInside(page, optical.bbox)
    expect(distance(ndvi?.colours ?? [], trueColour?.colours ?? [])).toBeGreaterThan(20)
    await expectAccessible(page)

    await imagery.getByText('False colour (NIR, red, green)').click()
    await expect(imagery.locator('[data-preset="false-colour"]')).toBeVisible()
    await mapIdle(page)
    const falseColour = await pixelsInside(page, optical.bbox)
    expect(distance(falseColour?.colours ?? [], ndvi?.colours ?? [])).toBeGreaterThan(20)
    expect(distance(falseColour?.colours ?? [], trueColour?.colours ?? [])).toBeGreaterThan(20)

    // The pixel under the pointer, in words.
    const centre = await page.evaluate(([w, s, e, n]) => {
      const m = window.__swathMap?.map
      const p = m?.project([(w + e) / 2, (s + n) / 2])
      const r = m?.getCanvas().getBoundingClientRect()
      return p && r ? { x: r.left + p.x, y: r.top + p.y } : null
    }, optical.bbox)
    if (centre) await page.mouse.move(centre.x, centre.y)
    await expect(imagery.getByRole('status', { name: 'Pixel values under the pointer' })).toHaveText(
      /NDVI -?\d\.\d\d/,
    )

    // Swipe compare with another delivery of the place: the line moved by keyboard shows one, then the other.
    const compareWith = imagery.getByRole('combobox', { name: 'Compare by swiping with' })
    const other = await compareWith.locator('option').nth(1).getAttribute('value')
    await compareWith.selectOption(other ?? '')
    const handle = page.getByRole('slider', { name: /^Swipe between / })
    await expect(imagery.getByText(/Drag the line on the map/)).toBeVisible({ timeout: 30_000 })
    await expect(handle).toHaveAttribute('aria-valuenow', '50')
    await handle.focus()
    await page.keyboard.press('End')
    await expect(handle).toHaveAttribute('aria-valuenow', '100')
    await mapIdle(page)
    const allLeft = await pixelsInside(page, optical.bbox)
    expect(distance(allLeft?.colours ?? [], falseColour?.colours ?? [])).toBeLessThan(3)
    await page.keyboard.press('Home')
    await expect(handle).toHaveAttribute('aria-valuenow', '0')
    await mapIdle(page)
    const allRight = await pixelsInside(page, optical.bbox)
    expect(distance(allRight?.colours ?? [], falseColour?.colours ?? [])).toBeGreaterThan(20)
    await page.keyboard.press('ArrowRight')
    await expect(handle).toHaveAttribute('aria-valuenow', '5')
    await expectAccessible(page)
    await compareWith.selectOption('')
    await expect(handle).toBeHidden()

    const radar = await deliveredItem(request, (c) => (c.keywords ?? []).some((k) => /capella/i.test(k)))
    await page.goto(radar.path)
    await mapReady(page)
    await expect(imagery.locator('[data-imagery="drawn"][data-preset="radar-db"]')).toBeVisible({
      timeout: 30_000,
    })
    await expect(imagery.getByRole('img', { name: /Legend: Backscatter/ })).toBeVisible()
    await mapIdle(page)
    expect((await pixelsInside(page, radar.bbox))?.imagery).toBeGreaterThan(20)
    await expectAccessible(page)
  })

  test('a collection draws all its items, and an order draws what it delivered', async ({
    page,
    request,
  }) => {
    const api = await deliveries(request)
    const rotterdam = api.collections.find((c) => c.title === 'Pléiades Neo - Port of Rotterdam')
    if (!rotterdam) throw new Error('seed changed: no Rotterdam delivery')
    const items = await api.items(rotterdam.id)
    expect(items.length).toBeGreaterThan(1)
    await signIn(page, EMAIL, `/storage/collections/${rotterdam.id}`)
    await mapReady(page)
    const imagery = page.getByRole('region', { name: 'Imagery' })
    await expect(imagery.locator(`[data-imagery="drawn"][data-drawn="${items.length}"]`)).toBeVisible({
      timeout: 60_000,
    })
    await mapIdle(page)
    for (const item of items) {
      expect((await pixelsInside(page, await inView(page, item.bbox)))?.imagery).toBeGreaterThan(20)
    }
    await imagery.getByText('NDVI', { exact: true }).click()
    await expect(imagery.locator('[data-preset="ndvi"]')).toBeVisible()
    await expect(imagery.getByRole('img', { name: /Legend: NDVI/ })).toBeVisible()
    await expectAccessible(page)

    // A fulfilled order of the seed with its delivery in storage: its page draws the delivery on its map.
    let found: { orderId: string; bbox: [number, number, number, number] } | null = null
    for (const c of api.collections) {
      const orderId = c['up42-order:id']
      if (!orderId || (await api.orderStatus(orderId)) !== 'FULFILLED') continue
      const [item] = await api.items(c.id)
      if (item) {
        found = { orderId, bbox: item.bbox }
        break
      }
    }
    if (!found) throw new Error('seed changed: no fulfilled order with a delivery')
    await page.goto(`/orders/${found.orderId}`)
    await mapReady(page)
    const delivered = page.getByRole('group', { name: 'Delivered imagery' })
    await expect(delivered.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 60_000 })
    await expect(
      page.getByRole('region', { name: 'Area of the order and its delivered imagery' }),
    ).toBeVisible()
    await mapIdle(page)
    expect((await pixelsInside(page, await inView(page, found.bbox)))?.imagery).toBeGreaterThan(20)
    await expectAccessible(page)
  })
})
