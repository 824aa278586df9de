import { describe, expect, it } from 'vitest'
import {
  licenceQuery,
  licenceSearch,
  readLicenceView,
  readVersionChoice,
  withVersionChoice,
} from './url-state'

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

describe('a licence page’s versions in the URL', () => {
  const read = (s: string) => readVersionChoice(new URLSearchParams(s))

  it('writes the versions shown and compared and reads them back, keeping the other parameters', () => {
    const shown = withVersionChoice(new URLSearchParams('x=1'), { version: 2 })
    expect(shown.toString()).toBe('x=1&version=2')
    const compared = withVersionChoice(shown, { from: 1, to: 3 })
    expect(compared.toString()).toBe('x=1&version=2&from=1&to=3')
    expect(read(compared.toString())).toEqual({ version: 2, from: 1, to: 3 })
    expect(withVersionChoice(compared, { version: null }).toString()).toBe('x=1&from=1&to=3')
  })

  it('names no version for what is not a version number, so the page picks its own', () => {
    expect(read('')).toEqual({ version: null, from: null, to: null })
    expect(read('version=two&from=-1&to=1.5')).toEqual({ version: null, from: null, to: null })
    expect(read('version=01&to=')).toEqual({ version: null, from: null, to: null })
  })
})
