import { describe, expect, it } from 'vitest'
import { summaryText } from './property-groups'

describe('summaryText', () => {
  it('reads a range with the same ends as one value, with its unit', () => {
    expect(summaryText('eo:cloud_cover', { minimum: 8, maximum: 8 })).toBe('8 %')
  })
  it('reads a range of two values with an en dash and the unit once', () => {
    expect(summaryText('eo:cloud_cover', { minimum: 3, maximum: 8 })).toBe('3 – 8 %')
    expect(summaryText('view:azimuth', { minimum: 10, maximum: 20.5 })).toBe('10 – 20.5')
  })
  it('joins lists', () => {
    expect(summaryText('platform', ['a', 'b'])).toBe('a, b')
  })
})
