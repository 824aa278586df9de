import { useState } from 'react'
import type { BudgetGateInput } from '../../lib/budget-rules'
import {
  budgetProblemOf,
  chargedBudgetName,
  placeTargetOf,
  placingBlockers,
  type PlaceTarget,
  type PlacingFailure,
  type PlacingProblem,
} from '../../lib/placing-rules'

/** What a placing page knows, handed to the flow: the gate, the choices, and its own blockers. */
export interface PlacingFlowInput {
  /** The budget gate as the budgets data gives it (`useBudgetChoices`: components do not read data). */
  gate: BudgetGateInput
  budgetId: string | null
  workspaceId: string | null
  /** The page's own blockers (lines, features, inputs). */
  own: readonly string[]
  /** The last attempt's refusal when it is about the budget (`budgetRefusalOf`), else null. */
  budgetRefusal: PlacingFailure | null
  /** What an administrator would place, for a user who cannot choose budgets: "these orders". */
  whatIsPlaced: string
  /** What is charged: an order (the default) or a processing job. */
  subject?: 'order' | 'job'
  /**
   * "Tried to go on" held by the page, where more than the flow reads it before the flow's own inputs are
   * known (the launch checks the inputs with the service only once the analyst has tried). Held by the flow
   * otherwise.
   */
  tried?: { value: boolean; set: (tried: boolean) => void }
}

/** The view model every placing page reads: the rules' answers and whether the review was asked for. */
export interface PlacingFlow {
  /** What stops the review: the page's own, then the budget, then the workspace. */
  blockers: string[]
  /** Where placing sends; null before a workspace is chosen. */
  placeTarget: PlaceTarget | null
  /** The budget charged, by name, for the review's total; null when none. */
  budgetName: string | null
  /** The last budget refusal, in the words the page shows at the gate and in the review. */
  budgetProblem: PlacingProblem | null
  /** Whether the analyst has asked for the review: blockers are listed only from then on. */
  triedReview: boolean
  /** Asks for the review: `go` runs only when nothing blocks it; the blockers show either way. */
  tryReview: (go: () => void) => void
  /** A new draft starts untried. */
  resetTried: () => void
}

/**
 * The placing flow's view model (decision 55): the checkout, the tasking request and the processing launch
 * each composed the same rules — blockers, where placing sends, the budget's name and refusal, "tried to go
 * on" — and now read them here, over the pure rules of `lib/placing-rules.ts`.
 */
export function usePlacingFlow(input: PlacingFlowInput): PlacingFlow {
  const [heldTried, setHeldTried] = useState(false)
  const triedReview = input.tried ? input.tried.value : heldTried
  const setTriedReview = input.tried ? input.tried.set : setHeldTried
  const blockers = placingBlockers({
    own: input.own,
    gate: input.gate,
    budgetId: input.budgetId,
    workspaceId: input.workspaceId,
    subject: input.subject,
  })
  return {
    blockers,
    placeTarget: placeTargetOf(input.gate, input.workspaceId, input.budgetId),
    budgetName: chargedBudgetName(input.gate, input.budgetId),
    budgetProblem: budgetProblemOf(input.budgetRefusal, input.gate, input.whatIsPlaced),
    triedReview,
    tryReview: (go) => {
      setTriedReview(true)
      if (blockers.length === 0) go()
    },
    resetTried: () => setTriedReview(false),
  }
}
