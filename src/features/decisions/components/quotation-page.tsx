import { DetailLoading } from '../../../components/detail-states'
import { Section } from '../../../components/page-section'
import './mantine-styles'
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { budgetBlocker, type BudgetGateInput } from '../../../lib/budget-rules'
import { formatUtc } from '../../../lib/format'
import { paths } from '../../../config/paths'
import { formatCredits } from '../../../lib/format'
import { explainQuotationError } from '../../../data/decisions/decision-errors'
import { orderAreaOf } from '../map-layers'
import {
  quotationOptions,
  type Quotation,
  type QuotationPatch,
  type TaskingOrder,
} from '../../../data/decisions/queries'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { orderOptions } from '../../../data/orders/queries'
import { decisionSentence, whyCannotDecideQuotations } from '../words'
import { DecisionBadge } from './decision-badge'
import {
  BackToInbox,
  DecisionChecking,
  DecisionFailure,
  DecisionProblem,
  Facts,
  OrderFacts,
  OrderProblem,
} from './page-parts'
import { useDecision } from '../use-decision'
import { PriceBar } from './price-bar'
import classes from './tasking.module.css'

const DecisionMap = lazy(async () => ({ default: (await import('./decision-map')).DecisionMap }))

/** One quotation: its price, the order, the budget it is charged to, and the decision to accept or reject. */
export function QuotationPage() {
  const { id = '' } = useParams()
  const client = useApiClient()
  const q = useQuery({ ...quotationOptions(client, id), throwOnError: false })
  const quotation = q.data
  // A decision refused with 404: the quotation (or its order) is not in this account any more.
  const [gone, setGone] = useState(false)
  if (quotation === null || gone || (q.error && !quotation))
    return (
      <DecisionFailure
        what="quotation"
        id={id}
        missing={quotation === null || gone}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    )
  if (!quotation) return <DetailLoading label="Loading the quotation" body={400} />
  return <QuotationView quotation={quotation} onGone={() => setGone(true)} />
}

type Verdict = QuotationPatch['decision']

