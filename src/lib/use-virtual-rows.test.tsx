import { renderHook } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { useVirtualRows } from './use-virtual-rows'

describe('useVirtualRows', () => {
  test('before any row is drawn, the spacer holds the whole list, so a box sized by its content is not 0 px high', () => {
    // No scroll box is laid out yet (jsdom has no layout): nothing is in view, so no row is drawn.
    const { result } = renderHook(() =>
      useVirtualRows({ count: 100, rowHeight: 56, focus: 'button', virtualFrom: 30 }),
    )
    expect(result.current.virtual).toBe(true)
    expect(result.current.rows).toEqual([])
    expect(result.current.before + result.current.after).toBe(100 * 56)
  })

  test('a list shorter than virtualFrom draws every row with no spacer', () => {
    const { result } = renderHook(() =>
      useVirtualRows({ count: 12, rowHeight: 56, focus: 'button', virtualFrom: 30 }),
    )
    expect(result.current.virtual).toBe(false)
    expect(result.current.rows).toHaveLength(12)
    expect(result.current.before + result.current.after).toBe(0)
  })
})
