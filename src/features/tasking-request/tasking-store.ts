import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { dropDraft, draftStorage, ownedDraft } from '../../lib/draft-storage'
import { isRecord } from '../../lib/share-link'
import { readTaskingDraft, type TaskingDraft } from '../../data/orders/tasking-share'
import { TASKING_IDLE, type TaskingPlacement } from './tasking-rules'

export type TaskingStep = 'edit' | 'review'

interface TaskingStore {
  draft: TaskingDraft
  budgetId: string | null
  step: TaskingStep
  /** The attempt in flight, its unknown outcome, or its result: kept so a reload can settle it. */
  placement: TaskingPlacement
  update: (patch: Pick<TaskingDraft, 'params' | 'displayName' | 'tags'>) => void
  /** Another collection: its own product and form, so the product and params start over. */
  chooseCollection: (name: string) => void
  chooseProduct: (id: string) => void
  setBudget: (id: string | null) => void
  setStep: (step: TaskingStep) => void
  setPlacement: (placement: TaskingPlacement) => void
  /** After a result: the next request starts from the same product and form, with a new name. */
  startNew: () => void
}

/** The store's name in the tab's storage. */
export const TASKING_DRAFT = 'swath.tasking'

type Kept = Pick<TaskingStore, 'draft' | 'budgetId' | 'step' | 'placement'>

/** What the tab kept, when it is a request the page could have written; null for anything else. */
function readKeptTasking(kept: unknown): Kept | null {
  if (!isRecord(kept)) return null
  const draft = readTaskingDraft(kept.draft ?? {})
  const { budgetId, step, placement } = kept
  if (!draft || (budgetId !== null && typeof budgetId !== 'string')) return null
  if (step !== 'edit' && step !== 'review') return null
  if (!isRecord(placement) || typeof placement.kind !== 'string') return null
  return { draft, budgetId, step, placement: placement as TaskingPlacement }
}

/**
 * The tasking request being prepared, in sessionStorage (`swath.tasking`), so a reload or a re-sign-in loses
 * nothing — including an attempt whose answer has not come, which is reconciled when the page opens again.
 * The AOI is not here: it is the toolkit's (`swath.aoi`), and a placed request keeps the features it sent.
 */
export const useTaskingStore = ownedDraft(
  create<TaskingStore>()(
    persist(
      (set) => ({
        draft: {},
        budgetId: null,
        step: 'edit',
        placement: TASKING_IDLE,
        update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
        chooseCollection: (collectionName) =>
          set((s) => ({
            draft: { ...s.draft, collectionName, dataProductId: undefined, params: undefined },
          })),
        chooseProduct: (dataProductId) =>
          set((s) => ({ draft: { ...s.draft, dataProductId, params: undefined } })),
        setBudget: (budgetId) => set({ budgetId }),
        setStep: (step) => set({ step }),
        setPlacement: (placement) => set({ placement }),
        startNew: () =>
          set((s) => ({
            draft: { ...s.draft, displayName: undefined },
            step: 'edit',
            placement: TASKING_IDLE,
          })),
      }),
      {
        name: TASKING_DRAFT,
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ draft: s.draft, budgetId: s.budgetId, step: s.step, placement: s.placement }),
        // The kept draft is read as a shared link's is (the form's limits and types): one the form could not
        // have made is dropped, with a message, rather than break the page on every opening.
        merge: (kept, current) => {
          if (kept === undefined || kept === null) return current
          const read = readKeptTasking(kept)
          if (read) return { ...current, ...read }
          dropDraft(TASKING_DRAFT)
          return current
        },
      },
    ),
  ),
)

/** The store as a fresh tab starts it (tests reset to this between cases). */
export const TASKING_INITIAL = {
  draft: {},
  budgetId: null,
  step: 'edit' as TaskingStep,
  placement: TASKING_IDLE,
}
