import { describe, expect, it } from 'vitest'
import { filteredHere } from './filtered-here'

describe('filteredHere', () => {
  it('says over how many rows a list was filtered in the browser, and why when told', () => {
    expect(filteredHere(1)).toBe('Filtered here over 1 row.')
    expect(filteredHere(10_000, 'the service has no such filter')).toBe(
      'Filtered here over 10,000 rows: the service has no such filter.',
    )
    expect(filteredHere(3, undefined, 'Sorted')).toBe('Sorted here over 3 rows.')
  })
})
