import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { Section } from '../../../components/page-section'
import { paths } from '../../../config/paths'
import type { TaskingOrder } from '../../../data/decisions/queries'
import type { BudgetGateInput } from '../../../lib/budget-rules'
import { formatCredits } from '../../../lib/format'
import type { QuotationDecision } from '../use-quotation-decision'
import { ConfirmButtons } from './decision-form'
import { PriceBar } from './price-bar'

/** The parts of the quotation page, over `useQuotationDecision`. */

/** What a decided quotation means, with the way to its order. */
export function QuotationOutcome({ q }: { q: QuotationDecision }) {
  const { quotation } = q
  return (
    <Text size="sm">
      {quotation.decision === 'REJECTED'
        ? 'The order will not be carried out and nothing was charged.'
        : `${formatCredits(quotation.creditsPrice)} credits were charged. The provider acquires the area within the window; deliveries show on the order as they arrive.`}{' '}
      <Anchor component={Link} to={paths.order(quotation.orderId)}>
        Open the order
      </Anchor>
    </Text>
  )
}

/**
 * The budget the price is charged to: the picker when the order has none or the service refused it, else the
 * order's own; then the price against what that budget has left, while undecided.
 */
export function QuotationGates({ q }: { q: QuotationDecision }) {
  const ids = useId()
  const { budgets, chargedBudget, decision } = q
  const problem = decision.problem
  return (
    <>
      {q.offerGate ? (
        <BudgetGate
          gate={budgets}
          budgetId={q.budgetId}
          onChange={q.chooseBudget}
          total={null}
          problem={problem?.kind === 'budget' ? { message: problem.title, details: problem.details } : null}
        />
      ) : (
        <OrderBudget order={q.order.data} orderPending={q.order.isPending} budgets={budgets} />
      )}
      {!q.decided && chargedBudget && chargedBudget.remainingCredits !== null && (
        <Section id={`${ids}-against`} title="Price against the budget">
          <PriceBar
            price={q.quotation.creditsPrice}
            budgetName={chargedBudget.name}
            remaining={chargedBudget.remainingCredits}
          />
        </Section>
      )}
    </>
  )
}

/** The decision section: what was decided, why this user cannot decide, or accepting and rejecting. */
export function QuotationDecisionForm({ q }: { q: QuotationDecision }) {
  const { decision } = q
  if (q.decided) return <Text size="sm">{q.sentence}.</Text>
  if (q.why) return <Text size="sm">{q.why}</Text>
  if (!q.mayDecide) return <Text size="sm">The decision sent from this tab is being checked.</Text>
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Accepting spends {formatCredits(q.quotation.creditsPrice)} credits and starts the acquisition;
        rejecting drops the order. Either is final.
      </Text>
      {q.blocked && (
        <Alert color="red" title="Choose a budget first" role="alert">
          <Text size="sm">{q.blocked}</Text>
        </Alert>
      )}
      <Group>
        <Button onClick={q.askToAccept} disabled={decision.sending}>
          Accept quotation…
        </Button>
        <Button
          variant="default"
          onClick={() => q.form.setConfirming('REJECTED')}
          disabled={decision.sending}
        >
          Reject quotation…
        </Button>
      </Group>
    </Stack>
  )
}

/** The confirmation's body: what accepting or rejecting does, then the buttons. */
export function QuotationConfirmBody({ q }: { q: QuotationDecision }) {
  const { form, chargedBudget } = q
  const sending = q.decision.sending
  const price = formatCredits(q.quotation.creditsPrice)
  const rejecting = form.confirming === 'REJECTED'
  return (
    <Stack gap="sm">
      {rejecting ? (
        <Text size="sm">
          The order will not be carried out; this cannot be undone. Nothing is charged. To get this data
          later, place a new tasking order.
        </Text>
      ) : (
        <Text size="sm">
          {price} credits are charged to the account
          {chargedBudget ? ` and recorded on the budget “${chargedBudget.name}”` : ''}. The provider then
          acquires the area within the window, and deliveries show on the order as they arrive. This cannot be
          undone.
        </Text>
      )}
      <ConfirmButtons keep="Keep it undecided" onKeep={() => form.setConfirming(null)} sending={sending}>
        {rejecting ? (
          <Button color="red.9" loading={sending} onClick={q.reject}>
            Reject quotation
          </Button>
        ) : (
          <Button loading={sending} onClick={q.accept}>
            Accept and spend {price} credits
          </Button>
        )}
      </ConfirmButtons>
    </Stack>
  )
}

/** The budget the order was placed with: its name and what it has left, when this user may see them. */
function OrderBudget({
  order,
  orderPending,
  budgets,
}: {
  order: TaskingOrder | undefined
  orderPending: boolean
  budgets: BudgetGateInput
}) {
  const ids = useId()
  if (orderPending) return null
  const budgetId = order?.budgetId
  if (!budgetId) return null
  const budget = budgets.budgets.find((b) => b.id === budgetId)
  return (
    <Section id={`${ids}-budget`} title="Budget">
      <Text size="sm">
        {budget
          ? `Charged to the order’s budget “${budget.name}”${budget.remainingCredits === null ? '' : `, which has ${formatCredits(budget.remainingCredits)} credits left`}.`
          : budgets.loading
            ? 'Charged to the order’s budget (reading its name).'
            : budgets.available
              ? `Charged to the order’s budget ${budgetId}, which is not among the active budgets: accepting may be refused.`
              : `Charged to the order’s budget ${budgetId}. ${budgets.whyNot ?? ''}`.trim()}
      </Text>
    </Section>
  )
}
