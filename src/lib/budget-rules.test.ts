import { describe, expect, it } from 'vitest'
import { BUDGET_PROBLEMS, explainBudgetProblem } from './budget-rules'

describe('budget refusals in plain words', () => {
  it('explains every budget problem of the contract, and nothing else', () => {
    for (const code of BUDGET_PROBLEMS) {
      expect(explainBudgetProblem(code, 'place')).not.toBeNull()
      expect(explainBudgetProblem(code, 'accept')).not.toBeNull()
    }
    expect(explainBudgetProblem('quotation-already-decided', 'accept')).toBeNull()
    expect(explainBudgetProblem(undefined, 'place')).toBeNull()
  })

  it('says the same thing for placing and accepting, except what to do next', () => {
    expect(explainBudgetProblem('budget-id-required', 'place')).toEqual({
      message: 'This account requires a budget on every order.',
      details: 'Budget enforcement is on: choose an active budget, then place again.',
    })
    expect(explainBudgetProblem('budget-id-required', 'accept')?.details).toBe(
      'Budget enforcement is on: choose an active budget, then accept again.',
    )
    expect(explainBudgetProblem('account-not-enterprise', 'place')?.details).toBe(
      'Place the order without a budget.',
    )
    expect(explainBudgetProblem('account-not-enterprise', 'accept')?.details).toBe('Accept without a budget.')
    for (const code of ['budget-not-active', 'budget-not-found'])
      expect(explainBudgetProblem(code, 'place')).toEqual(explainBudgetProblem(code, 'accept'))
  })
})
