import type { Polygon } from 'geojson'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'
import { commit, EMPTY_HISTORY, redo, undo, type AoiHistory } from './aoi-history'

interface AoiStore extends AoiHistory {
  /**
   * What the AOI is called, when it came with a name (an imported file's, "Hamburg port"); any other change
   * of the shapes drops it.
   */
  name: string | null
  setPolygons: (polygons: Polygon[], name?: string | null) => void
  undo: () => void
  redo: () => void
  clear: () => void
}

/**
 * The AOI being drawn: one per tab, shared by every page that uses the toolkit, and kept in sessionStorage
 * so a reload or a re-sign-in loses nothing. It is a draft, not server data; saved geometries live in the
 * query cache.
 */
export const useAoiStore = ownedDraft(
  create<AoiStore>()(
    persist(
      (set) => ({
        ...EMPTY_HISTORY,
        name: null,
        setPolygons: (polygons, name = null) => set((s) => ({ ...commit(s, polygons), name })),
        undo: () => set((s) => ({ ...undo(s), name: null })),
        redo: () => set((s) => ({ ...redo(s), name: null })),
        clear: () => set((s) => ({ ...commit(s, []), name: null })),
      }),
      {
        name: 'swath.aoi',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ polygons: s.polygons, past: s.past, future: s.future, name: s.name }),
      },
    ),
  ),
)
