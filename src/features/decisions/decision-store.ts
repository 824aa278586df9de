import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { ExplainedError } from '../../data/decisions/decision-errors'
import type { DecisionRequest, PendingDecision } from '../../data/decisions/decide-once'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'

/**
 * Where this user's decision on one item stands, when there is anything to say: sent and not answered yet
 * (`placing`), not known yet and being checked (`unknown`), or what the page says after (`problem`, with
 * the request to send again when it is known that nothing was decided). No entry: nothing sent from here,
 * or decided as sent and shown so (an attempt is kept until the page shows the item decided, so that the
 * decision is never offered in between).
 */
export type DecisionState =
  | PendingDecision
  | {
      kind: 'problem'
      problem: ExplainedError
      /** Nothing was decided: the same request may be sent again ("Try again"). */
      retry?: DecisionRequest
      /** The item was read decided (by someone else, or before): nothing may be offered. */
      decided?: boolean
    }

export const isDecisionPending = (s: DecisionState | undefined): s is PendingDecision =>
  s?.kind === 'placing' || s?.kind === 'unknown'

interface DecisionStore {
  /** By the guard's key of the item (`decisionKey`). */
  items: Record<string, DecisionState>
  set: (key: string, state: DecisionState) => void
  clear: (key: string) => void
}

/**
 * The decisions sent from this tab, per user and account in sessionStorage (`swath.decisions`, as every
 * draft): a reload while a decision is out finds its attempt and checks it instead of offering the decision
 * again (decision 16).
 */
export const useDecisionStore = ownedDraft(
  create<DecisionStore>()(
    persist(
      (set) => ({
        items: {},
        set: (key, state) => set((s) => ({ items: { ...s.items, [key]: state } })),
        clear: (key) =>
          set((s) => {
            if (!(key in s.items)) return s
            const { [key]: _gone, ...rest } = s.items
            return { items: rest }
          }),
      }),
      {
        name: 'swath.decisions',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ items: s.items }),
      },
    ),
  ),
)
