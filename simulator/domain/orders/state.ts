import { releaseCredits } from '../budgets/credits'
import type { OrderRecord, S } from '../world/types'
import type { World } from '../world/world'

/**
 * What orders and the tasking flows both change: an order's status and sub-status (with who and when) and
 * the tasking prices. Apart from orders/lifecycle.ts, which starts tasking flows, so that tasking/ need not import it.
 */

export const SYSTEM_ACTOR: S['Actor'] = { id: 'system', type: 'INTERNAL' }

/** Tasking rates per km², and the factor each priority adds. */
export const TASKING_RATES: Record<string, number> = {
  'phr-tasking': 20,
  'pneo-tasking': 35,
  'capella-tasking': 25,
  'blacksky-tasking': 10,
}
export const PRIORITY_FACTORS: Record<string, number> = { standard: 1, priority: 1.5, rush: 2 }

/** Moves an order to `status` and records who did it and when. */
export function setStatus(
  world: World,
  record: OrderRecord,
  status: S['OrderStatus'],
  actor: S['Actor'] = SYSTEM_ACTOR,
  at = world.now(),
): void {
  record.order.status = status
  touch(record, actor, at)
  const account = world.accounts.get(record.order.accountId)
  if (!account) return
  if (status === 'CANCELED' || status === 'FAILED_PERMANENTLY') {
    releaseCredits(account, record.heldCredits)
    record.heldCredits = 0
  }
}

/** Sets the tasking sub-status (kept in `orderDetails.subStatus`). */
export function setSubStatus(
  world: World,
  record: OrderRecord,
  subStatus: S['OrderSubStatus'],
  actor: S['Actor'] = SYSTEM_ACTOR,
  at = world.now(),
): void {
  const details = record.order.orderDetails
  if (!details || !('acquisitionStart' in details)) return
  details.subStatus = subStatus
  touch(record, actor, at)
}

export function touch(record: OrderRecord, actor: S['Actor'], at: number): void {
  record.order.updatedAt = new Date(at).toISOString()
  record.order.updatedBy = { ...actor }
}
