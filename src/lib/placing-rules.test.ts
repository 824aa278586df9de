import { describe, expect, it } from 'vitest'
import type { BudgetGateInput } from './budget-rules'
import {
  budgetProblemOf,
  budgetRefusalOf,
  chargedBudgetName,
  placeTargetOf,
  placingBlockers,
} from './placing-rules'

const gate = (over: Partial<BudgetGateInput> = {}): BudgetGateInput => ({
  available: true,
  whyNot: null,
  enforced: false,
  budgets: [{ id: 'b1', name: 'Project A', allocatedCredits: 100, remainingCredits: 40 }],
  loading: false,
  error: null,
  retry: () => {},
  ...over,
})

describe('where placing sends', () => {
  it('needs a workspace, and sends the budget only where budgets apply to the user', () => {
    expect(placeTargetOf(gate(), null, 'b1')).toBeNull()
    expect(placeTargetOf(gate(), 'ws1', 'b1')).toEqual({ workspaceId: 'ws1', budgetId: 'b1' })
    expect(placeTargetOf(gate({ available: false }), 'ws1', 'b1')).toEqual({
      workspaceId: 'ws1',
      budgetId: null,
    })
  })

  it('names the budget charged, or none', () => {
    expect(chargedBudgetName(gate(), 'b1')).toBe('Project A')
    expect(chargedBudgetName(gate(), 'gone')).toBe('the chosen budget')
    expect(chargedBudgetName(gate(), null)).toBeNull()
    expect(chargedBudgetName(gate({ available: false }), 'b1')).toBeNull()
  })
})

describe('what stops the review', () => {
  it('lists the page’s own blockers, then the budget, then the workspace', () => {
    expect(
      placingBlockers({
        own: ['Scene 1: name it.'],
        gate: gate({ enforced: true }),
        budgetId: null,
        workspaceId: null,
      }),
    ).toEqual([
      'Scene 1: name it.',
      'This account requires a budget on every order: choose one.',
      'Choose a workspace in the header.',
    ])
  })

  it('says "job" for a processing job, and nothing when all is chosen', () => {
    expect(
      placingBlockers({
        own: [],
        gate: gate({ enforced: true }),
        budgetId: null,
        workspaceId: 'ws1',
        subject: 'job',
      }),
    ).toEqual(['This account requires a budget on every job: choose one.'])
    expect(
      placingBlockers({ own: [], gate: gate({ enforced: true }), budgetId: 'b1', workspaceId: 'ws1' }),
    ).toEqual([])
  })

  it('does not hold a budget against a user without budgets', () => {
    expect(
      placingBlockers({
        own: [],
        gate: gate({ available: false, enforced: true }),
        budgetId: null,
        workspaceId: 'w',
      }),
    ).toEqual([])
  })

  it('blocks a budget that is no longer active once the list has loaded', () => {
    expect(placingBlockers({ own: [], gate: gate(), budgetId: 'gone', workspaceId: 'w' })).toEqual([
      'The chosen budget is no longer active: choose another.',
    ])
    expect(
      placingBlockers({ own: [], gate: gate({ loading: true }), budgetId: 'gone', workspaceId: 'w' }),
    ).toEqual([])
  })
})

describe('budget refusals', () => {
  it('keeps only the contract’s budget refusals', () => {
    const refusal = { message: 'Budget required', code: 'budget-id-required' }
    expect(budgetRefusalOf(refusal)).toBe(refusal)
    expect(budgetRefusalOf({ message: 'Bad request', code: 'bad-order-request' })).toBeNull()
    expect(budgetRefusalOf({ message: 'No code' })).toBeNull()
    expect(budgetRefusalOf(null)).toBeNull()
  })

  it('tells a user who cannot choose budgets whom to ask, and keeps the service’s words otherwise', () => {
    const refusal = { message: 'Budget required', details: 'Choose one.', code: 'budget-id-required' }
    expect(budgetProblemOf(refusal, gate({ available: false }), 'these orders')).toEqual({
      message: 'Budget required',
      details:
        'Budget enforcement is on, and your role cannot choose budgets. Ask an account administrator to place these orders.',
    })
    expect(budgetProblemOf(refusal, gate(), 'these orders')).toEqual({
      message: 'Budget required',
      details: 'Choose one.',
    })
    expect(
      budgetProblemOf({ ...refusal, code: 'budget-not-active' }, gate({ available: false }), 'x'),
    ).toEqual({
      message: 'Budget required',
      details: 'Choose one.',
    })
    expect(budgetProblemOf(null, gate(), 'these orders')).toBeNull()
  })
})
