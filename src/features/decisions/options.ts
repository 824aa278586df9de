/** A study's options side by side: their names and the time axis of their windows. Pure. */
import type { TimeAxisItem } from '../../components/time-axis/time-axis'
import { formatCredits } from '../../lib/format'
import type { FeasibilityOption, FeasibilityStudy } from '../../data/decisions/queries'
import { formatWindow } from '../../lib/tasking-option'

import { optionName } from '../../lib/tasking-option'

export { optionName }

/** The index of the chosen option, or null (not decided, or the service did not send which). */
export function chosenIndex(study: FeasibilityStudy): number | null {
  const id = study.decisionOption?.id
  if (!id) return null
  const i = (study.options ?? []).findIndex((o) => o.id === id)
  return i < 0 ? null : i
}

/**
 * Whether an option's acquisition window has ended by `now` (epoch ms): such an option can no longer be
 * acquired, so it is not offered for choosing. An option without a readable end is not judged ended.
 */
export function windowEnded(option: Pick<FeasibilityOption, 'acquisitionEnd'>, now: number): boolean {
  const end = parse(option.acquisitionEnd)
  return end !== null && end <= now
}

export const REQUESTED_LANE = 'requested'
export const optionBarId = (index: number): string => `option-${index}`

/** The option an axis bar stands for, or null (the requested window, or an unknown id). */
export function optionOfBar(id: string | null): number | null {
  const m = id ? /^option-(\d+)$/.exec(id) : null
  return m ? Number(m[1]) : null
}

export interface OptionAxis {
  items: TimeAxisItem[]
  lanes: { id: string; label: string }[]
  from: number
  to: number
}

const parse = (iso: string | null | undefined): number | null => {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? null : t
}

/**
 * One lane for the order's requested window (the reference), then one per option with its window; options
 * without a window keep their lane, empty. The axis spans all of them with a little room at both ends.
 * Null when nothing has a window.
 */
export function optionAxis(
  options: readonly FeasibilityOption[],
  requested: { start: string; end: string } | null,
): OptionAxis | null {
  const items: TimeAxisItem[] = []
  const lanes: OptionAxis['lanes'] = []
  const rs = parse(requested?.start)
  const re = parse(requested?.end)
  if (requested && rs !== null && re !== null) {
    lanes.push({ id: REQUESTED_LANE, label: 'Requested' })
    items.push({
      id: REQUESTED_LANE,
      lane: REQUESTED_LANE,
      start: rs,
      end: re,
      label: `Requested window: ${formatWindow(requested.start, requested.end)}`,
    })
  }
  options.forEach((o, i) => {
    const id = optionBarId(i)
    lanes.push({ id, label: optionName(i) })
    const s = parse(o.acquisitionStart)
    const e = parse(o.acquisitionEnd)
    if (s === null || e === null) return
    const credits = o.estimatedCredits === undefined ? '' : `, ${formatCredits(o.estimatedCredits)} credits`
    items.push({
      id,
      lane: id,
      start: s,
      end: e,
      label: `${optionName(i)}: ${formatWindow(o.acquisitionStart, o.acquisitionEnd)}${credits}`,
    })
  })
  if (items.length === 0) return null
  const from = Math.min(...items.map((x) => x.start))
  const to = Math.max(...items.map((x) => x.end))
  const pad = Math.max((to - from) * 0.03, 3_600_000)
  return { items, lanes, from: from - pad, to: to + pad }
}
