import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { useCoverage } from './use-coverage'

describe('useCoverage', () => {
  it('measures an AOI of separate polygons at once', () => {
    const aoi = [poly(rect(0, 40, 1, 41)), poly(rect(2, 40, 4, 41))]
    const { result } = renderHook(() => useCoverage(aoi))
    expect(result.current.pending).toBe(false)
    expect(result.current.coverage?.(poly(rect(1.5, 39, 5, 42)))).toBeCloseTo(200 / 3, 6)
  })

  it('merges overlapping polygons (loading the union) before measuring, so no part counts twice', async () => {
    // Two 0.2 × 0.1 rectangles overlapping by half: the AOI is 0.3 × 0.1.
    const aoi = [poly(rect(0, 0, 0.2, 0.1)), poly(rect(0.1, 0, 0.3, 0.1))]
    const { result } = renderHook(() => useCoverage(aoi))
    expect(result.current).toEqual({ coverage: null, pending: true })
    await waitFor(() => expect(result.current.pending).toBe(false))
    expect(result.current.coverage?.(poly(rect(0.1, 0, 0.2, 0.1)))).toBeCloseTo(100 / 3, 4)
  })

  it('gives no coverage, and nothing pending, for an empty AOI', () => {
    const { result } = renderHook(() => useCoverage([]))
    expect(result.current).toEqual({ coverage: null, pending: false })
  })
})
