import { Section } from '../../../components/page-section'
import './mantine-styles'
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { budgetBlocker, type BudgetGateInput } from '../../../components/budget-gate/budget-rules'
import { formatUtc } from '../../../lib/format'
import { paths } from '../../../config/paths'
import { formatCredits } from '../../../lib/format'
import { explainQuotationError, type ExplainedError } from '../../../data/decisions/decision-errors'
import { orderAreaOf } from '../map-layers'
import {
  decideQuotationMutation,
  quotationOptions,
  type Quotation,
  type QuotationPatch,
  type TaskingOrder,
} from '../../../data/decisions/queries'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { orderOptions } from '../../../data/orders/queries'
import { decisionSentence, whyCannotDecideQuotations } from '../wording'
import { DecisionBadge } from './decision-badge'
import { BackToInbox, DecisionNotFound, Facts, OrderFacts, OrderProblem, PageLoading } from './page-parts'
import { PriceBar } from './price-bar'
import classes from './tasking.module.css'

const DecisionMap = lazy(async () => ({ default: (await import('./decision-map')).DecisionMap }))

/** One quotation: its price, the order, the budget it is charged to, and the decision to accept or reject. */
export function QuotationPage() {
  const { id = '' } = useParams()
  const client = useApiClient()
  const { data: quotation } = useQuery(quotationOptions(client, id))
  // A decision refused with 404: the quotation (or its order) is not in this account any more.
  const [gone, setGone] = useState(false)
  if (quotation === null || gone) return <DecisionNotFound what="quotation" id={id} />
  if (!quotation) return <PageLoading label="Loading the quotation" />
  return <QuotationView quotation={quotation} onGone={() => setGone(true)} />
}

type Verdict = QuotationPatch['decision']

function QuotationView({ quotation, onGone }: { quotation: Quotation; onGone: () => void }) {
  const ids = useId()
  const client = useApiClient()
  const qc = useQueryClient()
  const user = useSession().user
  // The budgets this user may charge (none for other plans or the Viewer).
  const budgets: BudgetGateInput = useBudgetChoices()
  // The decision page shows what it has without the order; its failure is said beside it.
  const order = useQuery({ ...orderOptions(client, quotation.orderId), throwOnError: false })
  const decide = useMutation(decideQuotationMutation(client, qc))
  const [confirming, setConfirming] = useState<Verdict | null>(null)
  const [budgetId, setBudgetId] = useState<string | null>(null)
  const [blocked, setBlocked] = useState<string | null>(null)
  // The last decision sent, for "Try again" after the service was unavailable.
  const [lastSent, setLastSent] = useState<QuotationPatch | null>(null)
  const sending = useRef(false)
  const notice = useRef<HTMLDivElement>(null)
  const [decidedHere, setDecidedHere] = useState(false)

  const decided = quotation.decision !== 'NOT_DECIDED'
  const perms = permissionsOf(user)
  const why = perms.decideQuotations ? null : whyCannotDecideQuotations(user?.role)
  const mayDecide = !decided && perms.decideQuotations
  // The last refusal, as long as the mutation holds it (sending again clears it).
  const problem = decide.isError ? explainQuotationError(decide.error) : null
  const price = quotation.creditsPrice
  const orderBudgetId = order.data?.budgetId ?? null
  // The picker is offered when the order has no budget of its own, or when the service refused that one.
  const offerGate =
    mayDecide && budgets.available && !order.isPending && (!orderBudgetId || problem?.kind === 'budget')
  const aoi = useMemo(() => orderAreaOf(order.data), [order.data])

  useEffect(() => {
    if (decidedHere && decided) notice.current?.focus()
  }, [decidedHere, decided])

  function send(patch: QuotationPatch) {
    if (sending.current) return
    sending.current = true
    setLastSent(patch)
    decide.mutate(
      { quotationId: quotation.id, patch },
      {
        onSuccess: () => setDecidedHere(true),
        // A refusal that may hide a decision (someone decided first, a lost answer) is refreshed by the
        // mutation itself, like a success: the quotation, the lists and count, the orders and budgets.
        onError: (e) => {
          const { kind } = explainQuotationError(e)
          if (kind === 'not-found') onGone()
          // Enforcement or the budgets may have changed since the page read them.
          else if (kind === 'budget') budgets.retry()
        },
        onSettled: () => {
          sending.current = false
          setConfirming(null)
        },
      },
    )
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

      {problem && !(problem.kind === 'budget' && offerGate) && (
        <ProblemAlert
          problem={problem}
          onTryAgain={lastSent ? () => send(lastSent) : undefined}
          busy={decide.isPending}
        />
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
                  <Button onClick={askToAccept} disabled={decide.isPending}>
                    Accept quotation…
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => setConfirming('REJECTED')}
                    disabled={decide.isPending}
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
          if (!decide.isPending) setConfirming(null)
        }}
        title={confirming === 'REJECTED' ? 'Reject this quotation?' : 'Accept this quotation?'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        // After a decision the buttons are gone: the page moves focus to the decision itself.
        returnFocus={!decide.isSuccess}
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
              disabled={decide.isPending}
              data-autofocus
            >
              Keep it undecided
            </Button>
            {confirming === 'REJECTED' ? (
              <Button color="red.9" loading={decide.isPending} onClick={() => send({ decision: 'REJECTED' })}>
                Reject quotation
              </Button>
            ) : (
              <Button loading={decide.isPending} onClick={() => send(acceptPatch)}>
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

function ProblemAlert({
  problem,
  onTryAgain,
  busy,
}: {
  problem: ExplainedError
  onTryAgain?: () => void
  busy: boolean
}) {
  if (problem.kind === 'not-found') return null
  const title = problem.kind === 'unavailable' ? `${problem.title}.` : problem.title
  return (
    <Alert color={problem.kind === 'decided' ? 'yellow' : 'red'} title={title} role="alert">
      <Text size="sm">{problem.details}</Text>
      {problem.kind === 'unavailable' && onTryAgain && (
        <Button mt="sm" size="xs" variant="default" onClick={onTryAgain} loading={busy}>
          Try again
        </Button>
      )}
    </Alert>
  )
}
