import type { CodeRequestSet } from '../../lib/request-code'
import { createOrderCall, estimateCall } from './ordering-queries'
import { withBudget, type CreateOrderRequest } from './placement'

/** What placing does, said above the request in the scripts. */
export const PLACING_WARNING = {
  archive: 'This places the order and spends credits.',
  tasking:
    'This places the tasking request. Placing charges nothing: the provider answers with a quotation (in Decisions), and credits are spent only when it is accepted.',
} as const

/**
 * An order request as code: its estimate and its placing, the requests the checkout and the tasking request
 * send (the estimate without the budget, placing with the budget chosen, in the workspace of the page).
 */
export function orderCode(
  title: string,
  request: CreateOrderRequest,
  target: { workspaceId: string; budgetId: string | null },
  kind: keyof typeof PLACING_WARNING = 'archive',
): CodeRequestSet {
  const placed = withBudget(request, target.budgetId)
  return {
    title,
    steps: [
      { title: 'The estimate', call: estimateCall(request) },
      {
        title: 'Placing: one order per feature',
        warning: PLACING_WARNING[kind],
        call: createOrderCall(target.workspaceId, placed),
      },
    ],
    sdk: { kind: 'order', request: placed, workspaceId: target.workspaceId, place: true },
  }
}
