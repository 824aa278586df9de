import { describe, expect, it } from 'vitest'
import { countLabel } from './format'

describe('list wording', () => {
  it('counts in words', () => {
    expect(countLabel(0, 'collection')).toBe('0 collections')
    expect(countLabel(1, 'collection')).toBe('1 collection')
    expect(countLabel(1204, 'data product')).toBe('1,204 data products')
  })
})
