import { describe, expect, it } from 'vitest'
import { DEFAULT_VIEW, type ImageView } from '../../lib/imagery/view'
import {
  readItemImageView,
  readItemsPaging,
  readStorageView,
  storageSearch,
  withItemImageView,
  withItemsPaging,
} from './url-state'

const ID = '0b6e4f2a-1111-4222-8333-944455556666'
const read = (s: string) => readStorageView(new URLSearchParams(s))

describe('storage view in the URL', () => {
  it('reads every filter under the contract’s own names and writes them back the same', () => {
    const search = `bbox=4%2C51%2C5%2C52&workspace_id=${ID}&asset_ids=${ID}&order_ids=${ID}&product_ids=${ID}&tags=port%2Curban&title=Berlin&sources=ARCHIVE%2CTASKING&cnam=false&page=2&limit=50`
    const view = read(search)
    expect(view.problems).toEqual({})
    expect(view.query).toEqual({
      page: 2,
      limit: 50,
      bbox: [4, 51, 5, 52],
      workspaceId: ID,
      assetIds: [ID],
      orderIds: [ID],
      productIds: [ID],
      tags: ['port', 'urban'],
      title: 'Berlin',
      sources: ['ARCHIVE', 'TASKING'],
      cnam: false,
    })
    expect(storageSearch(view.query)).toBe(search)
  })

  it('gives plain views plain links: first page, default size, transformed deliveries', () => {
    expect(read('').query).toEqual({ page: 0, limit: 20 })
    expect(storageSearch(read('').query)).toBe('')
  })

  it('names what the service would refuse instead of sending it', () => {
    const view = read('bbox=1,2,3&order_ids=nope&tags=caf%C3%A9&workspace_id=x')
    expect(Object.keys(view.problems).sort()).toEqual(['bbox', 'orderIds', 'tags', 'workspaceId'])
    expect(read('bbox=0,10,1,5').problems.bbox).toMatch(/south/)
    expect(read('bbox=0,0,200,1').problems.bbox).toMatch(/Longitudes/)
  })

  it('drops unknown sources and sizes', () => {
    expect(read('sources=archive,BOGUS&limit=7').query).toEqual({ page: 0, limit: 20, sources: ['ARCHIVE'] })
  })
})

describe('a collection page’s items paging in the URL', () => {
  const paging = (s: string) => readItemsPaging(new URLSearchParams(s))

  it('reads a zero-based page and an offered size', () => {
    expect(paging('page=3&limit=500')).toEqual({ page: 3, limit: 500 })
    expect(paging('')).toEqual({ page: 0, limit: 20 })
  })

  it('falls back to the first page and the default size for what it cannot use', () => {
    expect(paging('page=-1&limit=50')).toEqual({ page: 0, limit: 20 })
    expect(paging('page=1.5&limit=abc')).toEqual({ page: 0, limit: 20 })
  })

  it('writes both page and size and keeps every other parameter', () => {
    const next = withItemsPaging(new URLSearchParams('page=2&limit=100&x=1'), { page: 0, limit: 500 })
    expect(next.toString()).toBe('page=0&limit=500&x=1')
    expect(withItemsPaging(new URLSearchParams('x=1'), { page: 4, limit: 20 }).toString()).toBe(
      'x=1&page=4&limit=20',
    )
  })
})

describe('an item page’s picture view in the URL', () => {
  const view: ImageView = {
    preset: 'false-colour',
    formula: '(nir - red) / (nir + red)',
    stretch: { kind: 'custom', limits: [[-0.2, 0.8]] },
  }

  it('writes a view and reads the same one back, keeping the page’s other parameters', () => {
    const next = withItemImageView(new URLSearchParams('tab=files'), view)
    expect(next.get('tab')).toBe('files')
    expect(next.get('bands')).toBe('false-colour')
    expect(readItemImageView(next)).toEqual(view)
  })

  it('replaces the view before: going back to the default leaves none of its parameters', () => {
    const shown = withItemImageView(new URLSearchParams('x=1'), view)
    expect(withItemImageView(shown, DEFAULT_VIEW).toString()).toBe('x=1')
    const minmax = withItemImageView(shown, { ...DEFAULT_VIEW, stretch: { kind: 'minmax' } })
    expect(minmax.toString()).toBe('x=1&stretch=minmax')
  })

  it('falls back to the default view for what it cannot read', () => {
    expect(readItemImageView(new URLSearchParams(''))).toEqual(DEFAULT_VIEW)
    expect(readItemImageView(new URLSearchParams('bands=ultraviolet&stretch=9,1'))).toEqual(DEFAULT_VIEW)
  })
})
