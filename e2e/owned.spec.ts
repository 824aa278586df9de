import type { APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures'

interface SeededScene {
  orderId: string
  orderName: string
  sceneId: string
  collection: string
  day: string
  bbox: number[]
}

/**
 * A fulfilled archive order of the analyst on the OneAtlas host, found through the service as any client
 * would: the orders list (its details name the scene) and a catalog search by the scene's id.
 */
async function seededFulfilledScene(request: APIRequestContext): Promise<SeededScene> {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: {
      grant_type: 'password',
      username: 'analyst@swath.test',
      password: DEMO_PASSWORD,
      client_id: 'service-api',
    },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${access_token}` }
  const list = await request.get('/api/v2/orders?type=ARCHIVE&status=FULFILLED&size=100', { headers })
  const orders = (
    (await list.json()) as {
      content: { id: string; displayName: string; orderDetails?: { imageId?: string } }[]
    }
  ).content
  for (const o of orders) {
    const id = o.orderDetails?.imageId
    if (!id) continue
    const found = await request.post('/api/catalog/hosts/oneatlas/stac/search', {
      headers,
      data: { ids: [id] },
    })
    if (!found.ok()) continue
    const [f] = (
      (await found.json()) as {
        features: {
          properties: { collection: string; datetime: string }
          geometry: { coordinates: number[][][] }
        }[]
      }
    ).features
    if (!f) continue
    const ring = f.geometry.coordinates[0]
    const cx = (Math.min(...ring.map((p) => p[0])) + Math.max(...ring.map((p) => p[0]))) / 2
    const cy = (Math.min(...ring.map((p) => p[1])) + Math.max(...ring.map((p) => p[1]))) / 2
    return {
      orderId: o.id,
      orderName: o.displayName,
      sceneId: id,
      collection: f.properties.collection,
      day: f.properties.datetime.slice(0, 10),
      bbox: [cx - 0.01, cy - 0.01, cx + 0.01, cy + 0.01].map((v) => Number(v.toFixed(4))),
    }
  }
  throw new Error('no fulfilled OneAtlas order in the seed')
}

test.describe('what the account already owns', () => {
  test('a seeded fulfilled scene is found again, marked, and the checkout asks before ordering it again', async ({
    page,
    request,
    sim,
  }) => {
    // The seeded world: the Airbus license waits for its new version, whatever journeys ran before.
    await sim.reset()
    const s = await seededFulfilledScene(request)
    await signIn(
      page,
      'analyst@swath.test',
      `/catalog?host=oneatlas&collections=${s.collection}&from=${s.day}&to=${s.day}&bbox=${s.bbox.join(',')}`,
    )
    const row = page.locator(`[role="option"][data-scene-id="${s.sceneId}"]`)
    await expect(row.getByTestId('owned-line')).toHaveText(/^Ordered \d{1,2} \w{3} \d{4} · Fulfilled/)
    await expectAccessible(page)

    // By keyboard: the scene's details name the order and the collection it delivered.
    const list = page.getByRole('listbox', { name: 'Search results' })
    await list.focus()
    while ((await row.getAttribute('data-active')) === null) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const note = page.getByTestId('owned-note')
    await expect(note).toContainText(/Fulfilled · in storage/)
    await expect(note.getByRole('link', { name: `Order “${s.orderName}”` })).toHaveAttribute(
      'href',
      `/orders/${s.orderId}`,
    )
    await expect(note.getByRole('link', { name: 'Delivered collection' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Add to basket' }).click()
    await expect(page.getByText(/You already ordered this scene on .*; order it again\?/)).toBeVisible()
    await page.getByRole('button', { name: 'Close scene details' }).click()

    await page.getByRole('link', { name: 'Check out' }).click()
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    // Asked for, not looked for: the license gate renders once the account's licenses have answered.
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    await expect(page.getByTestId('repeat-orders')).toContainText(
      'you already ordered this scene with this product on',
    )
    await expect(page.getByTestId('checkout-total')).toHaveText(/Total: [\d,]+ credits/)
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing/ }).check()
    const place = page.getByRole('button', { name: 'Place 1 order' })
    await expect(place).toBeDisabled()
    await expectAccessible(page)
    await page.getByRole('checkbox', { name: 'Yes, order this scene again' }).check()
    await place.click()
    await expect(page.getByText('1 order placed')).toBeVisible()
  })
})
