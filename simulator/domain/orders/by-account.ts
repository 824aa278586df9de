import type { OrderRecord } from '../world/types'
import type { World } from '../world/world'

/**
 * Each account's orders in creation order, cached per world and rebuilt when orders are added (they are
 * never removed). The list then scans one account instead of every order, and newest-first is a reversal.
 * Sorting here, not trusting insertion order, because other areas' seeders may add backdated orders.
 */
const accountIndex = new WeakMap<World, { size: number; byAccount: Map<string, OrderRecord[]> }>()

export function ordersOf(world: World, accountId: string): OrderRecord[] {
  let cached = accountIndex.get(world)
  if (!cached || cached.size !== world.orders.size) {
    const byAccount = new Map<string, OrderRecord[]>()
    for (const record of world.orders.values()) {
      let list = byAccount.get(record.order.accountId)
      if (!list) byAccount.set(record.order.accountId, (list = []))
      list.push(record)
    }
    for (const list of byAccount.values()) {
      const inOrder = list.every((r, i) => i === 0 || list[i - 1].order.createdAt <= r.order.createdAt)
      if (!inOrder)
        list.sort((a, b) =>
          a.order.createdAt < b.order.createdAt ? -1 : a.order.createdAt > b.order.createdAt ? 1 : 0,
        )
    }
    cached = { size: world.orders.size, byAccount }
    accountIndex.set(world, cached)
  }
  return cached.byAccount.get(accountId) ?? []
}
