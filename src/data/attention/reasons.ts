import type { components } from '../../api/schema'
import { formatUtc } from '../../lib/format'
import { JOB_STATUS_LABELS, type Job } from '../processing/status'

type Order = components['schemas']['Order']
type Actor = components['schemas']['Actor']

/**
 * Why a failed order or job needs the analyst, in the service's own terms (status, sub-status, who moved it
 * last and when, the errors a job returned), and what to do next. The service says no more about an order's
 * failure than its status: no message. Pure: unit-tested in reasons.test.ts.
 */
export interface Attention {
  /** A few words: "Placement failed", "Quotation rejected", "License not accepted". */
  title: string
  /** What the service says happened. */
  reason: string
  /** What the analyst can do about it. */
  next: string
}

/** Who moved an order last, as a phrase: "by you", "by an administrator", "by the service". */
export function byWhom(actor: Actor | undefined, userId: string | undefined): string {
  if (!actor) return ''
  if (actor.type === 'INTERNAL') return ' by the service'
  if (actor.type === 'ADMIN') return ' by an administrator'
  if (actor.type === 'API_KEY') return ' by an API key'
  return userId && actor.id === userId ? ' by you' : ' by another user of the account'
}

const subStatusOf = (o: Order): string | undefined => {
  const d = o.orderDetails
  return d && 'subStatus' in d ? (d.subStatus ?? undefined) : undefined
}

/** Why an order needs attention, or null when it does not (not failed). */
export function orderAttention(o: Order, userId?: string): Attention | null {
  const when = formatUtc(o.updatedAt)
  const who = byWhom(o.updatedBy, userId)
  if (o.status === 'PLACEMENT_FAILED')
    return {
      title: 'Placement failed',
      reason: `The provider did not take the order: placement failed on ${when}${who}. The service may try again on its own.`,
      next:
        o.type === 'ARCHIVE'
          ? 'Order it again with the same line, or cancel it; if placing keeps failing, contact support with its ID.'
          : 'Cancel it and request it again, or contact support with its ID.',
    }
  if (o.status !== 'FAILED_PERMANENTLY') return null
  if (subStatusOf(o) === 'QUOTATION_REJECTED')
    return {
      title: 'Quotation rejected',
      reason: `Its quotation was rejected${who} on ${when}; the order ended there and nothing was charged.`,
      next: 'Request it again for a new quotation, or dismiss it.',
    }
  return {
    title: 'Failed',
    reason: `The service ended the order as failed on ${when}${who}; credits held for it were released.`,
    next:
      o.type === 'ARCHIVE'
        ? 'Order it again with the same line, or contact support with its ID.'
        : 'Request it again, or contact support with its ID.',
  }
}

/** What a job's own status asks the analyst to do. */
const JOB_NEXT: Partial<Record<Job['status'], string>> = {
  unlicensed: 'Accept the process’s license, then run it again with the same inputs.',
  invalid: 'Correct the inputs and run it again.',
  rejected: 'The account had too few credits: free or add credits, then run it again.',
  failed: 'Run it again with the same inputs; if it fails again, contact support with its ID.',
  released: 'Run it again with the same inputs; if it fails again, contact support with its ID.',
}

/** Why a job needs attention (the errors the service returned, word for word), or null when it does not. */
export function jobAttention(j: Job): Attention | null {
  const next = JOB_NEXT[j.status]
  if (!next) return null
  const errors = (j.results?.errors ?? []).map((e) => e.message).filter((m) => m.length > 0)
  const when = formatUtc(j.finished ?? j.updated)
  return {
    title: JOB_STATUS_LABELS[j.status],
    reason:
      errors.length > 0
        ? `${errors.join(' ')} (${when})`
        : `It stopped on ${when}; the service gave no reason.`,
    next,
  }
}
