import type { StoreApi } from 'zustand'

/**
 * Starts a component test from a fresh tab: sessionStorage (where drafts persist) emptied and each given
 * zustand store back to the state it was created with, actions included. Component test files keep
 * their module graph for the whole file, so stores otherwise carry one test's state into the next.
 *
 *   beforeEach(() => resetStores(useAoiStore, useBasketStore))
 */
export function resetStores<T extends unknown[]>(...stores: { [K in keyof T]: StoreApi<T[K]> }): void {
  sessionStorage.clear()
  for (const store of stores) resetStore(store)
}

function resetStore<S>(store: StoreApi<S>): void {
  // Replace, not merge: fields a test added or changed must not survive into the next test.
  store.setState(store.getInitialState(), true)
}
