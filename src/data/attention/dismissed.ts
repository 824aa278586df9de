import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { keptStorage, ownedDraft } from '../../lib/draft-storage'

/**
 * Failed orders and jobs the analyst has dealt with and dismissed from "Needs attention". The service keeps no
 * such mark, so it is the console's, kept in this browser per user and account. At most this many of each are
 * kept (the newest): the order list's `orderIds` filter takes 100 ids.
 */
export const DISMISSED_KEPT = 100

interface DismissedStore {
  orders: string[]
  jobs: string[]
  dismiss: (kind: 'orders' | 'jobs', id: string) => void
}

export const useDismissed = ownedDraft(
  create<DismissedStore>()(
    persist(
      (set) => ({
        orders: [],
        jobs: [],
        dismiss: (kind, id) =>
          set((s) => (s[kind].includes(id) ? s : { [kind]: [...s[kind], id].slice(-DISMISSED_KEPT) })),
      }),
      {
        name: 'swath.attention-dismissed',
        storage: createJSONStorage(() => keptStorage),
        partialize: (s) => ({ orders: s.orders, jobs: s.jobs }),
      },
    ),
  ),
)
