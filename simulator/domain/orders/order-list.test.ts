import { describe, expect, it } from 'vitest'
import { seededWorld } from '../seed/world'
import { manualClock } from '../world/clock'
import { ids } from '../world/ids'
import { listOrders, type OrderQuery } from './order-list'

const world = seededWorld(manualClock(), 'default')
const none = new Set<string>()
const query = (q: Partial<OrderQuery> = {}): OrderQuery => ({
  accountId: ids.enterpriseAccount,
  statuses: none,
  subStatuses: none,
  dataProductIds: none,
  orderIds: none,
  budgetIds: none,
  tags: none,
  ...q,
})

describe('listOrders', () => {
  it("keeps only the account's orders, newest first without a sort and oldest first by createdAt,asc", () => {
    const orders = listOrders(world, query())
    expect(orders.length).toBeGreaterThan(5)
    expect(orders.every((o) => o.accountId === ids.enterpriseAccount)).toBe(true)
    const created = orders.map((o) => o.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    const ascending = listOrders(world, query({ sort: { field: 'createdAt', direction: 'asc' } }))
    expect(ascending.map((o) => o.id)).toEqual(orders.map((o) => o.id).reverse())
    expect(listOrders(world, query({ accountId: 'nobody' }))).toEqual([])
  })

  it('keeps what every filter names, and an order with any of the tags', () => {
    const all = listOrders(world, query())
    const [first, second] = all
    expect(listOrders(world, query({ type: 'TASKING' })).every((o) => o.type === 'TASKING')).toBe(true)
    const byStatus = listOrders(world, query({ statuses: new Set([first.status]) }))
    expect(byStatus.length).toBe(all.filter((o) => o.status === first.status).length)
    const byIds = listOrders(world, query({ orderIds: new Set([first.id, second.id]) }))
    expect(byIds.map((o) => o.id)).toEqual([first.id, second.id])
    const tagged = all.find((o) => o.tags.length > 0)
    expect(tagged).toBeDefined()
    const tag = tagged?.tags[0] ?? ''
    const byTag = listOrders(world, query({ tags: new Set([tag, 'no-such-tag']) }))
    expect(byTag.length).toBe(all.filter((o) => o.tags.includes(tag)).length)
    const part = first.displayName.slice(1, 5).toLowerCase()
    const byName = listOrders(world, query({ displayName: part }))
    expect(byName.every((o) => o.displayName.toLowerCase().includes(part))).toBe(true)
    expect(byName.map((o) => o.id)).toContain(first.id)
    const both = listOrders(world, query({ type: first.type, workspaceId: first.workspaceId }))
    expect(both.every((o) => o.type === first.type && o.workspaceId === first.workspaceId)).toBe(true)
  })

  it('keeps only orders whose sub-status is listed, which archive orders never have', () => {
    const tasking = listOrders(world, query({ type: 'TASKING' }))
    const sub = tasking
      .map((o) => (o.orderDetails && 'subStatus' in o.orderDetails ? o.orderDetails.subStatus : undefined))
      .find((s) => typeof s === 'string')
    expect(sub).toBeDefined()
    const found = listOrders(world, query({ subStatuses: new Set([String(sub)]) }))
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((o) => o.type === 'TASKING')).toBe(true)
  })

  it('sorts by name either way', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const names = listOrders(world, query({ sort: { field: 'displayName', direction } })).map(
        (o) => o.displayName,
      )
      const expected = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(names).toEqual(direction === 'asc' ? expected : expected.reverse())
    }
  })
})
