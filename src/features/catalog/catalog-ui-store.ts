import type { MultiPolygon, Polygon } from 'geojson'
import { create } from 'zustand'
import { ownedTabState } from '../../lib/draft-storage'

/** A quicklook laid on the map: which scene, where, and how opaque. */
export interface ShownQuicklook {
  /** `host/id`. */
  key: string
  host: string
  id: string
  footprint: Polygon | MultiPolygon
  opacity: number
}

interface CatalogUi {
  /** The response the indices below refer to. */
  scope: unknown
  /** Index in the shown response of the scene under the pointer (list or map). */
  hovered: number | null
  /** The active scene: highlighted on the map, focused in the list. */
  active: number | null
  /** Where the active scene was picked: the list scrolls to a scene picked on the map. */
  activeFrom: 'list' | 'map' | null
  quicklooks: ShownQuicklook[]
  quicklooksHidden: boolean
  /** The last two quicklooks laid are compared side by side with a swipe line. */
  quicklookSwipe: boolean
  /**
   * The footprints of the passes "Archive or task" outlines on the map (the hovered and the picked one): the
   * view's lazy panel owns the passes, the page only draws them.
   */
  passFootprints: { hovered: Polygon | null; picked: Polygon | null }
  setPassFootprints: (hovered: Polygon | null, picked: Polygon | null) => void
  setQuicklookSwipe: (on: boolean) => void
  setHovered: (i: number | null) => void
  activate: (i: number | null, from: 'list' | 'map') => void
  toggleQuicklook: (q: Omit<ShownQuicklook, 'opacity' | 'key'>) => void
  setOpacity: (key: string, opacity: number) => void
  removeQuicklook: (key: string) => void
  setQuicklooksHidden: (hidden: boolean) => void
  /** A new response: indices mean other scenes now. */
  resetScenes: (scope: unknown) => void
}

const NO_PASSES = { hovered: null, picked: null }

/**
 * The catalog page's small UI state; rows and the map read it through selectors. The laid quicklooks are the
 * account's scenes: a sign-out or another user empties it all.
 */
export const useCatalogUi = ownedTabState(
  create<CatalogUi>()((set) => ({
    scope: null,
    hovered: null,
    active: null,
    activeFrom: null,
    quicklooks: [],
    quicklooksHidden: false,
    quicklookSwipe: false,
    passFootprints: NO_PASSES,
    setPassFootprints: (hovered, picked) =>
      set((s) =>
        s.passFootprints.hovered === hovered && s.passFootprints.picked === picked
          ? s
          : { passFootprints: hovered === null && picked === null ? NO_PASSES : { hovered, picked } },
      ),
    setQuicklookSwipe: (quicklookSwipe) => set({ quicklookSwipe }),
    setHovered: (hovered) => set((s) => (s.hovered === hovered ? s : { hovered })),
    activate: (active, activeFrom) => set({ active, activeFrom }),
    toggleQuicklook: (q) =>
      set((s) => {
        const key = `${q.host}/${q.id}`
        return s.quicklooks.some((x) => x.key === key)
          ? { quicklooks: s.quicklooks.filter((x) => x.key !== key) }
          : { quicklooks: [...s.quicklooks, { ...q, key, opacity: 0.85 }], quicklooksHidden: false }
      }),
    setOpacity: (key, opacity) =>
      set((s) => ({ quicklooks: s.quicklooks.map((x) => (x.key === key ? { ...x, opacity } : x)) })),
    removeQuicklook: (key) => set((s) => ({ quicklooks: s.quicklooks.filter((x) => x.key !== key) })),
    setQuicklooksHidden: (quicklooksHidden) => set({ quicklooksHidden }),
    resetScenes: (scope) => set({ scope, hovered: null, active: null, activeFrom: null }),
  })),
)
