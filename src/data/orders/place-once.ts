import type { ApiClient } from '../../api/client'
import {
  mayHaveCreated,
  type Attempt,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Order,
} from './placement'
import { createOrder, ORDERS_PAGE_MAX, recentOrdersNamed } from './ordering-queries'

/**
 * One attempt at `POST /v2/orders` that never creates an order twice, shared by the checkout (one feature per
 * request) and the tasking page (up to 100): the orders list before, the request, and after a lost answer the
 * orders list again (decision 10). What each page makes of the outcome stays with the page.
 */

/** What identifies the orders an attempt may create, before it starts. */
export type AttemptIdentity = Omit<Attempt, 'startedAt' | 'before'>

/**
 * How much of the orders list is read after a lost answer. Newest first, the attempt's orders come before
 * the older ones, so this holds all of them, the older ones already known, and room for orders of the same
 * name placed meanwhile elsewhere. Never more than the list before was read with (`ORDERS_PAGE_MAX`): every
 * older order this page shows is then among `before`, and is not taken for one of the attempt's.
 */
export function reconcilePageSize(attempt: Attempt, featureCount: number): number {
  return Math.min(ORDERS_PAGE_MAX, attempt.before.length + featureCount + 50)
}

/**
 * Identities with an attempt out in this tab, whichever page started it. Two attempts with one name and data
 * product at once would each take the other's orders for its own when reconciling, so the second waits.
 */
const placing = new Set<string>()

const identityKey = (i: AttemptIdentity) =>
  [i.workspaceId.toLowerCase(), i.dataProductId.toLowerCase(), i.displayName.trim()].join('\n')

/** Whether an attempt with this identity is out in this tab (the checkout or the tasking page). */
export const isPlacing = (identity: AttemptIdentity) => placing.has(identityKey(identity))

export type PlaceOnceResult<A extends Attempt> =
  /** Another attempt with the same name and data product is out in this tab: nothing was read or sent. */
  | { kind: 'busy' }
  /** The orders list before could not be read: nothing was sent. */
  | { kind: 'not-sent'; error: unknown }
  | { kind: 'answered'; attempt: A; response: CreateOrderResponse }
  /** A definite refusal (4xx): nothing was created. */
  | { kind: 'refused'; attempt: A; error: unknown }
  /** No answer, or a 5xx: the orders list after (null when reading it failed too, so nothing is known). */
  | { kind: 'lost'; attempt: A; orders: Order[] | null }

/**
 * The list before, the request, and, when the answer may hide created orders, the list after. The caller
 * keeps the attempt when `onSending` hands it over (so a reload can reconcile it) and shows "checking" on
 * `onUnknown`; it turns the result into its own state.
 */
export async function placeOnce<A extends Attempt>(
  client: ApiClient,
  opts: {
    identity: AttemptIdentity
    /** Sent as is (budget included), to the identity's workspace. */
    request: CreateOrderRequest
    /** The page's attempt from the shared part (the tasking page adds its features). */
    attemptOf: (base: Attempt) => A
    onSending: (attempt: A) => void
    onUnknown: (attempt: A) => void
  },
): Promise<PlaceOnceResult<A>> {
  const { identity, request } = opts
  const key = identityKey(identity)
  if (placing.has(key)) return { kind: 'busy' }
  placing.add(key)
  try {
    // What already matches, so that a lost answer can be told apart from older orders of the same name.
    // Read as far as one page goes: the read after never goes further (`reconcilePageSize`).
    let before: string[]
    try {
      before = (await recentOrdersNamed(client, identity, ORDERS_PAGE_MAX)).map((o) => o.id)
    } catch (error) {
      return { kind: 'not-sent', error }
    }
    const attempt = opts.attemptOf({ ...identity, startedAt: new Date().toISOString(), before })
    opts.onSending(attempt)
    try {
      const response = await createOrder(client, identity.workspaceId, request)
      return { kind: 'answered', attempt, response }
    } catch (error) {
      if (!mayHaveCreated(error)) return { kind: 'refused', attempt, error }
      opts.onUnknown(attempt)
      const orders = await ordersAfter(client, attempt, request.featureCollection.features.length)
      return { kind: 'lost', attempt, orders }
    }
  } finally {
    placing.delete(key)
  }
}

/**
 * The orders list after an attempt whose answer was lost (a reload, a sign-out or a failure cut it short),
 * for the page to find the attempt's orders in; null when it could not be read either.
 */
export async function ordersAfter(
  client: ApiClient,
  attempt: Attempt,
  featureCount: number,
): Promise<Order[] | null> {
  try {
    return await recentOrdersNamed(client, attempt, reconcilePageSize(attempt, featureCount))
  } catch {
    return null
  }
}

/** What a page says when `placeOnce` answers `busy`. */
export const BUSY_REFUSAL = {
  message: 'Orders with this name and data product are being placed elsewhere in this tab.',
  details: 'Wait until they are placed, or choose another name, then place again.',
}
