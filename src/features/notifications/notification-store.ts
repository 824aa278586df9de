import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { keptStorage, ownedDraft } from '../../lib/draft-storage'
import { addFound, type Entry } from './entries'
import type { Found } from './sources/source'

interface NotificationStore {
  entries: Entry[]
  /** Each source's last snapshot, compared with the next read. */
  snapshots: Record<string, unknown>
  /** Desktop notifications, once the analyst turned them on and the browser allowed them. */
  desktop: boolean
  /** Stores a read: the new snapshots and what they found; returns the entries added. */
  record: (snapshots: Record<string, unknown>, found: (Found & { source: string })[], at: number) => Entry[]
  markRead: (key: string) => void
  markAllRead: () => void
  setDesktop: (on: boolean) => void
}

/**
 * The centre's state per user and account, in localStorage under the drafts' owner key (decision 34): read
 * marks and snapshots survive a reload and a new tab, and another user on the browser sees none of them.
 */
export const useNotificationState = ownedDraft(
  create<NotificationStore>()(
    persist(
      (set, get) => ({
        entries: [],
        snapshots: {},
        desktop: false,
        record: (snapshots, found, at) => {
          const { entries, added } = addFound(get().entries, found, at)
          set((s) => ({ entries, snapshots: { ...s.snapshots, ...snapshots } }))
          return added
        },
        markRead: (key) =>
          set((s) => ({ entries: s.entries.map((e) => (e.key === key ? { ...e, read: true } : e)) })),
        markAllRead: () => set((s) => ({ entries: s.entries.map((e) => ({ ...e, read: true })) })),
        setDesktop: (desktop) => set({ desktop }),
      }),
      {
        name: 'swath.notifications',
        storage: createJSONStorage(() => keptStorage),
        partialize: (s) => ({ entries: s.entries, snapshots: s.snapshots, desktop: s.desktop }),
      },
    ),
  ),
)
