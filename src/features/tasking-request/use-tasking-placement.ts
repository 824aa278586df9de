import { useEffect, useRef } from 'react'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import {
  BUSY_REFUSAL,
  isHeld,
  placeOnce,
  resumeAttempt,
  useHeld,
  type PlacementTarget,
  type Settled,
} from '../../data/orders/place-once'
import {
  explainPlacementError,
  withBudget,
  type CreateOrderRequest,
  type Order,
} from '../../data/orders/placement'
import {
  isPending,
  ordersOfAttempt,
  placementOfAnswer,
  placementOfReconcile,
  type TaskingAttempt,
  type TaskingFeature,
  type TaskingPlacement,
} from './tasking-rules'
import { useTaskingStore } from './tasking-store'

/** The guard's key of the tasking request: one per tab, as its draft is. */
const KEY = 'tasking'

/** The guard's target: the draft keeps the attempt; any of its orders in the list settles it. */
const target = (featureCount: number): PlacementTarget<TaskingAttempt, Order[]> => ({
  key: KEY,
  featureCount,
  keep: (pending) => useTaskingStore.getState().setPlacement(pending),
  find: (orders, attempt) => (ordersOfAttempt(orders, attempt).length > 0 ? orders : null),
})

/**
 * Places the whole request — every feature — as ONE `POST /v2/orders` through the placement guard
 * (`place-once.ts`), and never twice: an outcome not known yet (no answer, 5xx) is checked against the
 * orders list taken just before the attempt until it is known, and nothing is re-sent by itself. A reload
 * resumes those checks from the attempt kept in the draft. See decisions 10 and 12.
 */
export function useTaskingPlacement(onPlaced?: () => void) {
  const client = useApiClient()
  const running = useHeld(KEY)
  const placedCallback = useRef(onPlaced)
  useEffect(() => {
    placedCallback.current = onPlaced
  })
  const settled = (outcome: TaskingPlacement | null) => {
    if (outcome?.kind === 'placed') placedCallback.current?.()
  }

  // An attempt a reload or a sign-out cut short: its answer is lost, so look for its orders.
  useEffect(() => {
    const p = useTaskingStore.getState().placement
    if (isPending(p) && !isHeld(KEY)) void resume(client, p.attempt).then(settled)
  }, [client])

  async function place(
    request: CreateOrderRequest,
    opts: { workspaceId: string; budgetId: string | null; features: readonly TaskingFeature[] },
  ): Promise<void> {
    const store = useTaskingStore.getState()
    if (isHeld(KEY) || isPending(store.placement) || store.placement.kind === 'placed') return
    const result = await placeOnce(client, target(opts.features.length), {
      identity: {
        displayName: request.displayName,
        dataProductId: request.dataProduct,
        sceneId: null,
        workspaceId: opts.workspaceId,
      },
      request: withBudget(request, opts.budgetId),
      attemptOf: (base): TaskingAttempt => ({
        ...base,
        features: opts.features.map((f) => ({ label: f.label, areaKm2: f.areaKm2, geometry: f.polygon })),
      }),
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
      default:
        settled(settle(result))
    }
  }

  /** "Check again" when looking for the orders failed too. */
  async function checkAgain(): Promise<void> {
    const p = useTaskingStore.getState().placement
    if (isPending(p)) settled(await resume(client, p.attempt))
  }

  return { place, checkAgain, running }
}

/** The request's state from the guard's checks; null when its owner signed out meanwhile. */
function settle(result: Settled<TaskingAttempt, Order[]>): TaskingPlacement | null {
  const store = useTaskingStore.getState()
  switch (result.kind) {
    case 'found':
    case 'not-created': {
      const outcome = placementOfReconcile(result.kind === 'found' ? result.found : [], result.attempt)
      store.setPlacement(outcome)
      return outcome
    }
    case 'unknown':
      return { kind: 'unknown', attempt: result.attempt, checkFailed: true }
    case 'left':
      return null
  }
}

async function resume(client: ApiClient, attempt: TaskingAttempt): Promise<TaskingPlacement | null> {
  const result = await resumeAttempt(client, target(attempt.features.length), attempt)
  return result ? settle(result) : null
}
