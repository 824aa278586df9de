import type { MultiPolygon, Polygon } from 'geojson'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'

/** What the basket keeps of a scene: enough to order it and to show it, not its host-specific properties. */
export interface BasketScene {
  /** The scene id (`properties.id`), the one used for ordering. */
  id: string
  host: string
  collection: string
  constellation: string
  datetime: string | null
  cloudCoverage: number | null
  resolution: number | null
  footprint: Polygon | MultiPolygon
  /**
   * The part of the AOI to order from this scene, when a coverage plan put it in: the AOI clipped to the
   * scene, less what the plan's other scenes deliver (decision 35). Absent: the AOI.
   */
  part?: Polygon[]
}

/** Sessions hold about 5 MB; a basket is a shortlist, not an archive. */
export const BASKET_LIMIT = 200

interface BasketStore {
  scenes: BasketScene[]
  /** Adds what is not in yet; returns how many did not fit. */
  add: (scenes: BasketScene[]) => number
  remove: (ids: string[]) => void
  clear: () => void
}

export const basketKey = (s: Pick<BasketScene, 'host' | 'id'>) => `${s.host}/${s.id}`

/**
 * Scenes picked for ordering, one basket per tab, kept in sessionStorage across reloads and re-sign-ins.
 * The catalog fills it; the checkout (archive ordering) reads it. It is a draft, not server data.
 */
export const useBasketStore = ownedDraft(
  create<BasketStore>()(
    persist(
      (set, get) => ({
        scenes: [],
        add: (scenes) => {
          // A plan's part replaces what a scene already in the basket was to order: the plan priced it so.
          const parts = new Map(scenes.flatMap((s) => (s.part ? [[basketKey(s), s.part] as const] : [])))
          if (get().scenes.some((s) => parts.has(basketKey(s))))
            set((st) => ({
              scenes: st.scenes.map((s) => {
                const part = parts.get(basketKey(s))
                return part ? { ...s, part } : s
              }),
            }))
          const have = new Set(get().scenes.map(basketKey))
          const fresh = scenes.filter((s) => {
            const key = basketKey(s)
            if (have.has(key)) return false
            have.add(key)
            return true
          })
          const room = Math.max(0, BASKET_LIMIT - get().scenes.length)
          if (fresh.length > 0 && room > 0) set((st) => ({ scenes: [...st.scenes, ...fresh.slice(0, room)] }))
          return Math.max(0, fresh.length - room)
        },
        remove: (ids) => {
          const drop = new Set(ids)
          set((st) => ({ scenes: st.scenes.filter((s) => !drop.has(basketKey(s))) }))
        },
        clear: () => set({ scenes: [] }),
      }),
      {
        name: 'swath.basket',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ scenes: s.scenes }),
      },
    ),
  ),
)
