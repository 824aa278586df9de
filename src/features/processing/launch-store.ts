import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Params, ParamProblem } from '../../lib/order-params/form-model'
import type { JobAttempt } from '../../data/processing/run-once'
import { draftStorage, ownedDraft } from '../../lib/draft-storage'

/** Where running the process stands. `placing` and `unknown` block another run until the outcome is known. */
export type RunState =
  | { kind: 'idle' }
  | { kind: 'placing'; attempt: JobAttempt }
  /** No answer: looked for in the job list; `checkFailed` once looking stopped without reading it. */
  | { kind: 'unknown'; attempt: JobAttempt; checkFailed?: boolean }
  /** Looked for until nothing could still come: no job was started. */
  | { kind: 'not-created' }
  | {
      kind: 'failed'
      message: string
      details?: string
      /** Refused inputs, shown on their fields. */
      problems?: ParamProblem[]
      /** A budget refusal's problem slug: the budget gate explains it. */
      code?: string
    }

export const RUN_IDLE: RunState = { kind: 'idle' }

export const isRunPending = (r: RunState): r is Extract<RunState, { kind: 'placing' | 'unknown' }> =>
  r.kind === 'placing' || r.kind === 'unknown'

export interface LaunchDraft {
  inputs: Params
  budgetId: string | null
  run: RunState
  /** What the page was opened with (`from=…`, `item=…`): a new hand-over starts the form again. */
  seed: string
}

interface LaunchStore {
  drafts: Record<string, LaunchDraft>
  start: (processId: string, draft: LaunchDraft) => void
  setInputs: (processId: string, inputs: Params) => void
  setBudget: (processId: string, budgetId: string | null) => void
  setRun: (processId: string, run: RunState) => void
  /** After a job started: the next visit starts with a fresh form. */
  clear: (processId: string) => void
}

const patch = (s: LaunchStore, id: string, p: Partial<LaunchDraft>) => {
  const d = s.drafts[id]
  return d ? { drafts: { ...s.drafts, [id]: { ...d, ...p } } } : {}
}

/**
 * The launch forms being filled, one per process, in sessionStorage (`swath.launch`), so a reload, an expired
 * session or a failing server loses no input — and an attempt whose answer has not come is settled when the
 * page opens again (decision 21).
 */
export const useLaunchStore = ownedDraft(
  create<LaunchStore>()(
    persist(
      (set) => ({
        drafts: {},
        start: (id, draft) => set((s) => ({ drafts: { ...s.drafts, [id]: draft } })),
        setInputs: (id, inputs) => set((s) => patch(s, id, { inputs })),
        setBudget: (id, budgetId) => set((s) => patch(s, id, { budgetId })),
        setRun: (id, run) => set((s) => patch(s, id, { run })),
        clear: (id) =>
          set((s) => {
            const { [id]: _gone, ...rest } = s.drafts
            return { drafts: rest }
          }),
      }),
      {
        name: 'swath.launch',
        storage: createJSONStorage(() => draftStorage),
        partialize: (s) => ({ drafts: s.drafts }),
      },
    ),
  ),
)
