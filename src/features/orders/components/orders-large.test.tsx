// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole } from '../../../testing/sim-backend'

describe('the orders list on the large world', () => {
  it('sorted by name, reads the one page it shows, sorted by the service, and says the total', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const orders = [...world.orders.values()].filter((r) => r.order.accountId === account).length
    expect(orders).toBeGreaterThanOrEqual(10_000)
    await renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], {
      at: '/orders?sort=displayName,asc',
      console: c,
    })
    await screen.findByText(new RegExp(`^${orders.toLocaleString('en')} orders`), {}, { timeout: 20_000 })
    const reads = c.backend.log.filter((r) => r.method === 'GET' && r.path === '/v2/orders')
    const lists = reads.filter((r) => new URLSearchParams(r.query).get('sort') === 'displayName,asc')
    expect(lists.length).toBeGreaterThan(0)
    // Every read of the list is one page of at most 100, never the 10,000 orders to sort them here.
    for (const r of reads) expect(Number(new URLSearchParams(r.query).get('size'))).toBeLessThanOrEqual(100)
  }, 60_000)
})
