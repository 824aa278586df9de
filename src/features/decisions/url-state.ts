/**
 * The decisions inbox's view in the URL (`?order=`, `?decided=`) and the four list requests a view needs.
 */
import type { TaskingListQuery } from '../../data/decisions/keys'

export interface InboxView {
  /** Only the decisions of this order (`?order=`), or all. */
  orderId: string | null
  /** How many decided items to show (`?decided=`), in steps of DECIDED_STEP. */
  decided: number
}

export const DECIDED_STEP = 20
const DECIDED_MAX = 500
/**
 * Waiting items are few (each is an order held until someone decides), so one page of each kind holds them;
 * the page says so when there are more.
 */
export const PENDING_LIMIT = 100

export function readInboxView(params: URLSearchParams): InboxView {
  const order = params.get('order')?.trim()
  const decided = Number(params.get('decided'))
  return {
    orderId: order ? order : null,
    decided:
      Number.isInteger(decided) && decided > DECIDED_STEP
        ? Math.min(DECIDED_MAX, Math.ceil(decided / DECIDED_STEP) * DECIDED_STEP)
        : DECIDED_STEP,
  }
}

/** The search string of a view (without `?`); defaults are left out so the plain inbox is `/decisions`. */
export function inboxSearch(view: InboxView): string {
  const out = new URLSearchParams()
  if (view.orderId) out.set('order', view.orderId)
  if (view.decided !== DECIDED_STEP) out.set('decided', String(view.decided))
  return out.toString()
}

export const canShowMoreDecided = (view: InboxView): boolean => view.decided < DECIDED_MAX

/**
 * The list requests of a view, the same for studies and quotations: waiting ones oldest first, decided ones
 * newest decision first. A study cannot be REJECTED; asking for it costs nothing and keeps one request shape.
 */
export function inboxRequests(view: InboxView): { pending: TaskingListQuery; decided: TaskingListQuery } {
  const order = view.orderId ? { orderId: view.orderId } : {}
  return {
    pending: { ...order, decision: ['NOT_DECIDED'], size: PENDING_LIMIT, sort: 'createdAt,asc' },
    decided: { ...order, decision: ['ACCEPTED', 'REJECTED'], size: view.decided, sort: 'decisionAt,desc' },
  }
}
