import type { APIRequestContext, Page } from '@playwright/test'
import { fromArrayBuffer } from 'geotiff'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const EMAIL = 'analyst@swath.test'
const ROTTERDAM = 'Pléiades Neo - Port of Rotterdam'
const SINGAPORE = 'Capella SAR - Singapore Strait'
const FORMULA = '(nir - red) / (nir + red + 1000) * 2'
/** The same formula, written out here so that the page's value is checked against a computation of its own. */
const expected = ([red, , , nir]: number[]) => ((nir - red) / (nir + red + 1000)) * 2

async function api(request: APIRequestContext) {
  const grant = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
  })
  const { access_token } = (await grant.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  return async <T>(path: string, init: 'get' | 'post' = 'get') =>
    (await (await request[init](`/api${path}`, { headers })).json()) as T
}

/** A seeded delivery's first item (Rotterdam: optical; Singapore: radar): its page, and its GeoTIFF's URL. */
async function delivered(request: APIRequestContext, title: string) {
  const get = await api(request)
  const { collections } = await get<{ collections: { id: string; title?: string }[] }>(
    '/v2/assets/stac/collections?limit=100',
  )
  const col = collections.find((c) => c.title === title)
  if (!col) throw new Error(`seed changed: no delivery "${title}"`)
  const { features } = await get<{
    features: { id: string; assets: Record<string, { href: string; type?: string }> }[]
  }>(`/v2/assets/stac/collections/${col.id}/items`)
  const item = features[0]
  const href = Object.values(item.assets).find((a) => /geotiff/i.test(a.type ?? ''))?.href ?? ''
  const assetId = /\/v2\/assets\/([^/?#]+)$/.exec(href)?.[1] ?? ''
  const { url } = await get<{ url: string }>(`/v2/assets/${assetId}/download-url`, 'post')
  return { path: `/storage/collections/${col.id}/items/${item.id}`, url }
}

/** The file's overview `width` px wide, read here with geotiff from the whole file (not the page's code). */
async function overview(request: APIRequestContext, url: string, width: number) {
  const body = await (await request.get(url)).body()
  const tiff = await fromArrayBuffer(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  )
  const full = await tiff.getImage(0)
  const bbox = full.getBoundingBox() as [number, number, number, number]
  for (let i = 0; i < (await tiff.getImageCount()); i++) {
    const image = await tiff.getImage(i)
    if (image.getWidth() !== width) continue
    const data = (await image.readRasters({ interleave: true })) as unknown as Uint16Array
    return { data, width, height: image.getHeight(), bands: image.getSamplesPerPixel(), bbox }
  }
  throw new Error(`no ${width} px overview`)
}

/** Screen points over the image at shares of its box, and the longitude and latitude the map puts there. */
function pointsOver(page: Page, bbox: [number, number, number, number], shares: [number, number][]) {
  return page.evaluate(
    ([[w, s, e, n], shares]) => {
      const m = window.__swathMap?.map
      if (!m) return []
      const r = m.getCanvas().getBoundingClientRect()
      return shares.map(([fx, fy]) => {
        const p = m.project([w + (e - w) * fx, n - (n - s) * fy])
        const x = Math.round(p.x)
        const y = Math.round(p.y)
        const at = m.unproject([x + 0.5, y + 0.5])
        return { x: r.left + x + 0.5, y: r.top + y + 0.5, lon: at.lng, lat: at.lat }
      })
    },
    [bbox, shares] as const,
  )
}

test('a typed formula draws with a legend, reads back on known pixels, says where it is wrong, and stays in the link', async ({
  page,
  request,
}) => {
  const item = await delivered(request, ROTTERDAM)
  await signIn(page, EMAIL, item.path)
  await mapReady(page)
  const imagery = page.getByRole('region', { name: 'Imagery' })
  await expect(imagery.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 30_000 })

  // The stretch: 2–98 % at first, min–max when asked, in the URL.
  await expect(imagery.getByRole('slider', { name: 'Red: lower limit' })).toBeVisible()
  await imagery.getByText('Min–max').click()
  await expect(page).toHaveURL(/stretch=minmax/)
  // A limit moved by keyboard on a histogram makes a custom stretch.
  await imagery.getByRole('slider', { name: 'Green: upper limit' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page).toHaveURL(/stretch=[-\d.]+%2C[-\d.]+%3B/)

  // The view is a navigation (the URL): the switch shows checked once it has landed.
  const formulaSwitch = imagery.getByRole('switch', { name: 'Band maths formula' })
  await formulaSwitch.click()
  await expect(formulaSwitch).toBeChecked()
  const field = imagery.getByRole('textbox', { name: 'Formula' })
  await expect(field).toHaveValue('(nir - red) / (nir + red)')
  // A bad formula says where.
  await field.fill('(nir - red / (nir + red)')
  await expect(imagery.getByText('Expected ")" but found the end at character 25')).toBeVisible()
  await expect(imagery.getByRole('button', { name: 'Draw the formula' })).toBeDisabled()
  await field.fill(FORMULA)
  await field.press('Enter')
  await expect(page).toHaveURL(/formula=/)
  await expect(
    imagery.getByRole('img', { name: new RegExp(`^Legend: ${escape(FORMULA)}, from `) }),
  ).toBeVisible()
  await expectAccessible(page)

  // The readout on known pixels: the file's own samples at the overview the page read, and the formula's value.
  await readoutOnKnownPixels(page, request, item.url, {
    pattern: /^Red \d+, green \d+, blue \d+, NIR \d+, SWIR \d+ · NDVI -?[\d.]+ · formula -?[\d.]+$/,
    // The samples shown are the file's own at that place.
    bands: (px) => `Red ${px[0]}, green ${px[1]}, blue ${px[2]}, NIR ${px[3]}, SWIR ${px[4]} `,
    formula: expected,
  })

  // The link opens the same view.
  const link = page.url()
  expect(decodeURIComponent(new URL(link).searchParams.get('formula') ?? '')).toBe(FORMULA)
  await page.goto(link)
  await mapReady(page)
  await expect(imagery.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 30_000 })
  await expect(imagery.getByRole('textbox', { name: 'Formula' })).toHaveValue(FORMULA)
  await expect(
    imagery.getByRole('img', { name: new RegExp(`^Legend: ${escape(FORMULA)}, from `) }),
  ).toBeVisible()
})

/**
 * Moves the pointer over three known places of the image and checks the readout: the samples it shows are the
 * file's own at the overview the page read (read here with geotiff), and its formula value is `formula` of
 * them, computed here.
 */
async function readoutOnKnownPixels(
  page: Page,
  request: APIRequestContext,
  url: string,
  check: { pattern: RegExp; bands: (samples: number[]) => string; formula: (samples: number[]) => number },
) {
  const imagery = page.getByRole('region', { name: 'Imagery' })
  const level = await imagery.getByText(/from the \d+ px overview/).textContent()
  const width = Number(/from the (\d+) px overview/.exec(level ?? '')?.[1])
  const file = await overview(request, url, width)
  const readout = imagery.getByRole('status', { name: 'Pixel values under the pointer' })
  const points = await pointsOver(page, file.bbox, [
    [0.3, 0.3],
    [0.5, 0.5],
    [0.7, 0.6],
  ])
  expect(points).toHaveLength(3)
  // Where the map puts each pointer move (the page may have changed its layout since the points were taken).
  await page.evaluate(() => {
    window.__swathMap?.map.on('mousemove', (e) => {
      ;(window as unknown as { lastCursor: [number, number] }).lastCursor = [e.lngLat.lng, e.lngLat.lat]
    })
  })
  for (const p of points) {
    await page.mouse.move(p.x, p.y)
    await expect(readout).toHaveText(check.pattern)
    const [lon, lat] = await page.evaluate(
      () => (window as unknown as { lastCursor: [number, number] }).lastCursor,
    )
    const [w, s, e, n] = file.bbox
    const x = Math.floor(((lon - w) / (e - w)) * file.width)
    const y = Math.floor(((n - lat) / (n - s)) * file.height)
    const at = (y * file.width + x) * file.bands
    const samples = Array.from(file.data.slice(at, at + file.bands))
    const text = (await readout.textContent()) ?? ''
    expect(text).toContain(check.bands(samples))
    const shown = Number(/formula (-?[\d.]+)/.exec(text)?.[1])
    expect(shown).toBeCloseTo(check.formula(samples), 3)
  }
}

test('the NDBI preset, offered as the file has a SWIR band, reads (swir - nir) / (swir + nir) on known pixels', async ({
  page,
  request,
}) => {
  const item = await delivered(request, ROTTERDAM)
  await signIn(page, EMAIL, item.path)
  await mapReady(page)
  const imagery = page.getByRole('region', { name: 'Imagery' })
  await expect(imagery.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 30_000 })
  const formulaSwitch = imagery.getByRole('switch', { name: 'Band maths formula' })
  await formulaSwitch.click()
  await expect(formulaSwitch).toBeChecked()
  await expect(imagery.getByRole('textbox', { name: 'Formula' })).toHaveValue('(nir - red) / (nir + red)')
  // An optical image offers the optical presets only.
  await expect(imagery.getByRole('button', { name: 'Radar ratio' })).toHaveCount(0)
  await imagery.getByRole('button', { name: 'NDBI' }).click()
  await expect(imagery.getByRole('textbox', { name: 'Formula' })).toHaveValue('(swir - nir) / (swir + nir)')
  await expect(
    imagery.getByRole('img', { name: /^Legend: \(swir - nir\) \/ \(swir \+ nir\), from / }),
  ).toBeVisible()
  await readoutOnKnownPixels(page, request, item.url, {
    pattern: /^Red \d+, green \d+, blue \d+, NIR \d+, SWIR \d+ · NDVI -?[\d.]+ · formula -?[\d.]+$/,
    bands: (px) => `NIR ${px[3]}, SWIR ${px[4]} `,
    formula: ([, , , nir, swir]) => (swir - nir) / (swir + nir),
  })
})

