import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'
import type { TaskingDraft } from '../../data/orders/tasking-share'
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
        name: 'swath.tasking',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ draft: s.draft, budgetId: s.budgetId, step: s.step, placement: s.placement }),
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
