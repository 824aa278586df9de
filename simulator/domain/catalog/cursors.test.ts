import { describe, expect, it } from 'vitest'
import { makeCursor } from './cursors'

describe('page cursors', () => {
  it('builds cursors that decode only for the same host and body', () => {
    expect(makeCursor('next', 10, 'oneatlas', { a: 1, b: 2 })).toBe(
      makeCursor('next', 10, 'oneatlas', { b: 2, a: 1 }),
    )
    expect(makeCursor('next', 10, 'oneatlas', { a: 1 })).not.toBe(
      makeCursor('next', 10, 'blacksky', { a: 1 }),
    )
  })
})
