import { create } from 'zustand'

export type PickedFrom = 'map' | 'list' | 'timeline'

interface TaskingUi {
  /** The opportunities answer the keys below refer to. */
  scope: unknown
  /** The opportunity under the pointer or the focus, in the map, the list or the timeline. */
  hovered: string | null
  /** The opportunity picked: marked in all three. */
  selected: string | null
  /** Where it was picked: the list scrolls to an opportunity picked elsewhere, the map fits to one picked off it. */
  selectedFrom: PickedFrom | null
  setHovered: (key: string | null) => void
  select: (key: string | null, from: PickedFrom) => void
  /** Another answer: the keys mean other opportunities now, or none. */
  reset: (scope: unknown) => void
}

/** Hover and selection of acquisition opportunities, shared by the map, the list and the timeline. */
export const useTaskingUi = create<TaskingUi>()((set) => ({
  scope: null,
  hovered: null,
  selected: null,
  selectedFrom: null,
  setHovered: (hovered) => set((s) => (s.hovered === hovered ? s : { hovered })),
  select: (selected, selectedFrom) => set({ selected, selectedFrom }),
  reset: (scope) =>
    set((s) => (s.scope === scope ? s : { scope, hovered: null, selected: null, selectedFrom: null })),
}))
