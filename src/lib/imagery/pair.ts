/**
 * Which two deliveries to review for change: of an item and the stored items that meet it, the one that
 * covers the same place best (each covering most of the other) on another day, and the sentence that says so.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import { polygonsOf } from '../geo/rings'
import { intersectionAreaRatio } from '../geo/combine'

export interface Dated {
  id: string
  /** ISO 8601; null when the item has no date (it cannot be placed in time, so it is never proposed). */
  datetime: string | null
  footprint: Polygon | MultiPolygon | null
  /**
   * A processing result (sharpened, upsampled, detected): the same acquisition reworked, not another look at
   * the place, so never proposed (it can still be picked).
   */
  derived?: boolean
}

export interface Proposal {
  /** The other item of the pair. */
  id: string
  /** The share (0–1) of each footprint the other covers, the smaller of the two. */
  overlap: number
  /** Whole days between the two acquisitions. */
  days: number
}

/** Below this mutual cover, two items are not "the same place". */
export const MIN_OVERLAP = 0.5

const DAY_MS = 86_400_000

/** Whole days between two instants, either order. */
export const daysApart = (a: string, b: string) =>
  Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS)

/** The smaller of the two shares each footprint covers of the other (0 when either has no area). */
export function mutualOverlap(a: Polygon | MultiPolygon, b: Polygon | MultiPolygon): number {
  try {
    return Math.min(intersectionAreaRatio(polygonsOf(a), b), intersectionAreaRatio(polygonsOf(b), a))
  } catch {
    // A degenerate footprint (turf's clipper throws on some): not the same place.
    return 0
  }
}

/**
 * The item to review `item` against: among `others` not derived, with a date at least a day away and a mutual cover of at
 * least MIN_OVERLAP, the best cover (to the nearest 5 %), then the nearest in time (what changed since the
 * last look); null when none qualifies.
 */
export function proposePair(item: Dated, others: readonly Dated[]): Proposal | null {
  if (!item.footprint || !item.datetime || Number.isNaN(Date.parse(item.datetime))) return null
  let best: Proposal | null = null
  for (const o of others) {
    if (o.id === item.id || o.derived || !o.footprint || !o.datetime || Number.isNaN(Date.parse(o.datetime)))
      continue
    const days = daysApart(item.datetime, o.datetime)
    if (days < 1) continue
    const overlap = mutualOverlap(item.footprint, o.footprint)
    if (overlap < MIN_OVERLAP) continue
    const candidate = { id: o.id, overlap, days }
    if (!best || better(candidate, best)) best = candidate
  }
  return best
}

const step = (share: number) => Math.round(share * 20)

function better(a: Proposal, b: Proposal): boolean {
  if (step(a.overlap) !== step(b.overlap)) return step(a.overlap) > step(b.overlap)
  return a.days < b.days
}

/** "These two cover the same area 41 days apart (92 % in common)." */
export function proposalSentence(p: Pick<Proposal, 'overlap' | 'days'>): string {
  const days = p.days === 1 ? '1 day' : `${p.days.toLocaleString('en-GB')} days`
  return `These two cover the same area ${days} apart (${Math.floor(p.overlap * 100)} % in common).`
}

/** The older and the newer of two items, dated by `dateOf` (the first given when they are of the same instant). */
export function inTimeOrder<T>(a: T, b: T, dateOf: (t: T) => string | null): { before: T; after: T } {
  const ta = Date.parse(dateOf(a) ?? '')
  const tb = Date.parse(dateOf(b) ?? '')
  return tb < ta ? { before: b, after: a } : { before: a, after: b }
}
