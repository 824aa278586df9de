import { useSyncExternalStore } from 'react'
import type { ApiClient } from '../../api/client'
import { isApiError } from '../../api/errors'
import { currentDraftOwner } from '../../lib/draft-storage'
import {
  mayHaveCreated,
  type Attempt,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Order,
} from './placement'
import { createOrder, ORDERS_PAGE_MAX, recentOrdersNamed } from './ordering-queries'

/**
 * The one placement guard: every "one click, one thing created" flow (a checkout line, a tasking request, and
 * later a processing job) goes through it, so the rules live here only (decisions 10 and 13):
 * - one attempt or check at a time per thing placed (`key`), and per name and data product, in this tab;
 * - the orders list before, the request, and after an answer that may hide created orders, the list again;
 * - an outcome that cannot be known yet (no answer: the request may still be at work in the service) stays
 *   "not known yet" and is checked again until it is settled or `SETTLE_WINDOW_MS` after sending has passed;
 *   meanwhile the thing cannot be placed again. A reload resumes the same checks from the kept attempt.
 * What each page makes of the outcome (one order, or one per feature) stays with the page.
 */

/** What identifies the orders an attempt may create, before it starts. */
export type AttemptIdentity = Omit<Attempt, 'startedAt' | 'before'>

/**
 * How long after sending a request that got no answer it may still create orders. The contract promises no
 * bound and the client sets no timeout, so this is the console's: two minutes, far beyond the service's
 * slowest answers. An attempt with nothing in the orders list by then created nothing.
 */
export const SETTLE_WINDOW_MS = 2 * 60_000
/** Pauses between checks of an unknown outcome: soon at first (most answers are only late), then steady. */
export const CHECK_DELAYS_MS: readonly number[] = [1_000, 2_000, 3_000, 5_000]

export interface SettleTiming {
  windowMs: number
  delaysMs: readonly number[]
}

const SETTLE_TIMING: SettleTiming = { windowMs: SETTLE_WINDOW_MS, delaysMs: CHECK_DELAYS_MS }

/** When checks of an attempt stop: the end of the window after it was sent. */
export const settleDeadline = (attempt: Attempt, windowMs = SETTLE_WINDOW_MS) =>
  Date.parse(attempt.startedAt) + windowMs

/**
 * How much of the orders list is read after a lost answer. Newest first, the attempt's orders come before
 * the older ones, so this holds all of them, the older ones already known, and room for orders of the same
 * name placed meanwhile elsewhere. Never more than the list before was read with (`ORDERS_PAGE_MAX`): every
 * older order this page shows is then among `before`, and is not taken for one of the attempt's.
 */
export function reconcilePageSize(attempt: Attempt, featureCount: number): number {
  return Math.min(ORDERS_PAGE_MAX, attempt.before.length + featureCount + 50)
}

// ------------------------------------------------------------------------------------------------ locks

/**
 * What has an attempt or a check out in this tab, whichever page instance started it: the things placed
 * (`checkout:line:<key>`, `tasking`, …), the checkout's run, and the identities (two attempts with one name
 * and data product at once would each take the other's orders for its own when reconciling). A reload clears
 * it; the attempts kept in sessionStorage are then resumed instead.
 */
const held = new Set<string>()
const listeners = new Set<() => void>()
let version = 0

function hold(keys: string[]): boolean {
  if (keys.some((k) => held.has(k))) return false
  for (const k of keys) held.add(k)
  changed()
  return true
}

function release(keys: string[]) {
  for (const k of keys) held.delete(k)
  changed()
}

function changed() {
  version++
  for (const l of listeners) l()
}

/** Whether `key`, or anything under it (`key:…`), is held. */
export const isHeld = (key: string) => [...held].some((k) => k === key || k.startsWith(`${key}:`))

/** The same, for React: re-renders when anything is taken or let go. */
export function useHeld(key: string): boolean {
  useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => version,
  )
  return isHeld(key)
}

const identityKey = (i: AttemptIdentity) =>
  ['identity', i.workspaceId.toLowerCase(), i.dataProductId.toLowerCase(), i.displayName.trim()].join('\n')

/** Whether an attempt with this identity is out in this tab (the checkout or the tasking page). */
export const isPlacing = (identity: AttemptIdentity) => held.has(identityKey(identity))

/**
 * Runs `fn` holding `key` (e.g. the checkout's whole run), or answers null at once when it is held: a double
 * click, or a page opened again while its first instance is still at work, starts nothing.
 */
export async function exclusively<T>(key: string, fn: () => Promise<T>): Promise<T | null> {
  if (!hold([key])) return null
  try {
    return await fn()
  } finally {
    release([key])
  }
}

// ------------------------------------------------------------------------------------------- placing

/** Where a pending attempt stands, for the page to keep in its sessionStorage draft. */
export type Pending<A extends Attempt> =
  | { kind: 'placing'; attempt: A }
  /** No answer yet: being checked; `checkFailed` once checking stopped without reading the orders list. */
  | { kind: 'unknown'; attempt: A; checkFailed?: boolean }

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

