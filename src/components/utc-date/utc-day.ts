/**
 * UTC calendar days (`2026-11-25`) in the console's one format (decision 15), `25 Nov 2026`, read and
 * written; with the grammar of that format, which utc.ts extends to date-times (`25 Nov 2026 14:30 UTC`).
 * A module of its own so that a page with day fields only (the catalog's search) does not load the
 * date-times' half.
 *
 * String parsing and `Date.UTC` / `getUTC*` only: the browser's time zone never enters.
 */

export const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export interface Parts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** Rejects dates that `Date.UTC` would silently roll over (31 February, 25:00). */
export function utcMillis(p: Parts): number | undefined {
  if (p.month < 1 || p.month > 12 || p.hour > 23 || p.minute > 59 || p.second > 59) return undefined
  const ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  const back = new Date(ms)
  if (back.getUTCDate() !== p.day || back.getUTCMonth() !== p.month - 1) return undefined
  return ms
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_NAMES = MONTHS.map((m) => m[0].toUpperCase() + m.slice(1))

/** A month is its first three letters or more of its name: "sept" and "september" are September. */
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/** `25 Nov 2026 14:30 UTC`, with `14:30` read as optional and `UTC`/`GMT`/`Z` as optional. */
export const CONSOLE_TEXT =
  /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?(?:\s*(?:utc|gmt|z))?$/i

/** A calendar day as ISO writes it, `2026-11-25`. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** What was typed, with its spaces tidied. */
export const tidy = (text: string) => text.trim().replace(/\s+/g, ' ')

/** The day written by a match of CONSOLE_TEXT (not yet checked to exist), or undefined for an unknown month. */
export function dayOfMatch([, d, monthWord, y]: RegExpExecArray): string | undefined {
  const word = monthWord.toLowerCase()
  const month = MONTHS.findIndex((name, i) => word.startsWith(name) && FULL_MONTHS[i].startsWith(word))
  return month < 0 ? undefined : `${y}-${pad(month + 1)}-${pad(Number(d))}`
}

/** `2026-11-25` names a day that exists (not 31 Feb). */
function isDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false
  const [year, month, d] = day.split('-').map(Number)
  return utcMillis({ year, month, day: d, hour: 0, minute: 0, second: 0 }) !== undefined
}

/** A calendar day (`2026-11-25`) written the console's way: `25 Nov 2026`. Empty for anything that is not a day. */
export function utcDayText(day: unknown): string {
  if (typeof day !== 'string' || !isDay(day)) return ''
  const [y, mo, d] = day.split('-')
  return `${Number(d)} ${MONTH_NAMES[Number(mo) - 1]} ${y}`
}

/**
 * The calendar day (`2026-11-25`) of what the analyst typed in a day field: the console's format without a
 * time (`25 Nov 2026`, month names in full or short, any case, `UTC` optional) or an ISO day (`2026-11-25`).
 * Undefined for anything else: an impossible day (31 Feb), and a text with a time of day, which a day field
 * does not take.
 */
export function utcTextToDay(text: string): string | undefined {
  const t = tidy(text)
  const m = CONSOLE_TEXT.exec(t)
  const day = m ? (m[4] === undefined ? dayOfMatch(m) : undefined) : t
  return day !== undefined && isDay(day) ? day : undefined
}
