import { describe, expect, it } from 'vitest'
import { formatCoveragePart, formatPercent } from './words'

describe('coverage figures', () => {
  it('area and share of the ordered area in one line', () => {
    expect(formatCoveragePart({ sqKmArea: 78.5, percentage: 85 })).toBe('78.5 km² (85 %)')
    expect(formatCoveragePart({ sqKmArea: 13.83, percentage: 14.97 })).toBe('13.8 km² (15 %)')
    expect(formatCoveragePart({ sqKmArea: 0, percentage: 0 })).toBe('0 km² (0 %)')
    expect(formatCoveragePart({ sqKmArea: 1234.56, percentage: 50 })).toBe('1,234.6 km² (50 %)')
  })

  it('rounding never claims an end that is not reached', () => {
    expect(formatPercent(99.97)).toBe('> 99.9 %')
    expect(formatPercent(100)).toBe('100 %')
    expect(formatPercent(0.02)).toBe('< 0.1 %')
    // A sliver of area reads in square metres (lib/format.ts), never as 0 km².
    expect(formatCoveragePart({ sqKmArea: 0.01, percentage: 0.02 })).toBe('10,000 m² (< 0.1 %)')
    expect(formatPercent(40.04)).toBe('40 %')
    expect(formatPercent(-1)).toBe('0 %')
  })
})
