// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { draftOwnerOf, setDraftOwner } from '../../lib/draft-storage'
import { useSavedSearches } from './store'

const analyst = draftOwnerOf({ accountId: 'acme', id: 'u-analyst' })
const starter = draftOwnerOf({ accountId: 'small', id: 'u-starter' })
const search = { params: 'host=oneatlas', requests: [{ host: 'oneatlas', body: {} }], seenUpTo: null }

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  setDraftOwner(null)
  useSavedSearches.setState({ searches: [] })
})
afterEach(() => setDraftOwner(null))

describe('saved searches in this browser', () => {
  it('are kept per user and account, in localStorage (beyond the tab)', () => {
    setDraftOwner(analyst)
    useSavedSearches.getState().save({ ...search, name: 'Ports' })
    expect(localStorage.getItem(`swath.saved-searches@${analyst}`)).toContain('Ports')
    setDraftOwner(starter)
    expect(useSavedSearches.getState().searches).toEqual([])
    setDraftOwner(analyst)
    expect(useSavedSearches.getState().searches.map((s) => s.name)).toEqual(['Ports'])
  })

  it('keep names apart, rename, record a look and delete', () => {
    const { save } = useSavedSearches.getState()
    const id = save({ ...search, name: 'Ports' }) as string
    save({ ...search, name: 'Ports' })
    expect(useSavedSearches.getState().searches.map((s) => s.name)).toEqual(['Ports', 'Ports (2)'])
    useSavedSearches.getState().rename(id, '  Harbours ')
    useSavedSearches.getState().looked(id, '2026-11-05T12:00:00.000Z')
    expect(useSavedSearches.getState().searches[0]).toMatchObject({
      name: 'Harbours',
      seenUpTo: '2026-11-05T12:00:00.000Z',
    })
    // A look whose count failed keeps the line where it was.
    useSavedSearches.getState().looked(id, null)
    expect(useSavedSearches.getState().searches[0].seenUpTo).toBe('2026-11-05T12:00:00.000Z')
    useSavedSearches.getState().remove(id)
    expect(useSavedSearches.getState().searches.map((s) => s.name)).toEqual(['Ports (2)'])
    expect(
      useSavedSearches
        .getState()
        .importSearches([{ ...search, name: 'Ports (2)', savedAt: '2026-11-02T09:00:00.000Z' }]),
    ).toBe(0)
    expect(useSavedSearches.getState().searches.map((s) => s.name)).toEqual(['Ports (2)', 'Ports (2) (2)'])
  })
})
