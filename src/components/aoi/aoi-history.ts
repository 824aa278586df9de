import type { Polygon } from 'geojson'

/** The AOI being drawn, with its undo and redo stacks. Pure: every change returns a new value. */
export interface AoiHistory {
  polygons: Polygon[]
  past: Polygon[][]
  future: Polygon[][]
}

export const EMPTY_HISTORY: AoiHistory = { polygons: [], past: [], future: [] }
/** Enough steps to back out of any slip; older ones are dropped so sessionStorage stays small. */
export const HISTORY_LIMIT = 50

const same = (a: Polygon[], b: Polygon[]) => a === b || JSON.stringify(a) === JSON.stringify(b)

export function commit(h: AoiHistory, polygons: Polygon[]): AoiHistory {
  if (same(h.polygons, polygons)) return h
  return { polygons, past: [...h.past, h.polygons].slice(-HISTORY_LIMIT), future: [] }
}

export function undo(h: AoiHistory): AoiHistory {
  const prev = h.past.at(-1)
  if (!prev) return h
  return { polygons: prev, past: h.past.slice(0, -1), future: [h.polygons, ...h.future] }
}

export function redo(h: AoiHistory): AoiHistory {
  const [next, ...rest] = h.future
  if (!next) return h
  return { polygons: next, past: [...h.past, h.polygons].slice(-HISTORY_LIMIT), future: rest }
}
