import { useEffect, useState } from 'react'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { basketKey, useBasketStore } from '../../components/basket/basket-store'
import { useCheckoutStore } from './checkout-store'
import {
  BUDGET_PROBLEMS,
  explainPlacementError,
  isOrderOfAttempt,
  outcomeOf,
  type Attempt,
  type Order,
  type Placement,
} from '../../data/orders/placement'
import { BUSY_REFUSAL, ordersAfter, placeOnce } from '../../data/orders/place-once'
import type { LineModel } from './use-checkout'

export interface PlacementRun {
  total: number
  done: number
  /** A problem of the whole checkout (the budget), which stops the run. */
  checkoutError: { message: string; details?: string; code?: string } | null
}

/**
 * Lines whose request is out, for the life of the tab: a page that is left and opened again mid-run must
 * neither start another run nor take those lines for ones a reload cut short.
 */
const inFlight = new Set<string>()

/**
 * Places lines one request each, one at a time. One click, one order: a run cannot start while another is
 * going (in this tab, whatever page instance started it) or while any line's outcome is unknown; each placed
 * line leaves the checkout at once; a failure that may hide a created order (no answer, 5xx) is reconciled
 * against the orders list before the line may be placed again. See decision 10.
 */
export function usePlacement(onPlaced?: () => void) {
  const client = useApiClient()
  const [run, setRun] = useState<PlacementRun | null>(null)

  // A run cut short by a reload or a sign-out left lines "placing": their answer is lost, so check them.
  // Lines placed whose settling was cut short leave now. Lines still in flight in this tab are left alone.
  useEffect(() => {
    const { drafts } = useCheckoutStore.getState()
    for (const [key, d] of Object.entries(drafts)) {
      const p = d.placement
      if (!p || inFlight.has(key)) continue
      if (p.kind === 'placed') settlePlaced(key, p.orderId, d.displayName ?? 'Order')
      else if (p.kind === 'placing' || p.kind === 'unknown') {
        inFlight.add(key)
        void reconcileLine(client, key, p.attempt)
          .then((outcome) => {
            if (outcome.kind === 'placed') settlePlaced(key, outcome.orderId, p.attempt.displayName)
          })
          .finally(() => inFlight.delete(key))
      }
    }
  }, [client])

  async function place(
    lines: LineModel[],
    opts: { budgetId: string | null; workspaceId: string },
  ): Promise<void> {
    const { budgetId, workspaceId } = opts
    const store = useCheckoutStore.getState()
    if (store.running || inFlight.size > 0) return
    const todo = lines.filter((l) => l.placement.kind === 'idle' || l.placement.kind === 'failed')
    const busy = lines.some((l) => l.placement.kind === 'placing' || l.placement.kind === 'unknown')
    if (busy || todo.length === 0) return
    store.setRunning(true)
    setRun({ total: todo.length, done: 0, checkoutError: null })
    let placedAny = false
    try {
      for (const [i, line] of todo.entries()) {
        const request = line.request
        // The analyst may have removed the line since the click: only lines still in the checkout go.
        const present = line.scene
          ? useBasketStore.getState().scenes.some((s) => basketKey(s) === line.key)
          : useCheckoutStore.getState().productLines.some((p) => p.key === line.key)
        if (!request || !present) continue
        inFlight.add(line.key)
        try {
          const outcome = await placeLine(client, line, request, { budgetId, workspaceId })
          if (outcome === 'stop') {
            const explained = useCheckoutStore.getState().drafts[line.key]?.placement
            setRun((r) =>
              r && explained?.kind === 'failed'
                ? { ...r, checkoutError: { message: explained.message, details: explained.details } }
                : r,
            )
            useCheckoutStore.getState().setPlacement(line.key, { kind: 'idle' })
            break
          }
          if (outcome.kind === 'placed') {
            placedAny = true
            settlePlaced(line.key, outcome.orderId, request.displayName, line.credits)
          }
        } finally {
          inFlight.delete(line.key)
        }
        setRun((r) => r && { ...r, done: i + 1 })
      }
    } finally {
      useCheckoutStore.getState().setRunning(false)
      if (placedAny) onPlaced?.()
    }
  }

  return { place, run }
}

