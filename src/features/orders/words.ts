import { formatArea, formatUtc } from '../../lib/format'

/** Small formatting helpers of the orders pages. Pure. */

/** The first block of a UUID, enough to tell ids apart on screen (the full id is in the title). */
export const shortId = (id: string): string => id.split('-')[0] ?? id

/** `acquisitionStart` → `Acquisition start`; for the tasking parameters, whose set varies per product. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A parameter value as text: dates as dates, lists joined, objects as compact JSON. */
export function formatParamValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? formatUtc(v) : v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (Array.isArray(v)) return v.map(formatParamValue).join(', ')
  try {
    return JSON.stringify(v)
  } catch {
    return '(not shown)'
  }
}

/** Who did something, from an Actor: a user id, an API key, the service itself. */
export function formatActor(actor: { id: string; type: string } | undefined, me?: string): string {
  if (!actor) return '—'
  if (actor.type === 'INTERNAL') return 'the service'
  if (me && actor.id === me) return 'you'
  const kind = actor.type === 'API_KEY' ? 'API key' : actor.type === 'ADMIN' ? 'administrator' : 'user'
  return `${kind} ${shortId(actor.id)}`
}

const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })

/**
 * `85 %`, `40.2 %`. Rounding never reaches an end it has not: 99.97 % is `> 99.9 %`, so a remainder that
 * still exists never reads as complete, and 0.02 % is `< 0.1 %`.
 */
export function formatPercent(v: number): string {
  const p = Math.min(100, Math.max(0, v))
  if (p > 0 && p < 0.05) return '< 0.1 %'
  if (p < 100 && p >= 99.95) return '> 99.9 %'
  return `${ONE_DECIMAL.format(p)} %`
}

/** One part of a delivery's coverage: `78.5 km² (85 %)`. */
export const formatCoveragePart = (p: { sqKmArea: number; percentage: number }): string =>
  `${formatArea(p.sqKmArea)} (${formatPercent(p.percentage)})`

/** Who decided a study or quotation: "you", "administrator 1a2b3c4d", "user 1a2b3c4d", "someone". */
export function decisionWho(
  item: { decisionById?: string | null; decisionByType?: string | null },
  me?: string,
): string {
  if (!item.decisionById)
    return item.decisionByType?.toUpperCase() === 'ADMIN' ? 'an administrator' : 'someone'
  return formatActor({ id: item.decisionById, type: item.decisionByType?.toUpperCase() ?? 'USER' }, me)
}

/**
 * What a role may not do to an order, in the words of the contract's `x-forbidden-roles` (decision 14), so
 * the page says it before anything is tried and the service's 403 never has to. `permissionsOf(user).change`
 * decides whether these show; the Viewer is the only role the contract keeps from these writes.
 */
export const VIEWER_CANNOT_EDIT_ORDERS =
  'Your role (Viewer) can look at orders but cannot rename or retag them: ask an account administrator or member.'

export const VIEWER_CANNOT_CANCEL_ORDERS =
  'Your role (Viewer) can look at orders but cannot cancel them: ask an account administrator or member.'