export type Settled<A extends Attempt, F> =
  | { kind: 'found'; attempt: A; found: F }
  /** The orders list shows nothing of the attempt, and nothing can still come: it created nothing. */
  | { kind: 'not-created'; attempt: A }
  /** The orders list could not be read: still unknown, and kept so ("Check again"). */
  | { kind: 'unknown'; attempt: A }
  /** The draft's owner signed out meanwhile: the attempt stays kept with their drafts, for their return. */
  | { kind: 'left' }

export type PlaceOnceResult<A extends Attempt, F> =
  /** The thing, or another attempt with the same name and data product, is out in this tab: nothing sent. */
  | { kind: 'busy' }
  /** The orders list before could not be read: nothing was sent. */
  | { kind: 'not-sent'; error: unknown }
  | { kind: 'answered'; attempt: A; response: CreateOrderResponse }
  /** A definite refusal (4xx): nothing was created. */
  | { kind: 'refused'; attempt: A; error: unknown }
  | Settled<A, F>

/**
 * Whether an answer that may hide created orders still leaves the request at work somewhere: no answer at
 * all, or a gateway's 502/504 (the service behind it may not have finished). Any other 5xx came from the
 * service once it was done, so one look at the orders list settles it.
 */
const mayStillBeAtWork = (error: unknown) =>
  !isApiError(error) || error.kind === 'network' || error.status === 502 || error.status === 504

/** The list before, the request, and, when the answer may hide created orders, checks until it is known. */
export async function placeOnce<A extends Attempt, F>(
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
  const keys = [target.key, identityKey(identity)]
  if (!hold(keys)) return { kind: 'busy' }
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
    target.keep({ kind: 'placing', attempt })
    try {
      const response = await createOrder(client, identity.workspaceId, request)
      return { kind: 'answered', attempt, response }
    } catch (error) {
      if (!mayHaveCreated(error)) return { kind: 'refused', attempt, error }
      return await checkUntilKnown(client, target, attempt, !mayStillBeAtWork(error))
    }
  } finally {
    release(keys)
  }
}

/**
 * Settles an attempt whose answer never came to this page (a reload, a sign-out, another page instance cut it
 * short), or "Check again" after checking stopped: the same checks as after a lost answer, under the same
 * lock. Null when the thing is held in this tab: whoever holds it will settle it.
 */
export async function resumeAttempt<A extends Attempt, F>(
  client: ApiClient,
  target: PlacementTarget<A, F>,
  attempt: A,
): Promise<Settled<A, F> | null> {
  const keys = [target.key, identityKey(attempt)]
  if (!hold(keys)) return null
  try {
    // Not known whether the request is still at work: the window decides, as after no answer.
    return await checkUntilKnown(client, target, attempt, false)
  } finally {
    release(keys)
  }
}

/**
 * Looks for the attempt's orders until they are found or nothing can still come: at once when the service
 * has answered (`conclusive`), else until the window after sending has passed. Reads that fail are retried
 * in the same rhythm; when they fail to the end the outcome stays unknown.
 */
async function checkUntilKnown<A extends Attempt, F>(
  client: ApiClient,
  target: PlacementTarget<A, F>,
  attempt: A,
  conclusive: boolean,
): Promise<Settled<A, F>> {
  const { windowMs, delaysMs } = target.timing ?? SETTLE_TIMING
  const deadline = settleDeadline(attempt, windowMs)
  // Checks write into the drafts of the user who placed: they stop if another one takes the tab.
  const owner = currentDraftOwner()
  const stillOwner = () => currentDraftOwner() === owner
  target.keep({ kind: 'unknown', attempt })
  for (let i = 0; ; i++) {
    // A check that starts after the window has passed is the last: what it does not find was never created.
    const open = !conclusive && Date.now() < deadline
    let orders: Order[] | null
    try {
      orders = await recentOrdersNamed(client, attempt, reconcilePageSize(attempt, target.featureCount))
    } catch {
      orders = null
    }
    if (!stillOwner()) return { kind: 'left' }
    const found = orders ? target.find(orders, attempt) : null
    if (found !== null) return { kind: 'found', attempt, found }
    if (!open) {
      if (orders) return { kind: 'not-created', attempt }
      target.keep({ kind: 'unknown', attempt, checkFailed: true })
      return { kind: 'unknown', attempt }
    }
    const pause = delaysMs[Math.min(i, delaysMs.length - 1)] ?? 1_000
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(pause, deadline - Date.now()))))
    if (!stillOwner()) return { kind: 'left' }
  }
}

/** What a page says when `placeOnce` answers `busy`. */
export const BUSY_REFUSAL = {
  message: 'Orders with this name and data product are being placed elsewhere in this tab.',
  details: 'Wait until they are placed, or choose another name, then place again.',
}