/** One line: the list before, the request, and the outcome (or 'stop' for a refusal of the whole checkout). */
async function placeLine(
  client: ApiClient,
  line: LineModel,
  request: NonNullable<LineModel['request']>,
  opts: { budgetId: string | null; workspaceId: string },
): Promise<Placement | 'stop'> {
  const store = useCheckoutStore.getState()
  const result = await placeOnce(client, {
    identity: {
      displayName: request.displayName,
      dataProductId: request.dataProduct,
      sceneId: line.sceneId,
      workspaceId: opts.workspaceId,
    },
    request: { ...request, ...(opts.budgetId ? { budgetId: opts.budgetId } : {}) },
    attemptOf: (base) => base,
    onSending: (attempt) => store.setPlacement(line.key, { kind: 'placing', attempt }),
    onUnknown: (attempt) => store.setPlacement(line.key, { kind: 'unknown', attempt }),
  })
  switch (result.kind) {
    case 'busy':
    case 'not-sent': {
      const failed: Placement = {
        kind: 'failed',
        ...(result.kind === 'busy' ? BUSY_REFUSAL : explainPlacementError(result.error)),
      }
      store.setPlacement(line.key, failed)
      return failed
    }
    case 'answered': {
      const outcome = outcomeOf(result.response)
      store.setPlacement(line.key, outcome)
      return outcome
    }
    case 'refused': {
      const e = result.error
      const failed: Placement = {
        kind: 'failed',
        ...explainPlacementError(e),
        fields: isApiError(e) ? e.fieldErrors : [],
      }
      store.setPlacement(line.key, failed)
      const code = isApiError(e) ? e.code : undefined
      // Every line would be refused the same way: stop, and say it once, at the budget.
      return code && BUDGET_PROBLEMS.has(code) ? 'stop' : failed
    }
    case 'lost': {
      const outcome = outcomeOfCheck(result.orders, result.attempt)
      store.setPlacement(line.key, outcome)
      return outcome
    }
  }
}

/** A placed line leaves the basket and the drafts at once; the checkout lists it with a link to its order. */
function settlePlaced(key: string, orderId: string, displayName: string, credits: number | null = null) {
  const store = useCheckoutStore.getState()
  if (!store.placed.some((p) => p.orderId === orderId))
    store.recordPlaced([{ key, orderId, displayName, credits }])
  store.forget([key])
  useBasketStore.getState().remove([key])
}

/** The line's outcome from the orders list after a lost answer; still unknown when it could not be read. */
function outcomeOfCheck(orders: Order[] | null, attempt: Attempt): Placement {
  if (!orders) return { kind: 'unknown', attempt, checkFailed: true }
  const found = orders.find((o) => isOrderOfAttempt(o, attempt))
  return found
    ? { kind: 'placed', orderId: found.id }
    : {
        kind: 'failed',
        message: 'The service did not answer, and no order was created.',
        details: 'Place it again when ready.',
      }
}

/** Looks for the order an attempt may have created (one line, one feature), and settles the line accordingly. */
async function reconcileLine(client: ApiClient, key: string, attempt: Attempt): Promise<Placement> {
  const outcome = outcomeOfCheck(await ordersAfter(client, attempt, 1), attempt)
  useCheckoutStore.getState().setPlacement(key, outcome)
  return outcome
}

/** "Check again" on a line whose outcome could not be checked. */
export function useReconcile() {
  const client = useApiClient()
  return async (key: string, attempt: Attempt) => {
    if (inFlight.has(key)) return
    inFlight.add(key)
    try {
      const outcome = await reconcileLine(client, key, attempt)
      if (outcome.kind === 'placed') settlePlaced(key, outcome.orderId, attempt.displayName)
    } finally {
      inFlight.delete(key)
    }
  }
}
