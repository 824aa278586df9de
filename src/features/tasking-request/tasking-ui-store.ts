import { create } from 'zustand'
import { ownedTabState } from '../../lib/draft-storage'

export type PickedFrom = 'map' | 'list' | 'timeline'

interface TaskingUi {
  /**
   * Which opportunities answer the keys below refer to: a short fingerprint of its rows
   * (`opportunitiesScope`), never the answer itself, so the store holds no server data once the page is left.
   */
  scope: string | null
  /** The opportunity under the pointer or the focus, in the map, the list or the timeline. */
  hovered: string | null
  /** The opportunity picked: marked in all three. */
  selected: string | null
  /** Where it was picked: the list scrolls to an opportunity picked elsewhere, the map fits to one picked off it. */
  selectedFrom: PickedFrom | null
  setHovered: (scope: string, key: string | null) => void
  select: (scope: string, key: string | null, from: PickedFrom) => void
}

/** Hover and selection kept for another answer mean other opportunities now: they start over. */
const within = (s: TaskingUi, scope: string) =>
  s.scope === scope ? s : { ...s, scope, hovered: null, selected: null, selectedFrom: null }

/**
 * Hover and selection of acquisition opportunities, shared by the map, the list and the timeline. Readers
 * compare `scope` with the answer they show, so nothing needs resetting when a new answer arrives: the first
 * hover or pick in it starts over.
 */
export const useTaskingUi = ownedTabState(
  create<TaskingUi>()((set) => ({
    scope: null,
    hovered: null,
    selected: null,
    selectedFrom: null,
    setHovered: (scope, hovered) =>
      set((s) => (s.scope === scope && s.hovered === hovered ? s : { ...within(s, scope), hovered })),
    select: (scope, selected, selectedFrom) => set((s) => ({ ...within(s, scope), selected, selectedFrom })),
  })),
)
