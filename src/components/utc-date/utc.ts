/**
 * Conversions between ISO date-times (`2026-07-01T10:30:00Z`) and what the analyst reads and types: the
 * console's one format (decision 15), `1 Jul 2026 10:30 UTC`; days alone are utc-day.ts's.
 *
 * String parsing and `Date.UTC` / `getUTC*` only: the browser's time zone never enters, so what the analyst
 * types is what the service receives.
 */

import { CONSOLE_TEXT, dayOfMatch, ISO_DAY, pad, tidy, utcDayText, utcMillis, type Parts } from './utc-day'

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/

function partsOf(ms: number): Parts {
  const d = new Date(ms)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
}

const offsetMinutes = (zone: string | undefined): number => {
  if (!zone || zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)))
}

/** What a match of ISO or LOCAL_INPUT writes, year to second (not yet checked to exist). */
const writtenParts = ([, y, mo, d, h, mi, s]: RegExpExecArray): Parts => ({
  year: Number(y),
  month: Number(mo),
  day: Number(d),
  hour: Number(h),
  minute: Number(mi),
  second: Number(s ?? 0),
})

/**
 * The `datetime-local` value showing an ISO date-time in UTC: `2026-07-01T12:30:00+02:00` →
 * `2026-07-01T10:30`. Seconds are kept only when they are not zero. Empty for anything unparseable.
 */
export function isoToInputValue(iso: unknown): string {
  if (typeof iso !== 'string') return ''
  const m = ISO.exec(iso.trim())
  if (!m) return ''
  const local = utcMillis(writtenParts(m))
  if (local === undefined) return ''
  // A wall-clock time at +02:00 is two hours later than the same wall-clock time in UTC.
  const p = partsOf(local - offsetMinutes(m[8]) * 60_000)
  const base = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
  return p.second === 0 ? base : `${base}:${pad(p.second)}`
}

/**
 * The ISO date-time (UTC, `Z`, whole seconds) of a `datetime-local` value read as UTC:
 * `2026-07-01T10:30` → `2026-07-01T10:30:00Z`. Undefined when empty or not a complete, real date and time.
 */
export function inputValueToIso(value: string): string | undefined {
  const m = LOCAL_INPUT.exec(value.trim())
  if (!m) return undefined
  const [, y, mo, d, h, mi] = m
  const parts = writtenParts(m)
  if (utcMillis(parts) === undefined) return undefined
  return `${y}-${mo}-${d}T${h}:${mi}:${pad(parts.second)}Z`
}

// ------------------------------------------------------------------ the console's one format, typed

/**
 * An ISO date-time written the console's one way (decision 15, `formatUtc`): `25 Nov 2026 00:00 UTC`, always
 * UTC and 24-hour, whatever the browser's zone or locale. Seconds are shown only when they are not zero, so
 * a value is never changed by being shown. Empty for anything that is not a date-time.
 */
export function isoToUtcText(iso: unknown): string {
  const v = isoToInputValue(iso)
  if (!v) return ''
  const [day, time] = v.split('T')
  return `${utcDayText(day)} ${time} UTC`
}

/**
 * The ISO date-time (UTC, `Z`) of what the analyst typed: the console's format (`25 Nov 2026 14:30 UTC`,
 * month names in full or short, any case, the time and `UTC` optional: a date alone is its midnight) or an
 * ISO-like date-time (`2026-11-25 14:30`, `2026-11-25T14:30:00Z`, an offset converted to UTC). Undefined
 * for anything else, including impossible dates (31 Feb) and times (24:00).
 */
export function utcTextToIso(text: string): string | undefined {
  const t = tidy(text)
  const m = CONSOLE_TEXT.exec(t)
  if (m) {
    const [, , , , h, mi, s] = m
    const day = dayOfMatch(m)
    return day && inputValueToIso(`${day}T${pad(Number(h ?? 0))}:${mi ?? '00'}:${s ?? '00'}`)
  }
  if (ISO_DAY.test(t)) return inputValueToIso(`${t}T00:00`)
  const local = isoToInputValue(t)
  return local ? inputValueToIso(local) : undefined
}

/** The UTC calendar day (`2026-11-25`) of an ISO date-time, or null. */
export function utcDayOf(iso: unknown): string | null {
  const v = isoToInputValue(iso)
  return v ? v.slice(0, 10) : null
}

/**
 * The ISO date-time of `day` (`2026-11-25`) at the UTC time of day of `iso` (midnight when there is none):
 * picking a day on the calendar keeps the time already written.
 */
export function withUtcDay(iso: unknown, day: string): string | undefined {
  const v = isoToInputValue(iso)
  const time = v ? v.slice(11) : '00:00'
  return inputValueToIso(`${day}T${time}`)
}

/** What an empty day field shows: an example, marked as one, so it does not read as a day already set. */
export const UTC_DAY_EXAMPLE = 'e.g. 25 Nov 2026'

/** What an empty date-time field shows, as `UTC_DAY_EXAMPLE`. */
export const UTC_DATE_TIME_EXAMPLE = 'e.g. 25 Nov 2026 00:00 UTC'
