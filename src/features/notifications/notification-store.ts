import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { keptStorage, ownedDraft } from '../../lib/draft-storage'
import { addFound, markAllRead, markRead, type Entry, type FoldLine, type Found } from './entries'

interface NotificationStore {
  entries: Entry[]
  /** Each source's last snapshot, compared with the next read. */
  snapshots: Record<string, unknown>
  /** Desktop notifications, once the analyst turned them on and the browser allowed them. */
  desktop: boolean
  /** Stores a read: the new snapshots and what they found; returns the entries added or renewed. */
  record: (
    snapshots: Record<string, unknown>,
    found: (Found & { source: string })[],
    at: number,
    lines?: Readonly<Record<string, FoldLine>>,
  ) => Entry[]
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
        record: (snapshots, found, at, lines) => {
          const { entries, added } = addFound(get().entries, found, at, lines)
          set((s) => ({ entries, snapshots: { ...s.snapshots, ...snapshots } }))
          return added
        },
        markRead: (key) => set((s) => ({ entries: markRead(s.entries, key) })),
        markAllRead: () => set((s) => ({ entries: markAllRead(s.entries) })),
        setDesktop: (desktop) => set({ desktop }),
      }),
      {
        name: 'swath.notifications',
        storage: createJSONStorage(() => keptStorage),
        partialize: (s) => ({ entries: s.entries, snapshots: s.snapshots, desktop: s.desktop }),
        // Version 1 keys entries by object (one per order, not one per status): older entries and snapshots
        // are dropped, and the next read is a new baseline.
        version: 1,
        migrate: (old) => ({
          entries: [],
          snapshots: {},
          desktop: Boolean((old as { desktop?: unknown }).desktop),
        }),
      },
    ),
  ),
)
