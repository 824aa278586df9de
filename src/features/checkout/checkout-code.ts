import { acceptEulaCall } from '../../data/licences/queries'
import { createOrderCall, estimateCall } from '../../data/orders/ordering-queries'
import { PLACING_WARNING } from '../../data/orders/order-code'
import { withBudget, type CreateOrderRequest } from '../../data/orders/placement'
import type { CodeRequestSet, CodeStep } from '../../lib/request-code'

/** A line of the checkout as the review places it. */
export interface CodeLine {
  displayName: string
  request: CreateOrderRequest
}

/** A licence a line's product needs, with its current document; the script accepts those not yet accepted. */
export interface CodeLicence {
  eulaId: string
  title: string
  documentId: string
  accepted: boolean
}

/**
 * The whole checkout as code, in the order the console goes: the licences the lines need and the user has not
 * accepted (the licence step's Accept), the budget chosen (the budget step checks it is still active), the
 * estimate of every line, then placing every line with the budget — one order request per line, as the review
 * sends them.
 */
export function checkoutCode(
  lines: readonly CodeLine[],
  target: { workspaceId: string; budgetId: string | null; budgetName?: string | null },
  licences: readonly CodeLicence[],
): CodeRequestSet {
  const steps: CodeStep[] = []
  for (const l of licences.filter((x) => !x.accepted))
    steps.push({
      title: `Accepting the license “${l.title}”, as the checkout’s license step does`,
      warning: 'This accepts the license on your behalf: read it first (Licenses, in the console).',
      call: acceptEulaCall(l.eulaId, l.documentId),
    })
  if (target.budgetId)
    steps.push({
      title: `The budget${target.budgetName ? ` “${target.budgetName}”` : ''}, read first: the orders are charged to it, and the service refuses a budget that is no longer active`,
      call: {
        method: 'GET',
        path: '/v2/budgets/{budget-id}',
        params: { path: { 'budget-id': target.budgetId } },
      },
    })
  for (const l of lines)
    steps.push({ title: `The estimate of “${l.displayName}”`, call: estimateCall(l.request) })
  for (const l of lines)
    steps.push({
      title: `Placing “${l.displayName}”: one order per feature`,
      warning: PLACING_WARNING.archive,
      call: createOrderCall(target.workspaceId, withBudget(l.request, target.budgetId)),
    })
  return {
    title: `Checkout of ${lines.length} ${lines.length === 1 ? 'order' : 'orders'}`,
    steps,
  }
}
