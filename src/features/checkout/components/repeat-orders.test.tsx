// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { checkoutRoutes } from '../../../app/routes/checkout-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { useBasketStore, type BasketScene } from '../../../components/basket/basket-store'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { acceptEveryLicence, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { useCheckoutStore } from '../checkout-store'

/** The scene of a seeded fulfilled archive order of the analyst's account, as the catalog puts it in the basket. */
function ownedScene(c: TestConsole): { scene: BasketScene; orderId: string; orderName: string } {
  const world = c.backend.sim.runtime.world
  const me = c.session.getSnapshot().user?.accountId
  for (const r of world.orders.values()) {
    const o = r.order
    if (o.accountId !== me || o.type !== 'ARCHIVE' || o.status !== 'FULFILLED') continue
    const id = o.orderDetails && 'imageId' in o.orderDetails ? String(o.orderDetails.imageId) : ''
    const s = world.scenesById.get(id)
    if (!s || s.feature.properties.collection !== 'spot') continue
    return {
      orderId: o.id,
      orderName: o.displayName,
      scene: {
        id,
        host: s.host,
        collection: 'spot',
        constellation: s.feature.properties.constellation,
        datetime: new Date(s.time).toISOString(),
        cloudCoverage: s.feature.properties.cloudCoverage ?? null,
        resolution: s.feature.properties.resolution ?? null,
        footprint: s.feature.geometry as Polygon,
      },
    }
  }
  throw new Error('no fulfilled SPOT order in the seed')
}

beforeEach(() => {
  resetStores(useBasketStore, useCheckoutStore, useAoiStore)
})

describe('ordering a scene again', () => {
  it('warns on the line and asks on the review before placing a scene already ordered with that product', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const { scene, orderId, orderName } = ownedScene(c)
    useBasketStore.getState().add([scene])
    const user = userEvent.setup()
    await renderWithConsole((ctx) => checkoutRoutes(ctx), { at: '/checkout', console: c })

    const warning = await screen.findByTestId('repeat-orders')
    expect(warning).toHaveTextContent(
      /you already ordered this scene with this product on \d{1,2} \w{3} \d{4} \(fulfilled/,
    )
    expect(within(warning).getByRole('link', { name: orderName })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    )

    await waitFor(() =>
      expect(screen.getByTestId('checkout-total')).toHaveTextContent(/Total: [\d,]+ credits/),
    )
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 1 order' })
      if (review) await user.click(review)
      expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toBeInTheDocument()
    })
    await user.click(screen.getByRole('checkbox', { name: /I confirm placing/ }))
    const place = screen.getByRole('button', { name: 'Place 1 order' })
    // Confirming the price is not enough: the analyst says they mean to pay for it again.
    expect(place).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Yes, order this scene again' }))
    expect(place).toBeEnabled()
    await user.click(place)
    await screen.findByText('1 order placed')
  })

  it('says nothing for a scene the account never ordered', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const world = c.backend.sim.runtime.world
    const ownedIds = new Set(
      [...world.orders.values()].map((r) =>
        r.order.orderDetails && 'imageId' in r.order.orderDetails ? String(r.order.orderDetails.imageId) : '',
      ),
    )
    const s = world.scenes.find(
      (x) => x.feature.properties.collection === 'spot' && !ownedIds.has(x.feature.properties.id),
    )
    if (!s) throw new Error('no fresh SPOT scene')
    useBasketStore.getState().add([
      {
        ...ownedScene(c).scene,
        id: s.feature.properties.id,
        footprint: s.feature.geometry as Polygon,
      },
    ])
    const user = userEvent.setup()
    await renderWithConsole((ctx) => checkoutRoutes(ctx), { at: '/checkout', console: c })
    await waitFor(() =>
      expect(screen.getByTestId('checkout-total')).toHaveTextContent(/Total: [\d,]+ credits/),
    )
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 1 order' })
      if (review) await user.click(review)
      expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toBeInTheDocument()
    })
    await user.click(screen.getByRole('checkbox', { name: /I confirm placing/ }))
    expect(screen.getByRole('button', { name: 'Place 1 order' })).toBeEnabled()
    expect(screen.queryByTestId('repeat-orders')).toBeNull()
  })
})
