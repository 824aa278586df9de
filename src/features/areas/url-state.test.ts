import { describe, expect, it } from 'vitest'
import { ALL_WORKSPACES, areasRequest, areasSearch, readAreasView } from './url-state'

describe('the geometry library in the URL', () => {
  it('reads the name and the workspace, absent as empty and null', () => {
    expect(readAreasView(new URLSearchParams())).toEqual({ name: '', workspace: null })
    expect(readAreasView(new URLSearchParams('name=farm&workspace=ws-2'))).toEqual({
      name: 'farm',
      workspace: 'ws-2',
    })
  })

  it('changes one setting, keeps the other parameters, and drops one set empty', () => {
    const params = new URLSearchParams('aoi=abc&name=farm')
    expect(areasSearch(params, 'workspace', 'ws-2').toString()).toBe('aoi=abc&name=farm&workspace=ws-2')
    expect(areasSearch(params, 'name', '').toString()).toBe('aoi=abc')
    expect(params.toString()).toBe('aoi=abc&name=farm')
  })

  it('asks for the workspace named, else the current one, and for every one with "all"', () => {
    const list = { size: 100, sort: 'updatedAt,desc' }
    expect(areasRequest({ name: '', workspace: null }, 'ws-1')).toEqual({ workspaceId: 'ws-1', ...list })
    expect(areasRequest({ name: 'farm', workspace: 'ws-2' }, 'ws-1')).toEqual({
      workspaceId: 'ws-2',
      displayName: 'farm',
      ...list,
    })
    expect(areasRequest({ name: '', workspace: ALL_WORKSPACES }, 'ws-1')).toEqual(list)
    expect(areasRequest({ name: '', workspace: null }, null)).toEqual(list)
  })
})
