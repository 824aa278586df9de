import { describe, expect, it } from 'vitest'
import { parseThresholds, reachedThreshold } from './thresholds'

describe('budget thresholds', () => {
  it('names the highest threshold spending has reached', () => {
    expect(reachedThreshold([80, 100], 1000, 799)).toBeNull()
    expect(reachedThreshold([80, 100], 1000, 800)).toBe(80)
    expect(reachedThreshold([100, 80], 1000, 1200)).toBe(100)
    expect(reachedThreshold([80, 100], 0, 10)).toBeNull()
  })

  it('reads typed thresholds, sorted and without repeats, and says what is wrong', () => {
    expect(parseThresholds('100, 50%  80;80')).toEqual({ ok: true, value: [50, 80, 100] })
    const bad = parseThresholds('80, lots')
    expect(bad.ok || bad.reason).toMatch(/“lots” is not a percentage/)
    const none = parseThresholds(' , ')
    expect(none.ok || none.reason).toMatch(/at least one/)
    expect(parseThresholds('0').ok).toBe(false)
    expect(parseThresholds('1,2,3,4,5,6,7').ok).toBe(false)
  })
})
