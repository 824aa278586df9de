import { useEffect, useRef, useState } from 'react'
import type { ApiClient } from '../../api/client'
import { useApiClient } from '../../api/console-context'
import { useBasketStore } from '../../components/basket/basket-store'
import { useCheckoutStore, type PlacedOrder } from './checkout-store'
import {
  BUDGET_PROBLEMS,
  explainPlacementError,
  isOrderOfAttempt,
  mayHaveCreated,
  outcomeOf,
  type Attempt,
  type Placement,
} from './placement'
import { createOrder, recentOrdersNamed } from './queries'
import type { LineModel } from './use-checkout'

export interface PlacementRun {
  total: number
  done: number
  /** A problem of the whole checkout (the budget), which stops the run. */
  checkoutError: { message: string; details?: string; code?: string } | null
}

/**
 * Places lines one request each, one at a time. One click, one order: a run cannot start while another is
 * going or while any line's outcome is unknown; a failure that may hide a created order (no answer, 5xx) is
 * reconciled against the orders list before the line may be placed again. See decision 10.
 */
export function usePlacement() {
  const client = useApiClient()
  const running = useRef(false)
  const [run, setRun] = useState<PlacementRun | null>(null)

  // A run cut short by a reload or a sign-out left lines "placing": their answer is lost, so check them.
  const checkedOnLoad = useRef(false)
  useEffect(() => {
    if (checkedOnLoad.current) return
    checkedOnLoad.current = true
    const { drafts } = useCheckoutStore.getState()
    for (const [key, d] of Object.entries(drafts)) {
      const p = d.placement
      if (p && (p.kind === 'placing' || p.kind === 'unknown'))
        void reconcileLine(client, key, p.attempt).then((outcome) => {
          if (outcome.kind === 'placed')
            settlePlaced([
              { key, orderId: outcome.orderId, displayName: p.attempt.displayName, credits: null },
            ])
        })
    }
  }, [client])

  async function place(
    lines: LineModel[],
    opts: { budgetId: string | null; workspaceId: string },
  ): Promise<void> {
    const { budgetId, workspaceId } = opts
    if (running.current) return
    const busy = lines.some((l) => l.placement.kind === 'placing' || l.placement.kind === 'unknown')
    if (busy || lines.length === 0) return
    running.current = true
    const store = useCheckoutStore.getState()
    const placed: PlacedOrder[] = []
    setRun({ total: lines.length, done: 0, checkoutError: null })
    try {
      for (const [i, line] of lines.entries()) {
        const request = line.request
        if (!request) continue
        const identity = {
          displayName: request.displayName,
          dataProductId: request.dataProduct,
          sceneId: line.sceneId,
          workspaceId,
        }
        // What already matches, so that a lost answer can be told apart from an older order of the same name.
        let before: string[]
        try {
          before = (await recentOrdersNamed(client, identity)).map((o) => o.id)
        } catch (e) {
          store.setPlacement(line.key, { kind: 'failed', ...explainPlacementError(e) })
          setRun((r) => r && { ...r, done: i + 1 })
          continue
        }
        const attempt: Attempt = { ...identity, startedAt: new Date().toISOString(), before }
        store.setPlacement(line.key, { kind: 'placing', attempt })
        let outcome: Placement
        try {
          const response = await createOrder(client, workspaceId, {
            ...request,
            ...(budgetId ? { budgetId } : {}),
          })
          outcome = outcomeOf(response)
        } catch (e) {
          if (mayHaveCreated(e)) {
            store.setPlacement(line.key, { kind: 'unknown', attempt })
            outcome = await reconcileLine(client, line.key, attempt)
          } else {
            const explained = explainPlacementError(e)
            outcome = { kind: 'failed', ...explained }
            const code = (e as { code?: string }).code
            if (code && BUDGET_PROBLEMS.has(code)) {
              // Every line would be refused the same way: stop, and say it once, at the budget.
              store.setPlacement(line.key, { kind: 'idle' })
              setRun((r) => r && { ...r, checkoutError: { ...explained, code } })
              break
            }
          }
        }
        store.setPlacement(line.key, outcome)
        if (outcome.kind === 'placed')
          placed.push({
            key: line.key,
            orderId: outcome.orderId,
            displayName: request.displayName,
            credits: line.credits,
          })
        setRun((r) => r && { ...r, done: i + 1 })
      }
    } finally {
      running.current = false
      settlePlaced(placed)
    }
  }

  return { place, run, dismissRun: () => setRun(null) }
}

/** Placed lines leave the basket and the drafts; the checkout lists them with links to their orders. */
function settlePlaced(placed: PlacedOrder[]) {
  if (placed.length === 0) return
  const store = useCheckoutStore.getState()
  store.recordPlaced(placed)
  store.forget(placed.map((p) => p.key))
  useBasketStore.getState().remove(placed.map((p) => p.key))
}

/** Looks for the order an attempt may have created, and settles the line accordingly. */
async function reconcileLine(client: ApiClient, key: string, attempt: Attempt): Promise<Placement> {
  const store = useCheckoutStore.getState()
  let outcome: Placement
  try {
    const orders = await recentOrdersNamed(client, attempt)
    const found = orders.find((o) => isOrderOfAttempt(o, attempt))
    outcome = found
      ? { kind: 'placed', orderId: found.id }
      : {
          kind: 'failed',
          message: 'The service did not answer, and no order was created.',
          details: 'Place it again when ready.',
        }
  } catch {
    outcome = { kind: 'unknown', attempt, checkFailed: true }
  }
  store.setPlacement(key, outcome)
  return outcome
}

/** "Check again" on a line whose outcome could not be checked. */
export function useReconcile() {
  const client = useApiClient()
  return async (key: string, attempt: Attempt) => {
    const outcome = await reconcileLine(client, key, attempt)
    if (outcome.kind === 'placed')
      settlePlaced([{ key, orderId: outcome.orderId, displayName: attempt.displayName, credits: null }])
  }
}
