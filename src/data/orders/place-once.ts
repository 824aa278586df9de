import type { ApiClient } from '../../api/client'
import {
  createOnce,
  isHeldExactly,
  resumeCreation,
  type CreateOnceResult,
  type CreationSpec,
  type Pending,
  type SettleTiming,
  type Settled,
} from '../create-once'
import type { Attempt, CreateOrderRequest, CreateOrderResponse, Order } from './placement'
import { createOrder, ORDERS_PAGE_MAX, recentOrdersNamed } from './ordering-queries'

export {
  CHECK_DELAYS_MS,
  exclusively,
  isHeld,
  SETTLE_WINDOW_MS,
  settleDeadline,
  useHeld,
  type Pending,
  type SettleTiming,
  type Settled,
} from '../create-once'

/**
 * Placing orders through the one creation guard (`../create-once`, decisions 10, 13 and 16): a checkout line or
 * a tasking request. Besides the thing placed, an attempt holds its identity (workspace, name and data
 * product): two attempts with one identity at once would each take the other's orders for their own when
 * reconciling. After a lost answer the orders list, newest first, is read for orders of the identity that
 * were not there before. What each page makes of the outcome (one order, or one per feature) stays with the
 * page.
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

const identityKey = (i: AttemptIdentity) =>
  ['identity', i.workspaceId.toLowerCase(), i.dataProductId.toLowerCase(), i.displayName.trim()].join('\n')

/** Whether an attempt with this identity is out in this tab (the checkout or the tasking page). */
export const isPlacing = (identity: AttemptIdentity) => isHeldExactly(identityKey(identity))

// ------------------------------------------------------------------------------------------- placing

/** One thing placed through the guard. */
export interface PlacementTarget<A extends Attempt, F> {
  /** The thing placed: one attempt or check at a time per key. */
  key: string
  /** Orders the attempt may create (features of the request): the size of the list read after. */
  featureCount: number
  /** Keeps where the attempt stands in the page's draft, so a reload (or another page instance) resumes it. */
  keep: (pending: Pending<A>) => void
  /** The attempt's orders in the list after a lost answer, or null when none of them is there. */
  find: (orders: Order[], attempt: A) => F | null
  /** Tests shorten the window; pages use the default. */
  timing?: SettleTiming
}

type Identified<A extends Attempt, F> = PlacementTarget<A, F> & { identity: AttemptIdentity }

export type PlaceOnceResult<A extends Attempt, F> = CreateOnceResult<A, CreateOrderResponse, F>

/** The guard's view of one thing placed: its locks, and how its orders are found after a lost answer. */
function creation<A extends Attempt, F>(client: ApiClient, target: Identified<A, F>): CreationSpec<A, F> {
  return {
    keys: [target.key, identityKey(target.identity)],
    keep: target.keep,
    timing: target.timing,
    look: async (attempt) =>
      target.find(
        await recentOrdersNamed(client, attempt, reconcilePageSize(attempt, target.featureCount)),
        attempt,
      ),
  }
}

/** The list before, the request, and, when the answer may hide created orders, checks until it is known. */
export function placeOnce<A extends Attempt, F>(
  client: ApiClient,
  target: PlacementTarget<A, F>,
  opts: {
    identity: AttemptIdentity
    /** Sent as is (budget included), to the identity's workspace. */
    request: CreateOrderRequest
    /** The page's attempt from the shared part (the tasking page adds its features). */
    attemptOf: (base: Attempt) => A
  },
): Promise<PlaceOnceResult<A, F>> {
  const { identity, request } = opts
  return createOnce(creation(client, { ...target, identity }), {
    // What already matches, so that a lost answer can be told apart from older orders of the same name.
    // Read as far as one page goes: the read after never goes further (`reconcilePageSize`).
    before: async () => (await recentOrdersNamed(client, identity, ORDERS_PAGE_MAX)).map((o) => o.id),
    attemptOf: (base) => opts.attemptOf({ ...identity, ...base }),
    send: () => createOrder(client, identity.workspaceId, request),
  })
}

/**
 * Settles an attempt whose answer never came to this page (a reload, a sign-out, another page instance cut it
 * short), or "Check again" after checking stopped. Null when the thing is held in this tab: whoever holds it
 * will settle it.
 */
export function resumeAttempt<A extends Attempt, F>(
  client: ApiClient,
  target: PlacementTarget<A, F>,
  attempt: A,
): Promise<Settled<A, F> | null> {
  return resumeCreation(creation(client, { ...target, identity: attempt }), attempt)
}

/** What a page says when `placeOnce` answers `busy`. */
export const BUSY_REFUSAL = {
  message: 'Orders with this name and data product are being placed elsewhere in this tab.',
  details: 'Wait until they are placed, or choose another name, then place again.',
}
