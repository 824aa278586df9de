import type { StoreApi } from 'zustand'
import { useAoiStore } from '../components/aoi/aoi-store'
import { useBasketStore } from '../components/basket/basket-store'
import { useCatalogUi } from '../features/catalog/catalog-ui-store'
import { useCheckoutStore } from '../features/checkout/checkout-store'
import { useDecisionStore } from '../features/decisions/decision-store'
import { useDownloads } from '../features/storage/download-store'
import { useLaunchStore } from '../features/processing/launch-store'
import { useStorageUi } from '../features/storage/storage-ui-store'
import { useTaskingStore } from '../features/tasking-request/tasking-store'
import { useTaskingUi } from '../features/tasking-request/tasking-ui-store'
import { setDraftOwner } from '../lib/draft-storage'
import { useBudgetThresholds } from '../data/budgets/thresholds'
import { useDismissed } from '../data/attention/dismissed'
import { mapView } from './map-view-state'

/**
 * Starts a component test from a fresh tab: sessionStorage (where drafts persist) and localStorage emptied and each given
 * zustand store back to the state it was created with, actions included. Component test files keep
 * their module graph for the whole file, so stores otherwise carry one test's state into the next.
 *
 *   beforeEach(() => resetStores(useAoiStore, useBasketStore))
 */
export function resetStores<T extends unknown[]>(...stores: { [K in keyof T]: StoreApi<T[K]> }): void {
  sessionStorage.clear()
  // What a user keeps beyond the tab (notification state, budget thresholds) lives in localStorage.
  localStorage.clear()
  for (const store of stores) resetStore(store)
}

function resetStore<S>(store: StoreApi<S>): void {
  // Replace, not merge: fields a test added or changed must not survive into the next test.
  store.setState(store.getInitialState(), true)
}

/**
 * Every store of the console back to its start, sessionStorage emptied, the drafts' owner forgotten and the
 * map double undrawn: what each component test starts from (src/testing/setup-dom.ts), since the files of
 * the DOM project share one module graph.
 */
export function resetAllStores(): void {
  setDraftOwner(null)
  resetStores(
    useAoiStore,
    useBasketStore,
    useCheckoutStore,
    useTaskingStore,
    useCatalogUi,
    useTaskingUi,
    useStorageUi,
    useDownloads,
    useLaunchStore,
    useBudgetThresholds,
    useDecisionStore,
    useDismissed,
  )
  mapView.props = null
  mapView.view = { center: [0, 0], bounds: [-1, -1, 1, 1] }
}
