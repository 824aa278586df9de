import { describe, expect, it } from 'vitest'
import { TestSim } from '../../testing/harness'
import { ids } from '../world/ids'

/** What a stored delivery says about its order must hold: the order is there, in its account, fulfilled (or delivering). */
describe('seeded deliveries and their orders', () => {
  it('every stored delivery names an order of its own account that the service answers', async () => {
    const sim = new TestSim()
    const token = await sim.login('analyst@swath.test')
    const orderIds = new Set<string>()
    for (const item of sim.world.stacItems.values()) {
      const props = item.item.properties as Record<string, unknown>
      const orderId = props['up42-order:id']
      if (typeof orderId === 'string' && props['up42-system:account_id'] === ids.enterpriseAccount)
        orderIds.add(orderId)
    }
    expect(orderIds.size).toBeGreaterThan(5)
    const answers = await Promise.all(
      [...orderIds].map(async (id) => {
        const res = await sim.call<{ status: string }>('GET', `/v2/orders/${id}`, { token })
        return `${id}: ${res.status} ${res.status === 200 ? res.body.status : ''}`.trim()
      }),
    )
    // Delivered: fulfilled, or a tasking order still being fulfilled with its first acquisitions in.
    expect(answers.filter((a) => !/: 200 (FULFILLED|BEING_FULFILLED)$/.test(a))).toEqual([])
  })

  it('holds in the large seed too: each bulk delivery names an order of the account', () => {
    const sim = new TestSim({ seed: 'large' })
    const missing = new Set<string>()
    for (const { item } of sim.world.stacItems.values()) {
      const props = item.properties as Record<string, unknown>
      const orderId = props['up42-order:id']
      if (typeof orderId !== 'string') continue
      const order = sim.world.orders.get(orderId)?.order
      if (!order || order.accountId !== props['up42-system:account_id']) missing.add(orderId)
    }
    expect([...missing]).toEqual([])
  }, 120_000)
})
