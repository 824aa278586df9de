import { useSyncExternalStore } from 'react'
import { isApiError } from '../api/errors'
import { currentDraftOwner } from '../lib/draft-storage'

/**
 * The one "one click, one thing created" guard (decisions 10, 16 and 21), apart from what is created: orders
 * (`orders/place-once.ts`) and processing jobs (`processing/run-once.ts`) each say how they read the things
 * an attempt may have made and how they send it; the rules live here only:
 * - one attempt or check at a time per thing (its lock keys), in this tab;
 * - what already matches is read before sending, so that a lost answer can be told apart from older things;
 * - an outcome that cannot be known yet (no answer: the request may still be at work in the service) stays
 *   "not known yet" and is looked for again until it is settled or `SETTLE_WINDOW_MS` after sending has
 *   passed; meanwhile the thing cannot be created again. A reload resumes the same checks from the attempt
 *   the page kept.
 */

/**
 * How long after sending a request that got no answer it may still create something. The contract promises no
 * bound and the client sets no timeout, so this is the console's: two minutes, far beyond the service's
 * slowest answers. An attempt with nothing in its list by then created nothing.
 */
export const SETTLE_WINDOW_MS = 2 * 60_000
/** Pauses between checks of an unknown outcome: soon at first (most answers are only late), then steady. */
export const CHECK_DELAYS_MS: readonly number[] = [1_000, 2_000, 3_000, 5_000]

export interface SettleTiming {
  windowMs: number
  delaysMs: readonly number[]
}

const SETTLE_TIMING: SettleTiming = { windowMs: SETTLE_WINDOW_MS, delaysMs: CHECK_DELAYS_MS }

/** What every attempt carries: when it was sent, and the ids that matched before. */
export interface SentAttempt {
  startedAt: string
  /** Things that matched before the attempt: whatever matches now and is not among them is the attempt's. */
  before: string[]
}

/** When checks of an attempt stop: the end of the window after it was sent. */
export const settleDeadline = (attempt: SentAttempt, windowMs = SETTLE_WINDOW_MS) =>
  Date.parse(attempt.startedAt) + windowMs

// ------------------------------------------------------------------------------------------------ locks

/**
 * What has an attempt or a check out in this tab, whichever page instance started it. A reload clears it; the
 * attempts kept in sessionStorage are then resumed instead.
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

/** Whether exactly this key is held. */
export const isHeldExactly = (key: string) => held.has(key)

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

// --------------------------------------------------------------------------------------------- creating

/** Where a pending attempt stands, for the page to keep in its sessionStorage draft. */
export type Pending<A extends SentAttempt> =
  | { kind: 'placing'; attempt: A }
  /** No answer yet: being checked; `checkFailed` once checking stopped without reading the list. */
  | { kind: 'unknown'; attempt: A; checkFailed?: boolean }

export type Settled<A extends SentAttempt, F> =
  | { kind: 'found'; attempt: A; found: F }
  /** The list shows nothing of the attempt, and nothing can still come: it created nothing. */
  | { kind: 'not-created'; attempt: A }
  /** The list could not be read: still unknown, and kept so ("Check again"). */
  | { kind: 'unknown'; attempt: A }
  /** The draft's owner signed out meanwhile: the attempt stays kept with their drafts, for their return. */
  | { kind: 'left' }

export type CreateOnceResult<A extends SentAttempt, R, F> =
  /** The thing is out in this tab already: nothing sent. */
  | { kind: 'busy' }
  /** The list before could not be read: nothing was sent. */
  | { kind: 'not-sent'; error: unknown }
  | { kind: 'answered'; attempt: A; response: R }
  /** A definite refusal (4xx): nothing was created. */
  | { kind: 'refused'; attempt: A; error: unknown }
  /** The answer may have hidden a created thing (`error`: no answer, or a 5xx): settled by looking. */
  | (Settled<A, F> & { error: unknown })

/** How one kind of thing is created and recognised. */
export interface CreationSpec<A extends SentAttempt, F> {
  /** Locks: one attempt or check at a time per key. */
  keys: string[]
  /** Keeps where the attempt stands in the page's draft, so a reload (or another page instance) resumes it. */
  keep: (pending: Pending<A>) => void
  /**
   * Looks for what the attempt created: found, or null when the list shows none of it; throws when the list
   * cannot be read.
   */
  look: (attempt: A) => Promise<F | null>
  /** Tests shorten the window; pages use the default. */
  timing?: SettleTiming
}

