import { describe, expect, it } from 'vitest'
import { parseWindow, taskingOrderParamErrors } from './rules'

const NOW = Date.parse('2026-11-10T00:00:00Z')
const params = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  acquisitionStart: start,
  acquisitionEnd: end,
  ...extra,
})

describe('taskingOrderParamErrors', () => {
  it('accepts an ordered window that is still open', () => {
    expect(taskingOrderParamErrors(params('2026-11-12T00:00:00Z', '2026-11-20T00:00:00Z'), NOW)).toEqual([])
  })

  it('refuses a window that ends before it starts, in the words the tasking endpoints use', () => {
    const backwards = params('2026-11-20T00:00:00Z', '2026-11-12T00:00:00Z')
    expect(taskingOrderParamErrors(backwards, NOW)).toEqual([parseWindow(backwards)])
  })

  it('refuses a window that has closed', () => {
    expect(taskingOrderParamErrors(params('2026-11-01T00:00:00Z', '2026-11-09T00:00:00Z'), NOW)).toEqual([
      { name: 'params.acquisitionEnd', reason: 'must be in the future' },
    ])
  })

  it('names every problem at once: the window and the BH ratios', () => {
    const errors = taskingOrderParamErrors(
      params('2026-11-20T00:00:00Z', '2026-11-12T00:00:00Z', { minBH: 0.8, maxBH: 0.2 }),
      NOW,
    )
    expect(errors.map((e) => e.name)).toEqual(['params.acquisitionEnd', 'params.minBH'])
  })
})
