// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { mapView } from '../../../testing/map-view-state'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'
import type { Order } from '../../../data/orders/queries'
import { OrderStorage } from './order-storage'

describe('order page → storage', () => {
  it('a fulfilled order links to each collection it delivered and to storage filtered by it', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const delivered = [...world.stacCollections.values()].find(
      (r) => r.transformed && r.accountId === account && r.orderId && world.orders.get(r.orderId),
    )
    if (!delivered?.orderId) throw new Error('seed changed: no order with a delivery')
    await renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], {
      at: `/orders/${delivered.orderId}`,
      console: c,
    })
    const list = await screen.findByRole('list', { name: 'Delivered collections' })
    const links = within(list).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toContain(
      `/storage/collections/${delivered.collection.id}`,
    )
    expect(screen.getByRole('link', { name: 'In storage' }).getAttribute('href')).toBe(
      `/storage?order_ids=${delivered.orderId}`,
    )
    const sent = c.backend.log.find((l) => l.path === '/v2/assets/stac/collections')
    expect(new URLSearchParams(sent?.query).get('order_ids')).toBe(delivered.orderId)
  })

  it('draws what the order delivered on its map, found by a storage search on the order', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const delivered = [...world.stacCollections.values()].find(
      (r) =>
        r.transformed &&
        r.accountId === account &&
        r.orderId &&
        world.orders.get(r.orderId)?.order.status === 'FULFILLED' &&
        r.itemIds.length > 0,
    )
    if (!delivered?.orderId) throw new Error('seed changed: no fulfilled order with delivered items')
    await renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], {
      at: `/orders/${delivered.orderId}`,
      console: c,
    })
    const group = await screen.findByRole('group', { name: 'Delivered imagery' })
    await waitFor(() => expect(group.querySelector('[data-imagery="drawn"]')).toBeInTheDocument(), {
      timeout: 20_000,
    })
    const search = c.backend.log.find((l) => l.path === '/v2/assets/stac/search')
    expect(search?.body).toMatchObject({
      filter: { op: '=', args: [{ property: 'order_id' }, delivered.orderId] },
    })
    const ids = (mapView.props?.images ?? []).map((i) => i.id)
    expect(ids).toEqual(expect.arrayContaining(delivered.itemIds.map((id) => `imagery-${id}`)))
    expect(mapView.props?.label).toBe('Area of the order and its delivered imagery')
    expect(within(group).getByRole('radiogroup', { name: 'Band combination' })).toBeInTheDocument()
  })

  it('asks storage again once the order it shows is fulfilled: the last deliveries land meanwhile', async () => {
    const c = await signedInConsole()
    const first = (await c.client.GET('/v2/orders', { params: { query: { size: 1 } } })).data?.content[0]
    if (!first) throw new Error('seed changed: no order')
    const order: Order = first
    function Page() {
      const [status, setStatus] = useState<Order['status']>('BEING_FULFILLED')
      return (
        <>
          <button onClick={() => setStatus('FULFILLED')}>Fulfilled</button>
          <OrderStorage order={{ ...order, status }} />
        </>
      )
    }
    await renderWithConsole(<Page />, { console: c })
    const asked = () => c.backend.log.filter((l) => l.path === '/v2/assets/stac/collections').length
    await waitFor(() => expect(asked()).toBe(1))
    fireEvent.click(screen.getByRole('button', { name: 'Fulfilled' }))
    await waitFor(() => expect(asked()).toBe(2))
  })
})
