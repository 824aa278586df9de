import { useEffect, useRef } from 'react'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { explainPlacementError, mayHaveCreated, type CreateOrderRequest } from './placement'
import { createOrder, recentOrdersNamed } from './queries'
import {
  isPending,
  placementOfAnswer,
  placementOfReconcile,
  type TaskingAttempt,
  type TaskingFeature,
  type TaskingPlacement,
} from './tasking-rules'
import { useTaskingStore } from './tasking-store'

/**
 * A request or a check is out, for the life of the tab: set before the first await of a click, so a double
 * click, or the page left and opened again mid-request, starts nothing. A reload clears it, and the attempt
 * kept in sessionStorage is reconciled instead.
 */
let inFlight = false

/**
 * Places the whole request — every feature — as ONE `POST /v2/orders`, and never twice: an unknown outcome
 * (no answer, 5xx) is settled from the orders list taken just before the attempt, and nothing is re-sent by
 * itself. See decision 10; the same rules as the checkout, for a request of several orders.
 */
export function useTaskingPlacement(onPlaced?: () => void) {
  const client = useApiClient()
  const placedCallback = useRef(onPlaced)
  useEffect(() => {
    placedCallback.current = onPlaced
  })
  const settled = (outcome: TaskingPlacement) => {
    if (outcome.kind === 'placed') placedCallback.current?.()
  }

  // An attempt a reload or a sign-out cut short: its answer is lost, so look for its orders.
  useEffect(() => {
    const p = useTaskingStore.getState().placement
    if (inFlight || !isPending(p)) return
    inFlight = true
    void reconcile(client, p.attempt)
      .then((outcome) => {
        if (outcome.kind === 'placed') placedCallback.current?.()
      })
      .finally(() => {
        inFlight = false
      })
  }, [client])

  async function place(
    request: CreateOrderRequest,
    opts: { workspaceId: string; budgetId: string | null; features: readonly TaskingFeature[] },
  ): Promise<void> {
    const store = useTaskingStore.getState()
    if (inFlight || store.running) return
    if (isPending(store.placement) || store.placement.kind === 'placed') return
    inFlight = true
    store.setRunning(true)
    try {
      const identity = {
        displayName: request.displayName,
        dataProductId: request.dataProduct,
        sceneId: null,
        workspaceId: opts.workspaceId,
      }
      // What already matches, so that a lost answer can be told apart from older orders of the same name.
      let before: string[]
      try {
        before = (await recentOrdersNamed(client, identity)).map((o) => o.id)
      } catch (e) {
        store.setPlacement({ kind: 'failed', ...explainPlacementError(e) })
        return
      }
      const attempt: TaskingAttempt = {
        ...identity,
        startedAt: new Date().toISOString(),
        before,
        features: opts.features.map((f) => ({ label: f.label, areaKm2: f.areaKm2, geometry: f.polygon })),
      }
      store.setPlacement({ kind: 'placing', attempt })
      try {
        const response = await createOrder(client, opts.workspaceId, {
          ...request,
          ...(opts.budgetId ? { budgetId: opts.budgetId } : {}),
        })
        const outcome = placementOfAnswer(response, attempt)
        store.setPlacement(outcome)
        settled(outcome)
      } catch (e) {
        if (mayHaveCreated(e)) {
          store.setPlacement({ kind: 'unknown', attempt })
          settled(await reconcile(client, attempt))
          return
        }
        // A refusal is definite: nothing was created, and everything stays filled with the reason.
        store.setPlacement({
          kind: 'failed',
          ...explainPlacementError(e),
          fields: isApiError(e) ? e.fieldErrors : [],
          code: isApiError(e) ? e.code : undefined,
        })
      }
    } finally {
      inFlight = false
      useTaskingStore.getState().setRunning(false)
    }
  }

  /** "Check again" when looking for the orders failed too. */
  async function checkAgain(): Promise<void> {
    const p = useTaskingStore.getState().placement
    if (inFlight || !isPending(p)) return
    inFlight = true
    useTaskingStore.getState().setRunning(true)
    try {
      settled(await reconcile(client, p.attempt))
    } finally {
      inFlight = false
      useTaskingStore.getState().setRunning(false)
    }
  }

  return { place, checkAgain }
}

/** Looks for the orders an attempt may have created, and settles the request accordingly. */
async function reconcile(client: ApiClient, attempt: TaskingAttempt): Promise<TaskingPlacement> {
  let outcome: TaskingPlacement
  try {
    outcome = placementOfReconcile(await recentOrdersNamed(client, attempt), attempt)
  } catch {
    outcome = { kind: 'unknown', attempt, checkFailed: true }
  }
  useTaskingStore.getState().setPlacement(outcome)
  return outcome
}
