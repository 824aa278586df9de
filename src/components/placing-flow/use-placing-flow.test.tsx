import { act, renderHook } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { BudgetGateInput } from '../../lib/budget-rules'
import { usePlacingFlow, type PlacingFlowInput } from './use-placing-flow'

const gate = (over: Partial<BudgetGateInput> = {}): BudgetGateInput => ({
  available: true,
  whyNot: null,
  enforced: true,
  budgets: [{ id: 'b1', name: 'Project A', allocatedCredits: 100, remainingCredits: 40 }],
  loading: false,
  error: null,
  retry: () => {},
  ...over,
})

const input = (over: Partial<PlacingFlowInput> = {}): PlacingFlowInput => ({
  gate: gate(),
  budgetId: 'b1',
  workspaceId: 'ws1',
  own: [],
  budgetRefusal: null,
  whatIsPlaced: 'these orders',
  ...over,
})

describe('the placing flow’s view model', () => {
  it('answers with where placing sends, the budget charged, and nothing blocking', () => {
    const { result } = renderHook(() => usePlacingFlow(input()))
    expect(result.current).toMatchObject({
      blockers: [],
      placeTarget: { workspaceId: 'ws1', budgetId: 'b1' },
      budgetName: 'Project A',
      budgetProblem: null,
      triedReview: false,
    })
  })

  it('goes to the review only when nothing blocks it, and remembers it was asked for either way', () => {
    const go = vi.fn()
    const { result, rerender } = renderHook((props: PlacingFlowInput) => usePlacingFlow(props), {
      initialProps: input({ own: ['Scene 1: name the order.'], budgetId: null }),
    })
    expect(result.current.blockers).toEqual([
      'Scene 1: name the order.',
      'This account requires a budget on every order: choose one.',
    ])
    act(() => result.current.tryReview(go))
    expect(go).not.toHaveBeenCalled()
    expect(result.current.triedReview).toBe(true)

    rerender(input())
    act(() => result.current.tryReview(go))
    expect(go).toHaveBeenCalledTimes(1)

    act(() => result.current.resetTried())
    expect(result.current.triedReview).toBe(false)
  })

  it('says a budget refusal in the page’s words, and whom to ask where the role cannot choose budgets', () => {
    const refusal = { message: 'A budget is required.', details: 'Choose one.', code: 'budget-id-required' }
    const { result, rerender } = renderHook((props: PlacingFlowInput) => usePlacingFlow(props), {
      initialProps: input({ budgetRefusal: refusal }),
    })
    expect(result.current.budgetProblem).toEqual({ message: 'A budget is required.', details: 'Choose one.' })
    rerender(
      input({ budgetRefusal: refusal, gate: gate({ available: false }), whatIsPlaced: 'this request' }),
    )
    expect(result.current.budgetProblem?.details).toBe(
      'Budget enforcement is on, and your role cannot choose budgets. Ask an account administrator to place this request.',
    )
    // Without budgets, no budget is sent or named, whatever the draft kept.
    expect(result.current.placeTarget).toEqual({ workspaceId: 'ws1', budgetId: null })
    expect(result.current.budgetName).toBeNull()
  })

  it('blocks a job without a workspace, in the job’s words', () => {
    const { result } = renderHook(() =>
      usePlacingFlow(
        input({ workspaceId: null, budgetId: null, subject: 'job', own: ['Fill in the inputs.'] }),
      ),
    )
    expect(result.current.blockers).toEqual([
      'Fill in the inputs.',
      'This account requires a budget on every job: choose one.',
      'Choose a workspace in the header.',
    ])
    expect(result.current.placeTarget).toBeNull()
  })

  it('reads and sets "tried" where the page holds it', () => {
    const { result } = renderHook(() => {
      const [tried, setTried] = useState(false)
      return { tried, flow: usePlacingFlow(input({ tried: { value: tried, set: setTried } })) }
    })
    expect(result.current.flow.triedReview).toBe(false)
    act(() => result.current.flow.tryReview(() => {}))
    expect(result.current.tried).toBe(true)
    expect(result.current.flow.triedReview).toBe(true)
  })
})
