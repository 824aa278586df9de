import type { ApiClient } from '../../api/client'
import {
  createOnce,
  resumeCreation,
  type CreateOnceResult,
  type CreationSpec,
  type Pending,
  type SentAttempt,
  type Settled,
  type SettleTiming,
} from '../create-once'
import {
  patchQuotation,
  patchStudy,
  readQuotation,
  readStudy,
  type FeasibilityStudy,
  type Quotation,
  type QuotationPatch,
} from './queries'

/**
 * Deciding a study or a quotation through the one creation guard (`../create-once`, decision 16): what a
 * decision "creates" is the item's decision. A double click, a lost answer (no answer, a 5xx — even a 503,
 * which the service may send after recording the decision) or a reload never send it twice, and never
 * show the item as still open while the outcome cannot be known: the item is read again until it shows a
 * decision or nothing can still come. An item has one decision, so nothing needs reading before sending:
 * whatever decision the item shows after is the one that counts (this user's, or someone else's).
 */

/** What is decided, and how: the PATCH's body. */
export type DecisionRequest =
  | { item: 'quotation'; itemId: string; patch: QuotationPatch }
  | { item: 'study'; itemId: string; optionId: string }

export type DecisionAttempt = SentAttempt & DecisionRequest

export type DecidedItem = Quotation | FeasibilityStudy

/**
 * What looking found: the item decided (by anyone), or `item: null` when the account has no such item any
 * more (nothing more will come of it either).
 */
export interface DecisionFound {
  item: DecidedItem | null
}

export type PendingDecision = Pending<DecisionAttempt>

/** The guard's key of an item: one decision or check at a time per item in this tab. */
export const decisionKey = (item: DecisionRequest['item'], itemId: string) =>
  `decision:${item}:${itemId.toLowerCase()}`

export interface DecisionTarget {
  /** Keeps where the attempt stands in the page's draft, so a reload (or another page instance) resumes it. */
  keep: (pending: PendingDecision) => void
  /** Tests shorten the window; pages use the default. */
  timing?: SettleTiming
}

/** The item as the service has it now. */
export const readItem = (client: ApiClient, r: Pick<DecisionRequest, 'item' | 'itemId'>) =>
  r.item === 'quotation' ? readQuotation(client, r.itemId) : readStudy(client, r.itemId)

function creation(
  client: ApiClient,
  target: DecisionTarget,
  request: DecisionRequest,
): CreationSpec<DecisionAttempt, DecisionFound> {
  return {
    keys: [decisionKey(request.item, request.itemId)],
    keep: target.keep,
    timing: target.timing,
    look: async (attempt) => {
      const item = await readItem(client, attempt)
      // Still waiting: nothing of the attempt (yet).
      if (item && item.decision === 'NOT_DECIDED') return null
      return { item }
    },
  }
}

const send = (client: ApiClient, r: DecisionRequest): Promise<DecidedItem> =>
  r.item === 'quotation'
    ? patchQuotation(client, r.itemId, r.patch)
    : patchStudy(client, r.itemId, r.optionId)

export type DecideOnceResult = CreateOnceResult<DecisionAttempt, DecidedItem, DecisionFound>

/** The decision, once; when its answer may hide a recorded decision, the item is read until it is known. */
export function decideOnce(
  client: ApiClient,
  target: DecisionTarget,
  request: DecisionRequest,
): Promise<DecideOnceResult> {
  return createOnce(creation(client, target, request), {
    before: () => Promise.resolve([]),
    attemptOf: (base) => ({ ...base, ...request }),
    send: () => send(client, request),
  })
}

/** Settles a kept attempt after a reload, or "Check again". Null while this tab holds the item already. */
export function resumeDecision(
  client: ApiClient,
  target: DecisionTarget,
  attempt: DecisionAttempt,
): Promise<Settled<DecisionAttempt, DecisionFound> | null> {
  return resumeCreation(creation(client, target, attempt), attempt)
}

/** The request an attempt sent, to send again once it is known that it decided nothing. */
export const requestOf = (a: DecisionAttempt): DecisionRequest =>
  a.item === 'quotation'
    ? { item: 'quotation', itemId: a.itemId, patch: a.patch }
    : { item: 'study', itemId: a.itemId, optionId: a.optionId }
