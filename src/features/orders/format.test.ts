import { describe, expect, it } from 'vitest'
import { formatCoveragePart, formatPercent, formatSqKm } from './format'

describe('coverage figures', () => {
  it('area and share of the ordered area in one line', () => {
    expect(formatCoveragePart({ sqKmArea: 78.5, percentage: 85 })).toBe('78.5 km² (85 %)')
    expect(formatCoveragePart({ sqKmArea: 13.83, percentage: 14.97 })).toBe('13.8 km² (15 %)')
    expect(formatCoveragePart({ sqKmArea: 0, percentage: 0 })).toBe('0 km² (0 %)')
    expect(formatSqKm(1234.56)).toBe('1,234.6 km²')
  })

  it('rounding never claims an end that is not reached', () => {
    expect(formatPercent(99.97)).toBe('> 99.9 %')
    expect(formatPercent(100)).toBe('100 %')
    expect(formatPercent(0.02)).toBe('< 0.1 %')
    expect(formatSqKm(0.01)).toBe('< 0.1 km²')
    expect(formatPercent(40.04)).toBe('40 %')
    expect(formatPercent(-1)).toBe('0 %')
  })
})
