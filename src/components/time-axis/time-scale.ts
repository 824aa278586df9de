/** The pure part of the time axis: where a moment sits on it and which ticks to label. All times are UTC. */

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Share of the axis (0..1, clamped) at which `t` sits. */
export function positionOf(t: number, from: number, to: number): number {
  if (!(to > from)) return 0
  return Math.min(1, Math.max(0, (t - from) / (to - from)))
}

export interface Tick {
  at: number
  label: string
}

const STEPS = [HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY]
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function label(t: number, step: number): string {
  const d = new Date(t)
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`
  if (step >= DAY) return day
  const hh = String(d.getUTCHours()).padStart(2, '0')
  return d.getUTCHours() === 0 ? day : `${hh}:00`
}

/**
 * At most `max` ticks on whole UTC hours or days, the smallest step that fits: hours for a day's window,
 * days for a month's, weeks beyond. Weekly ticks fall on Mondays.
 */
export function timeTicks(from: number, to: number, max = 8): Tick[] {
  if (!(to > from) || max < 1) return []
  const span = to - from
  const step = STEPS.find((s) => span / s <= max) ?? Math.ceil(span / max / DAY) * DAY
  // Weekly steps start on a Monday (1970-01-01 was a Thursday: Mondays are 4 days after multiples of 7).
  const offset = step >= 7 * DAY ? 4 * DAY : 0
  let t = Math.ceil((from - offset) / step) * step + offset
  const out: Tick[] = []
  for (; t <= to; t += step) out.push({ at: t, label: label(t, step) })
  return out
}

/** How much of the axis a short bar is taken to cover either side of its moment (its 8 px at ~550 px). */
export const SHORT_BAR_HALF = 0.008

/**
 * A row within its lane for each bar, so that bars never cover each other: two passes an hour apart on a
 * two-week axis would otherwise sit on the same pixels, and only the last drawn could be pointed at. Bars are
 * given as shares of the axis (`from`, `to`); each takes the first row whose last bar ends before it starts.
 */
export function stackRows(bars: readonly { id: string; from: number; to: number }[]): Map<string, number> {
  const rowEnds: number[] = []
  const rows = new Map<string, number>()
  for (const b of [...bars].sort((x, y) => x.from - y.from || x.to - y.to)) {
    let row = rowEnds.findIndex((end) => end < b.from)
    if (row === -1) row = rowEnds.length
    rowEnds[row] = b.to
    rows.set(b.id, row)
  }
  return rows
}
