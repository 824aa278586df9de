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
  withBudget,
} from '../../data/orders/placement'
import {
  BUSY_REFUSAL,
  exclusively,
  isHeld,
  placeOnce,
  resumeAttempt,
  type PlacementTarget,
  type Settled,
  useHeld,
} from '../../data/orders/place-once'
import type { LineModel } from './use-checkout'

export interface PlacementRun {
  total: number
  done: number
  /** A problem of the whole checkout (the budget), which stops the run. */
  checkoutError: { message: string; details?: string; code?: string } | null
}

/** The guard's key of a checkout line, and of the checkout's whole run (which holds every line under it). */
const RUN = 'checkout'
const lineKey = (key: string) => `${RUN}:line:${key}`

/**
 * Places lines one request each, one at a time, through the placement guard (`place-once.ts`). One click, one
 * order: a run cannot start while another is going (in this tab, whatever page instance started it) or while
 * any line's outcome is not known yet; each placed line leaves the checkout at once; a failure that may hide
 * a created order (no answer, 5xx) is checked against the orders list until it is known. See decision 10.
 */
export function usePlacement(onPlaced?: () => void) {
  const client = useApiClient()
  const [run, setRun] = useState<PlacementRun | null>(null)
  const running = useHeld(RUN)

  // A run cut short by a reload or a sign-out left lines "placing": their answer is lost, so check them.
  // Lines placed whose settling was cut short leave now. Lines held in this tab are left to their holder.
  useEffect(() => {
    const { drafts } = useCheckoutStore.getState()
    for (const [key, d] of Object.entries(drafts)) {
      const p = d.placement
      if (!p || isHeld(lineKey(key))) continue
      if (p.kind === 'placed') settlePlaced(key, p.orderId, d.displayName ?? 'Order')
      else if (p.kind === 'placing' || p.kind === 'unknown') void checkLine(client, key, p.attempt)
    }
  }, [client])

  async function place(
    lines: LineModel[],
    opts: { budgetId: string | null; workspaceId: string },
  ): Promise<void> {
    const { budgetId, workspaceId } = opts
    const todo = lines.filter((l) => l.placement.kind === 'idle' || l.placement.kind === 'failed')
    const busy = lines.some((l) => l.placement.kind === 'placing' || l.placement.kind === 'unknown')
    if (busy || todo.length === 0 || isHeld(RUN)) return
    let placedAny = false
    await exclusively(RUN, async () => {
      setRun({ total: todo.length, done: 0, checkoutError: null })
      try {
        for (const [i, line] of todo.entries()) {
          const request = line.request
          // The analyst may have removed the line since the click: only lines still in the checkout go.
          const present = line.scene
            ? useBasketStore.getState().scenes.some((s) => basketKey(s) === line.key)
            : useCheckoutStore.getState().productLines.some((p) => p.key === line.key)
          if (!request || !present) continue
          const outcome = await placeLine(client, line, request, { budgetId, workspaceId })
          if (outcome?.kind === 'stop') {
            // The refusal keeps its problem's slug: the page words a budget refusal by it (decision 62).
            setRun((r) => r && { ...r, checkoutError: outcome.refusal })
            useCheckoutStore.getState().setPlacement(line.key, { kind: 'idle' })
            break
          }
          if (outcome?.kind === 'placed') {
            placedAny = true
            settlePlaced(line.key, outcome.orderId, request.displayName, line.credits)
          }
          setRun((r) => r && { ...r, done: i + 1 })
        }
      } finally {
        if (placedAny) onPlaced?.()
      }
    })
  }

  return { place, run, running }
}

/** The guard's target for one line: its draft keeps the attempt, and one order of the attempt settles it. */
function lineTarget(key: string): PlacementTarget<Attempt, Order> {
  return {
    key: lineKey(key),
    featureCount: 1,
    keep: (pending) => useCheckoutStore.getState().setPlacement(key, pending),
    find: (orders, attempt) => orders.find((o) => isOrderOfAttempt(o, attempt)) ?? null,
  }
}

const NOT_CREATED: Placement = {
  kind: 'failed',
  message: 'The service did not answer, and no order was created.',
  details: 'Place it again when ready.',
}

/** A refusal of the whole checkout (the budget): the run stops, and the page says it once, at the budget. */
interface Stop {
  kind: 'stop'
  refusal: NonNullable<PlacementRun['checkoutError']>
}

/**
 * One line: the list before, the request, and the outcome (or a stop for a refusal of the whole checkout;
 * null when its owner signed out meanwhile and the line stays kept with their drafts).
 */
async function placeLine(
  client: ApiClient,
  line: LineModel,
  request: NonNullable<LineModel['request']>,
  opts: { budgetId: string | null; workspaceId: string },
): Promise<Placement | Stop | null> {
  const store = useCheckoutStore.getState()
  const result = await placeOnce(client, lineTarget(line.key), {
    identity: {
      displayName: request.displayName,
      dataProductId: request.dataProduct,
      sceneId: line.sceneId,
      workspaceId: opts.workspaceId,
    },
    request: withBudget(request, opts.budgetId),
    attemptOf: (base) => base,
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
      return code && BUDGET_PROBLEMS.has(code)
        ? { kind: 'stop', refusal: { message: failed.message, details: failed.details, code } }
        : failed
    }
    default:
      return settleLine(line.key, result)
  }
}

/** The line's state from the guard's checks; a found order is the line's. */
function settleLine(key: string, result: Settled<Attempt, Order>): Placement | null {
  const store = useCheckoutStore.getState()
  switch (result.kind) {
    case 'found': {
      const placed: Placement = { kind: 'placed', orderId: result.found.id }
      store.setPlacement(key, placed)
      return placed
    }
    case 'not-created':
      store.setPlacement(key, NOT_CREATED)
      return NOT_CREATED
    case 'unknown':
      return { kind: 'unknown', attempt: result.attempt, checkFailed: true }
    case 'left':
      return null
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

/** Checks a line whose answer this page never got, until its outcome is known; a found order settles it. */
async function checkLine(client: ApiClient, key: string, attempt: Attempt): Promise<void> {
  const result = await resumeAttempt(client, lineTarget(key), attempt)
  if (!result) return
  const outcome = settleLine(key, result)
  if (outcome?.kind === 'placed') settlePlaced(key, outcome.orderId, attempt.displayName)
}

/** "Check again" on a line whose outcome could not be checked. */
export function useReconcile() {
  const client = useApiClient()
  return (key: string, attempt: Attempt) => checkLine(client, key, attempt)
}
