import { describe, expect, it } from 'vitest'
import { changeViewSearch, readChangeView, readRef } from './url-state'

describe('the change review in the URL', () => {
  it('reads back what it wrote, defaults left out', () => {
    const view = readChangeView(
      new URLSearchParams(
        'item=c%252F1%2Fi1&with=c2/i2&show=difference&of=formula&formula=nir%20-%20red&threshold=0.05',
      ),
    )
    expect(view).toEqual({
      item: { collectionId: 'c/1', itemId: 'i1' },
      with: { collectionId: 'c2', itemId: 'i2' },
      shown: 'difference',
      of: 'formula',
      formula: 'nir - red',
      threshold: 0.05,
    })
    expect(readChangeView(changeViewSearch(view))).toEqual(view)
    expect(
      changeViewSearch({ ...view, with: null, shown: 'swipe', of: null, threshold: null }).toString(),
    ).toBe('item=c%252F1%2Fi1')
  })

  it('falls back to the defaults on anything unreadable', () => {
    const view = readChangeView(new URLSearchParams('item=only-one&show=x&of=R;D&threshold=-1'))
    expect(view).toEqual({ item: null, with: null, shown: 'swipe', of: null, formula: null, threshold: null })
    expect(readRef('a/b/c')).toBeNull()
    expect(readRef('%E0%A4%A/b')).toBeNull()
  })
})
