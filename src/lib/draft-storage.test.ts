// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftOwnerOf, draftStorage, ownedDraft, setDraftOwner } from './draft-storage'

interface Draft {
  items: string[]
  add: (item: string) => void
}

const useDraft = ownedDraft(
  create<Draft>()(
    persist((set) => ({ items: [], add: (item) => set((s) => ({ items: [...s.items, item] })) }), {
      name: 'test.draft',
      storage: createJSONStorage(() => draftStorage),
      partialize: (s) => ({ items: s.items }),
    }),
  ),
)

const analyst = draftOwnerOf({ accountId: 'acme', id: 'u-analyst' })
const starter = draftOwnerOf({ accountId: 'small', id: 'u-starter' })

beforeEach(() => {
  sessionStorage.clear()
  setDraftOwner(null)
  useDraft.setState({ items: [] })
})
afterEach(() => setDraftOwner(null))

describe('drafts by owner', () => {
  it('shows one user’s drafts to no one else on the tab, and gives them back to the same user', () => {
    setDraftOwner(analyst)
    useDraft.getState().add('analyst scene')
    // Sign-out: nothing of the analyst's is shown, nothing of it is removed either.
    setDraftOwner(null)
    expect(useDraft.getState().items).toEqual([])
    // The next user on the tab starts from their own (none), and what they add stays theirs.
    setDraftOwner(starter)
    expect(useDraft.getState().items).toEqual([])
    useDraft.getState().add('starter scene')
    setDraftOwner(null)
    // The analyst signs in again: everything as left.
    setDraftOwner(analyst)
    expect(useDraft.getState().items).toEqual(['analyst scene'])
    expect(Object.keys(sessionStorage).sort()).toEqual([
      'test.draft',
      `test.draft@${analyst}`,
      `test.draft@${starter}`,
    ])
    expect(sessionStorage.getItem('test.draft')).not.toContain('scene')
  })

  it('changes nothing when the same owner is set again (an expired session signed in again)', () => {
    setDraftOwner(analyst)
    useDraft.getState().add('kept')
    setDraftOwner(analyst)
    expect(useDraft.getState().items).toEqual(['kept'])
  })

  it('keeps one user’s drafts apart in each of their accounts', () => {
    expect(draftOwnerOf({ accountId: 'a', id: 'u' })).not.toBe(draftOwnerOf({ accountId: 'b', id: 'u' }))
    expect(draftOwnerOf(null)).toBeNull()
  })
})
