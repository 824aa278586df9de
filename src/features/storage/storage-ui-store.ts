import { create } from 'zustand'
import { ownedTabState } from '../../lib/draft-storage'

interface StorageUi {
  /** The list the index below refers to (a response object): hover counts only for the list it was in. */
  scope: unknown
  /** Index in the shown list of the collection or item under the pointer, on the map or in the list. */
  hovered: number | null
  setHovered: (scope: unknown, i: number | null) => void
}

/** The storage pages' hover, shared by the list and the map (linked both ways). */
export const useStorageUi = ownedTabState(
  create<StorageUi>()((set) => ({
    scope: null,
    hovered: null,
    setHovered: (scope, hovered) =>
      set((s) => (s.scope === scope && s.hovered === hovered ? s : { scope, hovered })),
  })),
)

/** The hovered index for this list, or null. */
export const useHovered = (scope: unknown) => useStorageUi((s) => (s.scope === scope ? s.hovered : null))
