import { describe, expect, it } from 'vitest'
import { seededWorld } from '../seed/world'
import { ids } from '../world/ids'
import { manualClock } from '../world/clock'
import type { OrderRecord } from '../world/types'
import { ordersOf } from './by-account'

describe('ordersOf', () => {
  it("holds one account's orders, oldest first, and only them", () => {
    const world = seededWorld(manualClock(), 'default')
    const own = ordersOf(world, ids.enterpriseAccount)
    const expected = [...world.orders.values()].filter((r) => r.order.accountId === ids.enterpriseAccount)
    expect(own.length).toBe(expected.length)
    expect(new Set(own)).toEqual(new Set(expected))
    const times = own.map((r) => r.order.createdAt)
    expect(times).toEqual([...times].sort())
  })

  it('sees an order added after it was first asked, even one dated before the others', () => {
    const world = seededWorld(manualClock(), 'default')
    const before = ordersOf(world, ids.enterpriseAccount)
    const template = before[before.length - 1]
    const backdated: OrderRecord = {
      ...template,
      order: {
        ...template.order,
        id: '00000000-0000-4000-8000-000000000001',
        createdAt: '2000-01-01T00:00:00Z',
      },
    }
    world.orders.set(backdated.order.id, backdated)
    const after = ordersOf(world, ids.enterpriseAccount)
    expect(after.length).toBe(before.length + 1)
    expect(after[0]).toBe(backdated)
  })

  it('answers an account without orders with an empty list', () => {
    expect(ordersOf(seededWorld(manualClock(), 'default'), 'no-such-account')).toEqual([])
  })
})
