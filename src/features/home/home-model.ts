/**
 * What the start page works out from the service's answers, without React: the credits spent in the current
 * month (UTC) from budget usage records, and the decisions waiting, oldest first, studies and quotations
 * together. Pure: unit-tested in home-model.test.ts.
 */

export interface UsageRecord {
  credits: number
  recordedAt: string
}

/** The first instant of the UTC month of `now`. */
export const monthStart = (now: number): number => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

/** Credits recorded from the start of this UTC month up to now. */
export function spentThisMonth(records: readonly UsageRecord[], now: number): number {
  const from = monthStart(now)
  return records.reduce((sum, r) => {
    const t = Date.parse(r.recordedAt)
    return t >= from && t <= now ? sum + r.credits : sum
  }, 0)
}

export interface WaitingDecision {
  kind: 'study' | 'quotation'
  id: string
  orderId: string
  createdAt: string
}

/** Studies and quotations waiting for a decision, oldest first: the oldest has waited longest. */
export function oldestFirst(
  studies: readonly Omit<WaitingDecision, 'kind'>[],
  quotations: readonly Omit<WaitingDecision, 'kind'>[],
  limit: number,
): WaitingDecision[] {
  return [
    ...studies.map((s) => ({ ...s, kind: 'study' as const })),
    ...quotations.map((q) => ({ ...q, kind: 'quotation' as const })),
  ]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
}

/**
 * Start is a summary, not a monitor: what can still move on it (orders in progress, jobs under way) is asked
 * again every 30 s, not at the pace of the orders and jobs pages (10 s and 5 s). Measured with the
 * notification bench, Start alone asked for running jobs 14 times a minute.
 */
export const START_POLL_MS = 30_000

/** A monitor's poll interval slowed to Start's pace; no polling stays no polling. */
export const startPoll = (interval: number | false): number | false =>
  interval === false ? false : Math.max(interval, START_POLL_MS)

/** How many items each card of the start page lists. */
export const SHOWN = 5
