import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { useBudgetChoices } from '../../data/budgets/use-budget-choices'
import { explainQuotationError } from '../../data/decisions/decision-errors'
import type { Quotation, QuotationPatch } from '../../data/decisions/queries'
import { orderOptions } from '../../data/orders/queries'
import { budgetBlocker, type BudgetGateInput } from '../../lib/budget-rules'
import { orderAreaOf } from './map-layers'
import { useDecision } from './use-decision'
import { useDecisionForm } from './use-decision-form'
import { decisionSentence, whyCannotDecideQuotations } from './words'

type Verdict = QuotationPatch['decision']

/**
 * The quotation page's state and rules: the order it is about, the budget the price is charged to (the
 * order's own, or one picked here when it has none or the service refused it), and accepting or rejecting
 * through `useDecision`.
 */
export function useQuotationDecision(quotation: Quotation, onGone: () => void) {
  const client = useApiClient()
  const user = useSession().user
  // The budgets this user may charge (none for other plans or the Viewer).
  const budgets: BudgetGateInput = useBudgetChoices()
  // The decision page shows what it has without the order; its failure is said beside it.
  const order = useQuery({ ...orderOptions(client, quotation.orderId), throwOnError: false })
  const decided = quotation.decision !== 'NOT_DECIDED'
  const decision = useDecision('quotation', quotation.id, {
    explain: explainQuotationError,
    // Enforcement or the budgets may have changed since the page read them.
    onRefused: (p) => {
      if (p.kind === 'budget') budgets.retry()
    },
    onGone,
    decided,
  })
  const form = useDecisionForm<Verdict>(decision)
  const [budgetId, setBudgetId] = useState<string | null>(null)
  const [blocked, setBlocked] = useState<string | null>(null)
  const problem = decision.problem

  const perms = permissionsOf(user)
  const why = perms.decideQuotations ? null : whyCannotDecideQuotations(user?.role)
  // Nothing is offered while a decision sent from this tab is out or kept (not known yet, a reload's attempt
  // not yet checked, an answer not yet shown); while this page sends, the buttons stay, disabled.
  const mayDecide = !decided && perms.decideQuotations && (decision.offerable || decision.sending)
  const orderBudgetId = order.data?.budgetId ?? null
  // The picker is offered when the order has no budget of its own, or when the service refused that one.
  const offerGate =
    mayDecide && budgets.available && !order.isPending && (!orderBudgetId || problem?.kind === 'budget')
  const aoi = useMemo(() => orderAreaOf(order.data), [order.data])

  function send(patch: QuotationPatch) {
    void decision
      .decide({ item: 'quotation', itemId: quotation.id, patch })
      .then(() => form.setConfirming(null))
  }

  function askToAccept() {
    const blocker = offerGate ? budgetBlocker(budgets, budgetId) : null
    setBlocked(blocker)
    if (!blocker) form.setConfirming('ACCEPTED')
  }

  function chooseBudget(id: string | null) {
    setBudgetId(id)
    setBlocked(null)
  }

  const acceptPatch: QuotationPatch =
    offerGate && budgetId ? { decision: 'ACCEPTED', budgetId } : { decision: 'ACCEPTED' }
  const chargedBudget = offerGate
    ? budgets.budgets.find((b) => b.id === budgetId)
    : budgets.budgets.find((b) => b.id === orderBudgetId)

  return {
    quotation,
    order,
    budgets,
    decision,
    form,
    decided,
    why,
    mayDecide,
    offerGate,
    aoi,
    budgetId,
    chooseBudget,
    blocked,
    askToAccept,
    accept: () => send(acceptPatch),
    reject: () => send({ decision: 'REJECTED' }),
    chargedBudget,
    sentence: decisionSentence('quotation', quotation, user?.id),
  }
}

export type QuotationDecision = ReturnType<typeof useQuotationDecision>
