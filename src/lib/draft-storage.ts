import type { StateStorage } from 'zustand/middleware'
import { jsonLimitProblem, type JsonLimits } from './json-limits'

/**
 * Where drafts (the basket, the AOI, the checkout and tasking drafts) are kept: sessionStorage, under keys of
 * their owner — the signed-in user in their account. A sign-out leaves each user's drafts where they are but
 * shows none of them; whoever signs in next on the tab sees only their own, and the same user signing in
 * again (after a sign-out or an expired session) finds everything as they left it.
 *
 * The owner is set by the app from the session (`app/draft-owner.ts`). Until then (tests of one page, the
 * boot before the session is restored) drafts live under their plain name.
 */

let owner: string | null = null
/** While drafts are emptied for a change of owner, nothing is written: the old owner's copy stays as it was. */
let switching = false

interface DraftStore<T> {
  getInitialState: () => T
  setState: (state: T, replace: true) => void
  persist: { rehydrate: () => Promise<void> | void }
}

interface TabStore<T> {
  getInitialState: () => T
  setState: (state: T, replace: true) => void
}

const stores: { reset: () => void; rehydrate: () => void }[] = []
/** State a tab holds for its user and keeps nowhere (picked downloads, laid quicklooks, hover): emptied on a change of owner. */
const tabStates: (() => void)[] = []

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

const browserStorage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** The sessionStorage key of a draft for the current owner. */
export const draftKey = (name: string) => (owner ? `${name}@${owner}` : name)

/**
 * What a kept draft may be before any store reads it: JSON nested no deeper than the deepest draft the
 * console writes (an AOI's undo history, a checkout line's geometry param: under a dozen levels). Anything
 * else was not written by the console — or by this version of it — and would break the page that reads it.
 */
const KEPT_LIMITS: JsonLimits = {
  depth: 24,
  values: Number.MAX_SAFE_INTEGER,
  stringLength: Number.MAX_SAFE_INTEGER,
}

/** Drafts dropped because they could not be read, by store name, not yet said to the analyst. */
let dropped: string[] = []
const droppedListeners = new Set<() => void>()

/**
 * Drops the current owner's kept copy of a draft that cannot be read (not JSON, beyond `KEPT_LIMITS`, or
 * refused by its store's own check), so its page starts from a fresh draft, and records it for the message.
 */
export function dropDraft(name: string): void {
  storage()?.removeItem(draftKey(name))
  browserStorage()?.removeItem(draftKey(name))
  if (!dropped.includes(name)) dropped = [...dropped, name]
  for (const l of droppedListeners) l()
}

/** The drafts dropped since the last call (the shell says so once), emptied by reading them. */
export function takeDroppedDrafts(): string[] {
  const names = dropped
  dropped = []
  return names
}

/** Called when a draft is dropped; returns the unsubscribe. */
export function onDraftDropped(listener: () => void): () => void {
  droppedListeners.add(listener)
  return () => droppedListeners.delete(listener)
}

/** A kept draft's text, or null when there is none or it was dropped as unreadable. */
function readKept(from: Storage | null | undefined, name: string): string | null {
  const text = from?.getItem(draftKey(name)) ?? null
  if (text === null) return null
  let fits: boolean
  try {
    fits = jsonLimitProblem(JSON.parse(text) as unknown, KEPT_LIMITS) === null
  } catch {
    fits = false
  }
  if (fits) return text
  dropDraft(name)
  return null
}

/** The storage for zustand's `persist` of every draft store (register the store with `ownedDraft`). */
export const draftStorage: StateStorage = {
  getItem: (name) => readKept(storage(), name),
  setItem: (name, value) => {
    if (!switching) storage()?.setItem(draftKey(name), value)
  },
  removeItem: (name) => {
    if (!switching) storage()?.removeItem(draftKey(name))
  },
}

/**
 * Like `draftStorage`, but in localStorage: what the analyst keeps in this browser beyond the tab (saved
 * searches, notification read marks and snapshots, budget thresholds: decisions 33 and 34), under the same
 * owner keys, emptied and reloaded with the drafts when the owner changes. Register those stores with
 * `ownedDraft` too.
 */
export const keptStorage: StateStorage = {
  getItem: (name) => readKept(browserStorage(), name),
  setItem: (name, value) => {
    if (!switching) browserStorage()?.setItem(draftKey(name), value)
  },
  removeItem: (name) => {
    if (!switching) browserStorage()?.removeItem(draftKey(name))
  },
}

/** Registers a persisted draft store, so it empties and reloads when the owner changes. Returns the store. */
export function ownedDraft<S extends DraftStore<T>, T>(store: S & DraftStore<T>): S {
  stores.push({
    reset: () => store.setState(store.getInitialState(), true),
    rehydrate: () => void store.persist.rehydrate(),
  })
  return store
}

/**
 * Registers a store that holds a user's state in this tab only (nothing persisted): it goes back to its
 * initial state whenever the owner changes (a sign-out, another user), so nothing of one user is shown to the
 * next. `onReset` releases what the store holds outside its state (downloads in flight). Returns the store.
 */
export function ownedTabState<S extends TabStore<T>, T>(store: S & TabStore<T>, onReset?: () => void): S {
  tabStates.push(() => {
    onReset?.()
    store.setState(store.getInitialState(), true)
  })
  return store
}

/** The owner of drafts for a user: one per user and account. */
export const draftOwnerOf = (user: { id: string; accountId: string } | null): string | null =>
  user ? `${user.accountId}/${user.id}` : null

export const currentDraftOwner = () => owner

/**
 * Another user (or none) now works in this tab: every draft store empties without touching what is kept, then
 * reads what the new owner had kept. Nothing changes when the owner is the same (an expired session signed
 * in again, a token refresh).
 */
export function setDraftOwner(next: string | null): void {
  if (next === owner) return
  switching = true
  try {
    for (const s of stores) s.reset()
    for (const reset of tabStates) reset()
  } finally {
    switching = false
  }
  owner = next
  for (const s of stores) s.rehydrate()
}
