import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'
import type { BasketScene } from '../../lib/basket-scene'

// The store's callers read the scene's type with it; its one home is lib/ (data/orders reads it too).
export type { BasketScene }

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
