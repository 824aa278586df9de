import type { Polygon } from 'geojson'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'
import { commit, EMPTY_HISTORY, redo, undo, type AoiHistory } from './aoi-history'

interface AoiStore extends AoiHistory {
  setPolygons: (polygons: Polygon[]) => void
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
        setPolygons: (polygons) => set((s) => commit(s, polygons)),
        undo: () => set((s) => undo(s)),
        redo: () => set((s) => redo(s)),
        clear: () => set((s) => commit(s, [])),
      }),
      {
        name: 'swath.aoi',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ polygons: s.polygons, past: s.past, future: s.future }),
      },
    ),
  ),
)
