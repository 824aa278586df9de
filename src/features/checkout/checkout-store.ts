import type { Polygon } from 'geojson'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'
import { IDLE, type Placement } from '../../data/orders/placement'

/** What the analyst has set on one line; anything unset falls back to the line's defaults at render. */
export interface LineDraft {
  dataProductId?: string
  displayName?: string
  tags?: string[]
  params?: Record<string, unknown>
  /** The area ordered: the AOI taken from the toolkit, or the whole scene. */
  area?: 'aoi' | 'scene'
  /** The AOI as it was when the analyst chose it: a later redraw elsewhere does not change this order. */
  aoi?: Polygon[]
  placement?: Placement
}

export interface PlacedOrder {
  key: string
  orderId: string
  displayName: string
  credits: number | null
}

type Step = 'edit' | 'review'

/** A line started from a data product's page: the scene is given by its id, the area is the AOI. */
export interface ProductLine {
  key: string
  collection: string
  dataProductId: string
}

interface CheckoutStore {
  drafts: Record<string, LineDraft>
  productLines: ProductLine[]
  budgetId: string | null
  step: Step
  placed: PlacedOrder[]
  update: (key: string, patch: LineDraft) => void
  setPlacement: (key: string, placement: Placement) => void
  addProductLine: (collection: string, dataProductId: string) => void
  /** Drops lines' drafts (and product lines) for good: placed, or removed by the analyst. */
  forget: (keys: string[]) => void
  setBudget: (id: string | null) => void
  setStep: (step: Step) => void
  recordPlaced: (orders: PlacedOrder[]) => void
  dismissPlaced: () => void
}

/**
 * The checkout's drafts: one per basket line, the budget and the step, kept in sessionStorage so a reload or
 * a re-sign-in loses nothing — including a placement in flight, which is reconciled when the page comes back.
 */
export const useCheckoutStore = ownedDraft(
  create<CheckoutStore>()(
    persist(
      (set) => ({
        drafts: {},
        productLines: [],
        budgetId: null,
        step: 'edit',
        placed: [],
        update: (key, patch) =>
          set((s) => ({ drafts: { ...s.drafts, [key]: { ...s.drafts[key], ...patch } } })),
        setPlacement: (key, placement) =>
          set((s) => ({ drafts: { ...s.drafts, [key]: { ...s.drafts[key], placement } } })),
        addProductLine: (collection, dataProductId) =>
          set((s) => {
            const n =
              s.productLines.reduce((max, l) => Math.max(max, Number(l.key.split(':')[1]) || 0), 0) + 1
            return { productLines: [...s.productLines, { key: `product:${n}`, collection, dataProductId }] }
          }),
        forget: (keys) =>
          set((s) => {
            const drafts = { ...s.drafts }
            for (const k of keys) delete drafts[k]
            const drop = new Set(keys)
            return { drafts, productLines: s.productLines.filter((l) => !drop.has(l.key)) }
          }),
        setBudget: (budgetId) => set({ budgetId }),
        setStep: (step) => set({ step }),
        recordPlaced: (orders) => set((s) => ({ placed: [...s.placed, ...orders] })),
        dismissPlaced: () => set({ placed: [] }),
      }),
      {
        name: 'swath.checkout',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({
          drafts: s.drafts,
          productLines: s.productLines,
          budgetId: s.budgetId,
          step: s.step,
          placed: s.placed,
        }),
      },
    ),
  ),
)

export const placementOf = (draft: LineDraft | undefined): Placement => draft?.placement ?? IDLE
