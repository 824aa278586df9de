/** The budget pages' arithmetic: usage per day, cumulative usage, the burn rate and when the budget runs out. */

export interface UsageRecord {
  orderId?: string
  jobId?: string
  credits: number
  recordedAt: string
}

export interface UsageDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string
  /** Credits recorded that day. */
  credits: number
  /** Credits recorded up to the end of that day. */
  cumulative: number
}

const DAY_MS = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS

/**
 * One point per UTC day from the first record's day to `until`'s day (days without spending are zeros, so a
 * chart's time axis is even), or no points without records.
 */
export function dailyUsage(records: readonly UsageRecord[], until: number): UsageDay[] {
  if (records.length === 0) return []
  const byDay = new Map<string, number>()
  let first = Infinity
  let latest = -Infinity
  for (const r of records) {
    const t = Date.parse(r.recordedAt)
    first = Math.min(first, t)
    latest = Math.max(latest, t)
    byDay.set(dayOf(t), (byDay.get(dayOf(t)) ?? 0) + r.credits)
  }
  const out: UsageDay[] = []
  let cumulative = 0
  const last = Math.max(startOfDay(until), startOfDay(latest))
  for (let d = startOfDay(first); d <= last; d += DAY_MS) {
    const credits = byDay.get(dayOf(d)) ?? 0
    cumulative += credits
    out.push({ day: dayOf(d), credits, cumulative })
  }
  return out
}

export interface BurnRate {
  /** Average credits spent per day over the period. */
  perDay: number
  /** Start of the period: the budget's creation. */
  since: number
  /** Days in the period (at least one). */
  days: number
}

/**
 * The budget's average spending per day since it was created: the basis the run-out date is stated on.
 * Null when nothing was spent (no rate to project).
 */
export function burnRate(consumed: number, createdAt: string, asOf: number): BurnRate | null {
  if (consumed <= 0) return null
  const since = Date.parse(createdAt)
  const days = Math.max(1, (asOf - since) / DAY_MS)
  return { perDay: consumed / days, since, days }
}

export type RunOut =
  | { kind: 'exhausted' }
  | { kind: 'never' }
  /** The UTC day the remaining credits are spent at the rate, and how many days away it is. */
  | { kind: 'on'; day: string; days: number }

/** When the remaining credits are gone at `rate`: a day, already (nothing left), or never (no spending). */
export function runOut(remaining: number, rate: BurnRate | null, asOf: number): RunOut {
  if (remaining <= 0) return { kind: 'exhausted' }
  if (!rate || rate.perDay <= 0) return { kind: 'never' }
  const days = Math.ceil(remaining / rate.perDay)
  return { kind: 'on', day: dayOf(asOf + days * DAY_MS), days }
}

/** The instant the figures are stated at: now, or the latest record if the service's clock is ahead. */
export function asOfInstant(records: readonly UsageRecord[], now: number): number {
  return records.reduce((t, r) => Math.max(t, Date.parse(r.recordedAt)), now)
}

/** Allocated, used and remaining credits, with the share used (0..1, capped) for a bar. */
export function budgetFigures(allocated: number, consumed: number) {
  const remaining = allocated - consumed
  const share = allocated > 0 ? Math.min(1, Math.max(0, consumed / allocated)) : consumed > 0 ? 1 : 0
  return { allocated, consumed, remaining, share, over: remaining < 0 }
}
