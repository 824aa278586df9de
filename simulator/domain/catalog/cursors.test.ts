import { describe, expect, it } from 'vitest'
import { makeCursor, readCursor } from './cursors'

const T = Date.parse('2026-11-05T10:00:00Z')

describe('page cursors', () => {
  it('builds cursors that decode only for the same host and body', () => {
    expect(makeCursor('next', 10, 'oneatlas', { a: 1, b: 2 }, T)).toBe(
      makeCursor('next', 10, 'oneatlas', { b: 2, a: 1 }, T),
    )
    expect(makeCursor('next', 10, 'oneatlas', { a: 1 }, T)).not.toBe(
      makeCursor('next', 10, 'blacksky', { a: 1 }, T),
    )
    expect(readCursor(makeCursor('next', 10, 'oneatlas', { a: 1 }, T), 'blacksky', { a: 1 })).toMatch(
      /different search body/,
    )
  })

  it('keeps the instant of the first page, so later pages list the catalog as it stood then', () => {
    expect(readCursor(makeCursor('prev', 20, 'oneatlas', { a: 1 }, T), 'oneatlas', { a: 1 })).toEqual({
      offset: 20,
      asOf: T,
    })
  })
})
