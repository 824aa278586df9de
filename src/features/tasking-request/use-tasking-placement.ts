import { useEffect, useRef } from 'react'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { BUSY_REFUSAL, ordersAfter, placeOnce } from '../../data/orders/place-once'
import { explainPlacementError, type CreateOrderRequest, type Order } from '../../data/orders/placement'
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
      const result = await placeOnce(client, {
        identity: {
          displayName: request.displayName,
          dataProductId: request.dataProduct,
          sceneId: null,
          workspaceId: opts.workspaceId,
        },
        request: { ...request, ...(opts.budgetId ? { budgetId: opts.budgetId } : {}) },
        attemptOf: (base): TaskingAttempt => ({
          ...base,
          features: opts.features.map((f) => ({ label: f.label, areaKm2: f.areaKm2, geometry: f.polygon })),
        }),
        onSending: (attempt) => store.setPlacement({ kind: 'placing', attempt }),
        onUnknown: (attempt) => store.setPlacement({ kind: 'unknown', attempt }),
      })
      switch (result.kind) {
        case 'busy':
          store.setPlacement({ kind: 'failed', ...BUSY_REFUSAL })
          return
        case 'not-sent':
          store.setPlacement({ kind: 'failed', ...explainPlacementError(result.error) })
          return
        case 'answered': {
          const outcome = placementOfAnswer(result.response, result.attempt)
          store.setPlacement(outcome)
          settled(outcome)
          return
        }
        case 'refused': {
          // A refusal is definite: nothing was created, and everything stays filled with the reason.
          const e = result.error
          store.setPlacement({
            kind: 'failed',
            ...explainPlacementError(e),
            fields: isApiError(e) ? e.fieldErrors : [],
            code: isApiError(e) ? e.code : undefined,
          })
          return
        }
        case 'lost': {
          const outcome = outcomeOfCheck(result.orders, result.attempt)
          store.setPlacement(outcome)
          settled(outcome)
          return
        }
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

/** The outcome from the orders list after a lost answer; still unknown when it could not be read. */
const outcomeOfCheck = (orders: Order[] | null, attempt: TaskingAttempt): TaskingPlacement =>
  orders ? placementOfReconcile(orders, attempt) : { kind: 'unknown', attempt, checkFailed: true }

/** Looks for the orders an attempt may have created, and settles the request accordingly. */
async function reconcile(client: ApiClient, attempt: TaskingAttempt): Promise<TaskingPlacement> {
  const outcome = outcomeOfCheck(await ordersAfter(client, attempt, attempt.features.length), attempt)
  useTaskingStore.getState().setPlacement(outcome)
  return outcome
}
