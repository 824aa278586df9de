import { describe, expect, it } from 'vitest'
import { libraryQuery, readLibraryView, withLibraryChange } from './url-state'

const params = (s: string) => new URLSearchParams(s)

describe('the geometry library in the URL', () => {
  it('reads page and size, falling back to page 1 of 100 for what the service would not take', () => {
    expect(readLibraryView(params(''))).toEqual({ name: '', workspace: null, page: 1, size: 100 })
    expect(readLibraryView(params('name=lagos&workspace=all&page=3&size=500'))).toEqual({
      name: 'lagos',
      workspace: 'all',
      page: 3,
      size: 500,
    })
    for (const bad of ['page=0&size=7', 'page=-2&size=abc', 'page=1.5&size=1001', 'page=2147483649'])
      expect(readLibraryView(params(bad))).toMatchObject({ page: 1, size: 100 })
  })

  it('starts again at page 1 when the name, workspace or size changes, and leaves defaults out', () => {
    const at3 = params('name=a&page=3&size=50&x=1')
    expect(withLibraryChange(at3, { name: 'ab' }).toString()).toBe('name=ab&size=50&x=1')
    expect(withLibraryChange(at3, { size: 100 }).toString()).toBe('name=a&x=1')
    expect(withLibraryChange(at3, { workspace: 'all' }).toString()).toBe('name=a&size=50&x=1&workspace=all')
    expect(withLibraryChange(at3, { page: 4 }).toString()).toBe('name=a&page=4&size=50&x=1')
    expect(withLibraryChange(at3, { page: 1 }).toString()).toBe('name=a&size=50&x=1')
  })

  it('asks the service for the page shown (0-based), filtered by name, newest change first', () => {
    const view = readLibraryView(params('name=lagos&page=3&size=20'))
    expect(libraryQuery(view, 'ws-1')).toEqual({
      workspaceId: 'ws-1',
      displayName: 'lagos',
      page: 2,
      size: 20,
      sort: 'updatedAt,desc',
    })
    expect(libraryQuery({ ...view, workspace: 'all', name: '' }, 'ws-1')).toEqual({
      page: 2,
      size: 20,
      sort: 'updatedAt,desc',
    })
    expect(libraryQuery({ ...view, workspace: 'ws-2' }, 'ws-1')).toMatchObject({ workspaceId: 'ws-2' })
  })
})