/** Whether a failed request may have created the thing anyway: no answer, or a 5xx. */
export function mayHaveCreated(error: unknown): boolean {
  if (!isApiError(error)) return true
  return error.kind === 'network' || error.status >= 500
}

/**
 * Whether an answer that may hide created things still leaves the request at work somewhere: no answer at
 * all, or a gateway's 502/504 (the service behind it may not have finished). Any other 5xx came from the
 * service once it was done, so one look settles it.
 */
const mayStillBeAtWork = (error: unknown) =>
  !isApiError(error) || error.kind === 'network' || error.status === 502 || error.status === 504

/** The list before, the request, and, when the answer may hide a created thing, checks until it is known. */
export async function createOnce<A extends SentAttempt, R, F>(
  spec: CreationSpec<A, F>,
  opts: {
    /** The ids that match before sending; a failure here sends nothing. */
    before: () => Promise<string[]>
    attemptOf: (base: SentAttempt) => A
    send: (attempt: A) => Promise<R>
  },
): Promise<CreateOnceResult<A, R, F>> {
  if (!hold(spec.keys)) return { kind: 'busy' }
  try {
    let before: string[]
    try {
      before = await opts.before()
    } catch (error) {
      return { kind: 'not-sent', error }
    }
    const attempt = opts.attemptOf({ startedAt: new Date().toISOString(), before })
    spec.keep({ kind: 'placing', attempt })
    try {
      const response = await opts.send(attempt)
      return { kind: 'answered', attempt, response }
    } catch (error) {
      if (!mayHaveCreated(error)) return { kind: 'refused', attempt, error }
      return { ...(await checkUntilKnown(spec, attempt, !mayStillBeAtWork(error))), error }
    }
  } finally {
    release(spec.keys)
  }
}

/**
 * Settles an attempt whose answer never came to this page (a reload, a sign-out, another page instance cut it
 * short), or "Check again" after checking stopped: the same checks as after a lost answer, under the same
 * locks. Null when the thing is held in this tab: whoever holds it will settle it.
 */
export async function resumeCreation<A extends SentAttempt, F>(
  spec: CreationSpec<A, F>,
  attempt: A,
): Promise<Settled<A, F> | null> {
  if (!hold(spec.keys)) return null
  try {
    // Not known whether the request is still at work: the window decides, as after no answer.
    return await checkUntilKnown(spec, attempt, false)
  } finally {
    release(spec.keys)
  }
}

/**
 * Looks for the attempt's result until it is found or nothing can still come: at once when the service has
 * answered (`conclusive`), else until the window after sending has passed. Reads that fail are retried in the
 * same rhythm; when they fail to the end the outcome stays unknown.
 */
async function checkUntilKnown<A extends SentAttempt, F>(
  spec: CreationSpec<A, F>,
  attempt: A,
  conclusive: boolean,
): Promise<Settled<A, F>> {
  const { windowMs, delaysMs } = spec.timing ?? SETTLE_TIMING
  const deadline = settleDeadline(attempt, windowMs)
  // Checks write into the drafts of the user who sent: they stop if another one takes the tab.
  const owner = currentDraftOwner()
  const stillOwner = () => currentDraftOwner() === owner
  spec.keep({ kind: 'unknown', attempt })
  for (let i = 0; ; i++) {
    // A check that starts after the window has passed is the last: what it does not find was never created.
    const open = !conclusive && Date.now() < deadline
    let read = true
    let found: F | null = null
    try {
      found = await spec.look(attempt)
    } catch {
      read = false
    }
    if (!stillOwner()) return { kind: 'left' }
    if (found !== null) return { kind: 'found', attempt, found }
    if (!open) {
      if (read) return { kind: 'not-created', attempt }
      spec.keep({ kind: 'unknown', attempt, checkFailed: true })
      return { kind: 'unknown', attempt }
    }
    const pause = delaysMs[Math.min(i, delaysMs.length - 1)] ?? 1_000
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(pause, deadline - Date.now()))))
    if (!stillOwner()) return { kind: 'left' }
  }
}