function QuotationView({ quotation, onGone }: { quotation: Quotation; onGone: () => void }) {
  const ids = useId()
  const client = useApiClient()
  const user = useSession().user
  // The budgets this user may charge (none for other plans or the Viewer).
  const budgets: BudgetGateInput = useBudgetChoices()
  // The decision page shows what it has without the order; its failure is said beside it.
  const order = useQuery({ ...orderOptions(client, quotation.orderId), throwOnError: false })
  const decision = useDecision('quotation', quotation.id, {
    explain: explainQuotationError,
    // Enforcement or the budgets may have changed since the page read them.
    onRefused: (p) => {
      if (p.kind === 'budget') budgets.retry()
    },
    onGone,
    decided: quotation.decision !== 'NOT_DECIDED',
  })
  const { decidedHere, checking, problem } = decision
  const [confirming, setConfirming] = useState<Verdict | null>(null)
  const [budgetId, setBudgetId] = useState<string | null>(null)
  const [blocked, setBlocked] = useState<string | null>(null)
  const notice = useRef<HTMLDivElement>(null)

  const decided = quotation.decision !== 'NOT_DECIDED'
  const perms = permissionsOf(user)
  const why = perms.decideQuotations ? null : whyCannotDecideQuotations(user?.role)
  // Nothing is offered while a decision sent from this tab is out or kept (not known yet, a reload's attempt
  // not yet checked, an answer not yet shown); while this page sends, the buttons stay, disabled.
  const mayDecide = !decided && perms.decideQuotations && (decision.offerable || decision.sending)
  const price = quotation.creditsPrice
  const orderBudgetId = order.data?.budgetId ?? null
  // The picker is offered when the order has no budget of its own, or when the service refused that one.
  const offerGate =
    mayDecide && budgets.available && !order.isPending && (!orderBudgetId || problem?.kind === 'budget')
  const aoi = useMemo(() => orderAreaOf(order.data), [order.data])

  useEffect(() => {
    if (decidedHere && decided) notice.current?.focus()
  }, [decidedHere, decided])
  // An outcome not known yet closes the confirmation: the page says what is being checked.
  const [wasChecking, setWasChecking] = useState(false)
  if (!!checking !== wasChecking) {
    setWasChecking(!!checking)
    if (checking) setConfirming(null)
  }

  function send(patch: QuotationPatch) {
    void decision.decide({ item: 'quotation', itemId: quotation.id, patch }).then(() => setConfirming(null))
  }

  function askToAccept() {
    const blocker = offerGate ? budgetBlocker(budgets, budgetId) : null
    setBlocked(blocker)
    if (!blocker) setConfirming('ACCEPTED')
  }

  const acceptPatch: QuotationPatch =
    offerGate && budgetId ? { decision: 'ACCEPTED', budgetId } : { decision: 'ACCEPTED' }
  const chargedBudget = offerGate
    ? budgets.budgets.find((b) => b.id === budgetId)
    : budgets.budgets.find((b) => b.id === orderBudgetId)
  const sentence = decisionSentence('quotation', quotation, user?.id)

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackToInbox />
        <Group gap="sm" align="center">
          <Title order={1}>Quotation</Title>
          <DecisionBadge kind="quotation" decision={quotation.decision} size="lg" />
        </Group>
        {order.data && <Text>For the tasking order “{order.data.displayName}”.</Text>}
      </Stack>

      {decided && (
        <Alert
          color={quotation.decision === 'REJECTED' ? 'red' : 'teal'}
          title={sentence ?? 'Decided'}
          ref={notice}
          tabIndex={-1}
          role="status"
          aria-live="polite"
        >
          <Text size="sm">
            {quotation.decision === 'REJECTED'
              ? 'The order will not be carried out and nothing was charged.'
              : `${formatCredits(price)} credits were charged. The provider acquires the area within the window; deliveries show on the order as they arrive.`}{' '}
            <Anchor component={Link} to={paths.order(quotation.orderId)}>
              Open the order
            </Anchor>
          </Text>
        </Alert>
      )}

      {checking && !decided && (
        <DecisionChecking item="quotation" pending={checking} onCheckAgain={decision.checkAgain} />
      )}

      {problem && !(problem.kind === 'budget' && offerGate) && (
        <DecisionProblem problem={problem} onTryAgain={decision.retry} busy={decision.sending} />
      )}

      <div className={classes.pageGrid}>
        <Stack gap="lg">
          <Section id={`${ids}-price`} title="Price">
            <Text className={classes.price}>{formatCredits(price)} credits</Text>
            {!decided && (
              <Text size="sm">
                The service checks that the account has these credits when you accept; this console cannot
                read the account’s balance beforehand.
              </Text>
            )}
            <Facts rows={[['Quoted', formatUtc(quotation.createdAt)]]} />
          </Section>
          <Section id={`${ids}-order`} title="Order">
            <OrderFacts orderId={quotation.orderId} order={order.data} />
            <OrderProblem query={order} />
          </Section>
          {offerGate ? (
            <BudgetGate
              gate={budgets}
              budgetId={budgetId}
              onChange={(id) => {
                setBudgetId(id)
                setBlocked(null)
              }}
              total={null}
              problem={
                problem?.kind === 'budget' ? { message: problem.title, details: problem.details } : null
              }
            />
          ) : (
            <OrderBudget order={order.data} orderPending={order.isPending} budgets={budgets} />
          )}
          {!decided && chargedBudget && chargedBudget.remainingCredits !== null && (
            <Section id={`${ids}-against`} title="Price against the budget">
              <PriceBar
                price={price}
                budgetName={chargedBudget.name}
                remaining={chargedBudget.remainingCredits}
              />
            </Section>
          )}
        </Stack>
        <Stack gap="lg">
          <Section id={`${ids}-decision`} title="Decision">
            {decided ? (
              <Text size="sm">{sentence}.</Text>
            ) : why ? (
              <Text size="sm">{why}</Text>
            ) : !mayDecide ? (
              <Text size="sm">The decision sent from this tab is being checked.</Text>
            ) : (
              <Stack gap="sm" align="flex-start">
                <Text size="sm">
                  Accepting spends {formatCredits(price)} credits and starts the acquisition; rejecting drops
                  the order. Either is final.
                </Text>
                {blocked && (
                  <Alert color="red" title="Choose a budget first" role="alert">
                    <Text size="sm">{blocked}</Text>
                  </Alert>
                )}
                <Group>
                  <Button onClick={askToAccept} disabled={decision.sending}>
                    Accept quotation…
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => setConfirming('REJECTED')}
                    disabled={decision.sending}
                  >
                    Reject quotation…
                  </Button>
                </Group>
              </Stack>
            )}
          </Section>
          <Section id={`${ids}-map`} title="Area of interest">
            {order.isPending ? (
              <Skeleton height={340} role="status" aria-label="Loading the map" />
            ) : aoi ? (
              <Suspense fallback={<Skeleton height={340} role="status" aria-label="Loading the map" />}>
                <DecisionMap aoi={aoi} label="Map of the order's area" />
              </Suspense>
            ) : (
              <Text size="sm">The order’s area is not available.</Text>
            )}
          </Section>
        </Stack>
      </div>

      <Modal
        opened={confirming !== null}
        onClose={() => {
          if (!decision.sending) setConfirming(null)
        }}
        title={confirming === 'REJECTED' ? 'Reject this quotation?' : 'Accept this quotation?'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        // After a decision the buttons are gone: the page moves focus to the decision itself.
        returnFocus={!decidedHere && !checking}
        centered
      >
        <Stack gap="sm">
          {confirming === 'REJECTED' ? (
            <Text size="sm">
              The order will not be carried out; this cannot be undone. Nothing is charged. To get this data
              later, place a new tasking order.
            </Text>
          ) : (
            <Text size="sm">
              {formatCredits(price)} credits are charged to the account
              {chargedBudget ? ` and recorded on the budget “${chargedBudget.name}”` : ''}. The provider then
              acquires the area within the window, and deliveries show on the order as they arrive. This
              cannot be undone.
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(null)}
              disabled={decision.sending}
              data-autofocus
            >
              Keep it undecided
            </Button>
            {confirming === 'REJECTED' ? (
              <Button color="red.9" loading={decision.sending} onClick={() => send({ decision: 'REJECTED' })}>
                Reject quotation
              </Button>
            ) : (
              <Button loading={decision.sending} onClick={() => send(acceptPatch)}>
                Accept and spend {formatCredits(price)} credits
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
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