test('the radar ratio, offered as the file has VV and VH, reads 20·log10(VV / VH) in dB on known pixels', async ({
  page,
  request,
}) => {
  const item = await delivered(request, SINGAPORE)
  await signIn(page, EMAIL, item.path)
  await mapReady(page)
  const imagery = page.getByRole('region', { name: 'Imagery' })
  await expect(imagery.locator('[data-imagery="drawn"]')).toBeVisible({ timeout: 30_000 })
  const formulaSwitch = imagery.getByRole('switch', { name: 'Band maths formula' })
  await formulaSwitch.click()
  await expect(formulaSwitch).toBeChecked()
  // A dual-polarisation image starts on its one preset, the radar ratio.
  await expect(imagery.getByRole('textbox', { name: 'Formula' })).toHaveValue('20 * log10(vv / vh)')
  await expect(imagery.getByRole('button', { name: 'NDVI' })).toHaveCount(0)
  await expect(imagery.getByRole('button', { name: 'Radar ratio' })).toBeVisible()
  await readoutOnKnownPixels(page, request, item.url, {
    pattern: /^VV -?[\d.]+ dB, VH -?[\d.]+ dB \(amplitude \d+, \d+\) · formula -?[\d.]+$/,
    bands: ([vv, vh]) => `(amplitude ${vv}, ${vh})`,
    formula: ([vv, vh]) => 20 * Math.log10(vv / vh),
  })
})

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
