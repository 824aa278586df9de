// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'

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
})
