import { describe, expect, it } from 'vitest'
import { licenceQuery, licenceSearch, readLicenceView } from './url-state'

describe('license list URL', () => {
  it('reads term, sort, page and size, falling back to defaults for anything unknown', () => {
    expect(readLicenceView(new URLSearchParams(''))).toEqual({
      term: '',
      sort: 'title,asc',
      page: 1,
      size: 20,
    })
    expect(
      readLicenceView(new URLSearchParams('term=%20radar%20&sort=createdAt,desc&page=3&size=50')),
    ).toEqual({ term: 'radar', sort: 'createdAt,desc', page: 3, size: 50 })
    expect(readLicenceView(new URLSearchParams('sort=drop&page=-1&size=7'))).toEqual({
      term: '',
      sort: 'title,asc',
      page: 1,
      size: 20,
    })
  })

  it('writes only what differs from the defaults and asks the service for 0-based pages', () => {
    const view = { term: 'sar', sort: 'title,desc' as const, page: 2, size: 10 }
    expect(licenceSearch(view)).toBe('term=sar&sort=title%2Cdesc&page=2&size=10')
    expect(readLicenceView(new URLSearchParams(licenceSearch(view)))).toEqual(view)
    expect(licenceSearch(readLicenceView(new URLSearchParams()))).toBe('')
    expect(licenceQuery(view)).toEqual({ term: 'sar', sort: 'title,desc', page: 1, size: 10 })
    expect(licenceQuery({ ...view, term: '' })).not.toHaveProperty('term')
  })
})
