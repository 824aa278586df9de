import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { commit, EMPTY_HISTORY, HISTORY_LIMIT, redo, undo } from './aoi-history'

const square = (x: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
})

describe('AOI history', () => {
  it('undoes and redoes, and a new change drops what could be redone', () => {
    let h = commit(EMPTY_HISTORY, [square(0)])
    h = commit(h, [square(0), square(5)])
    expect(h.polygons).toHaveLength(2)
    h = undo(h)
    expect(h.polygons).toEqual([square(0)])
    h = redo(h)
    expect(h.polygons).toHaveLength(2)
    h = undo(undo(h))
    expect(h.polygons).toEqual([])
    expect(undo(h)).toBe(h)
    h = commit(h, [square(9)])
    expect(h.future).toEqual([])
    expect(redo(h)).toBe(h)
  })

  it('ignores a change to the same shapes (the map echoing what it was given)', () => {
    const h = commit(EMPTY_HISTORY, [square(0)])
    expect(commit(h, [square(0)])).toBe(h)
  })

  it('keeps a bounded history', () => {
    let h = EMPTY_HISTORY
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = commit(h, [square(i)])
    expect(h.past).toHaveLength(HISTORY_LIMIT)
  })
})
