/**
 * Catalog quicklooks as lower-quality frames of a time-lapse, the pure part: the period the delivered frames
 * span (what the catalog is searched over), which quicklooks join (the frames' filters, none of an
 * acquisition already delivered, the newest few), one play order of both kinds, the words on a quicklook's
 * date, and the part of a quicklook that shows the delivered frames' box (for the GIF).
 */
import { selectFrames, type FrameCandidate, type FrameFilters, type FrameSelection } from './timelapse'

/** The most quicklooks that join one time-lapse: the newest ones when more qualify. */
export const MAX_QUICKLOOK_FRAMES = 24

/** Two pictures this close in time, of one constellation, are one acquisition (a scene and its delivery). */
export const SAME_ACQUISITION_MS = 60_000

const DAY_MS = 86_400_000

/**
 * The period the delivered frames span, in whole UTC days, as a catalog search's `datetime`
 * (`start/end`); null with no frame.
 */
export function framesPeriod(times: readonly number[]): string | null {
  if (times.length === 0) return null
  const first = Math.floor(Math.min(...times) / DAY_MS) * DAY_MS
  const last = Math.floor(Math.max(...times) / DAY_MS) * DAY_MS + DAY_MS - 1000
  return `${new Date(first).toISOString().replace('.000Z', 'Z')}/${new Date(last).toISOString().replace('.000Z', 'Z')}`
}

const sameConstellation = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

/**
 * The quicklooks that join the delivered frames: under the same filters as they, never one of an
 * acquisition already delivered (the delivery is the better picture; counted as a repeat), and the newest
 * `cap` of the rest, oldest first.
 */
export function selectQuicklooks<T extends FrameCandidate>(
  quicklooks: readonly T[],
  delivered: readonly FrameCandidate[],
  filters: FrameFilters,
  cap = MAX_QUICKLOOK_FRAMES,
): FrameSelection<T> {
  const fresh = quicklooks.filter(
    (q) =>
      !delivered.some(
        (d) =>
          sameConstellation(d.constellation, q.constellation) &&
          Math.abs(d.time - q.time) < SAME_ACQUISITION_MS,
      ),
  )
  const chosen = selectFrames(fresh, filters, cap)
  return {
    frames: chosen.frames,
    leftOut: { ...chosen.leftOut, repeat: chosen.leftOut.repeat + quicklooks.length - fresh.length },
  }
}

/** A frame of the play order: a delivered image (read and drawn here) or a catalog quicklook. */
export type PlayFrame<D, Q> =
  { kind: 'delivered'; frame: D; index: number } | { kind: 'quicklook'; frame: Q; index: number }

/**
 * Delivered frames and quicklooks in one play order, by time; at the same time a delivered frame comes
 * first. `index` is each frame's place among its own kind (where its picture and read state are).
 */
export function mergeFrames<D extends { time: number }, Q extends { time: number }>(
  delivered: readonly D[],
  quicklooks: readonly Q[],
): PlayFrame<D, Q>[] {
  const all: PlayFrame<D, Q>[] = [
    ...delivered.map((frame, index) => ({ kind: 'delivered' as const, frame, index })),
    ...quicklooks.map((frame, index) => ({ kind: 'quicklook' as const, frame, index })),
  ]
  // A stable sort: within a kind, the selection's own order stays.
  return all.sort(
    (a, b) => a.frame.time - b.frame.time || (a.kind === b.kind ? 0 : a.kind === 'delivered' ? -1 : 1),
  )
}

/**
 * The words on a frame's date: the date, and for a quicklook that it is one, and that the page's formula is
 * not applied to it (a quicklook is a picture in display colours, without the bands a formula reads).
 */
export function frameLabel(day: string, kind: 'delivered' | 'quicklook', formulaOn: boolean): string {
  if (kind === 'delivered') return day
  return formulaOn ? `${day} · quicklook — formula not applied` : `${day} · quicklook`
}

type Box = readonly [number, number, number, number]

/**
 * The rectangle of a picture spanning `picture` ([west, south, east, north], `width` × `height` pixels)
 * that shows `view`, in the picture's pixels: what the GIF draws of a quicklook so that it shows the same
 * ground as the delivered frames. The rectangle may reach past the picture's edges (left black).
 */
export function cropTo(
  picture: Box,
  view: Box,
  width: number,
  height: number,
): { sx: number; sy: number; sw: number; sh: number } {
  const [w, s, e, n] = picture
  const px = width / (e - w || 1)
  const py = height / (n - s || 1)
  return {
    sx: (view[0] - w) * px,
    sy: (n - view[3]) * py,
    sw: (view[2] - view[0]) * px,
    sh: (view[3] - view[1]) * py,
  }
}
