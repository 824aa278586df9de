/** Small formatting helpers of the orders pages. Pure. */

// One formatter for every cell: building an Intl formatter costs far more than using one.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
})

/** `2 Nov 2026, 09:00 UTC`; the service's timestamps are UTC and the console shows them so. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const t = Date.parse(iso)
  return Number.isNaN(t) ? iso : `${DATE_TIME.format(t)} UTC`
}

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
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? formatDateTime(v) : v
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
