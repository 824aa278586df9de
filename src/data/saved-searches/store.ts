import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { keptStorage, ownedDraft } from '../../lib/draft-storage'
import type { ImportedSearch, SavedRequest, SavedSearch } from './saved-search'

/** localStorage holds about 5 MB per site; a saved search with a detailed AOI is a few KiB. */
export const SAVED_SEARCH_LIMIT = 100

interface SavedSearchStore {
  searches: SavedSearch[]
  /** Saves a search; returns its id, or null when the list is full. */
  save: (search: {
    name: string
    params: string
    requests: SavedRequest[]
    seenUpTo: string | null
  }) => string | null
  rename: (id: string, name: string) => void
  remove: (id: string) => void
  /** The analyst opened the search: what they saw up to becomes the line between old and new. */
  looked: (id: string, seenUpTo: string | null) => void
  /** Adds imported searches (names taken get a suffix); returns how many did not fit. */
  importSearches: (searches: ImportedSearch[]) => number
}

const newId = () =>
  globalThis.crypto?.randomUUID?.() ?? `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** A name not yet used: "Ports (2)" beside "Ports". */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  for (let n = 2; ; n++) if (!taken.has(`${name} (${n})`)) return `${name} (${n})`
}

/**
 * Saved catalog searches, kept in this browser (localStorage) per user and account, as drafts are: the
 * service has no endpoint for them. The catalog saves, the start page and the saved-searches page list them.
 */
export const useSavedSearches = ownedDraft(
  create<SavedSearchStore>()(
    persist(
      (set, get) => ({
        searches: [],
        save: ({ name, params, requests, seenUpTo }) => {
          if (get().searches.length >= SAVED_SEARCH_LIMIT) return null
          const id = newId()
          const now = new Date().toISOString()
          const taken = new Set(get().searches.map((s) => s.name))
          set((st) => ({
            searches: [
              ...st.searches,
              {
                id,
                name: freeName(name.trim(), taken),
                params,
                requests,
                savedAt: now,
                seenUpTo,
                lookedAt: now,
              },
            ],
          }))
          return id
        },
        rename: (id, name) =>
          set((st) => ({
            searches: st.searches.map((s) => (s.id === id ? { ...s, name: name.trim() } : s)),
          })),
        remove: (id) => set((st) => ({ searches: st.searches.filter((s) => s.id !== id) })),
        looked: (id, seenUpTo) =>
          set((st) => ({
            searches: st.searches.map((s) =>
              s.id === id
                ? { ...s, seenUpTo: seenUpTo ?? s.seenUpTo, lookedAt: new Date().toISOString() }
                : s,
            ),
          })),
        importSearches: (incoming) => {
          const room = Math.max(0, SAVED_SEARCH_LIMIT - get().searches.length)
          const taken = new Set(get().searches.map((s) => s.name))
          const now = new Date().toISOString()
          const added = incoming.slice(0, room).map((s): SavedSearch => {
            const name = freeName(s.name, taken)
            taken.add(name)
            return { ...s, name, id: newId(), lookedAt: now }
          })
          if (added.length > 0) set((st) => ({ searches: [...st.searches, ...added] }))
          return incoming.length - added.length
        },
      }),
      {
        name: 'swath.saved-searches',
        storage: createJSONStorage(() => keptStorage),
        partialize: (s) => ({ searches: s.searches }),
      },
    ),
  ),
)
