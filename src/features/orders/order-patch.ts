import type { Order, OrderPatch } from '../../data/orders/queries'

/** The merge-patch of what changed: only the members that differ from the order as shown. */
export function orderPatchOf(order: Order, name: string, tags: readonly string[]): OrderPatch {
  const patch: OrderPatch = {}
  if (name.trim() !== order.displayName) patch.displayName = name.trim()
  if (tags.length !== order.tags.length || tags.some((t, i) => t !== order.tags[i])) patch.tags = [...tags]
  return patch
}
