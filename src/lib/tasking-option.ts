/**
 * How a feasibility study's options and their windows are said, wherever they are shown (the study page, the
 * order page). Pure: tested in tasking-option.test.ts.
 */
import { formatUtc } from './format'

/** "Option 2": options are named by their place in the study. */
export const optionName = (index: number): string => `Option ${index + 1}`

/**
 * "Option 2: Extend the acquisition window by 7 days". Providers often start a description with the option's
 * own name; it is said once, not "Option 2: Option 2: Extend…". A description naming another number keeps it.
 */
export function optionTitle(index: number, description: string | null | undefined): string {
  const name = optionName(index)
  const text = (description ?? '').trim()
  if (!text) return name
  const m = /^option\s*(\d+)\s*[:.–—-]?\s*/i.exec(text)
  const rest = m && Number(m[1]) === index + 1 ? text.slice(m[0].length) : text
  return rest ? `${name}: ${rest}` : name
}

export function paramTypeText(paramType: 'ORIGINAL' | 'ALTERNATE' | null | undefined): string {
  if (paramType === 'ORIGINAL') return 'The options keep your parameters (original parameters).'
  if (paramType === 'ALTERNATE')
    return 'The options change some of your parameters (alternate parameters): read each one before choosing.'
  return 'The study does not say whether the options keep your parameters.'
}

const DAY_MS = 86_400_000

/** The length of a window in days, to a tenth; null when either end is missing or unreadable. */
export function windowDays(start: string | null | undefined, end: string | null | undefined): number | null {
  const a = start ? Date.parse(start) : NaN
  const b = end ? Date.parse(end) : NaN
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null
  return Math.round(((b - a) / DAY_MS) * 10) / 10
}

export const formatDays = (days: number | null): string =>
  days === null ? '—' : `${days.toLocaleString('en')} ${days === 1 ? 'day' : 'days'}`

/** "2 Nov 2026 09:00 UTC – 23 Nov 2026 09:00 UTC (21 days)". */
export function formatWindow(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return 'Not given'
  return `${formatUtc(start)} – ${formatUtc(end)} (${formatDays(windowDays(start, end))})`
}
