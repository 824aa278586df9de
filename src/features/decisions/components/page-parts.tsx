import '@mantine/core/styles/Code.css'
import { Alert, Anchor, Button, Code, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DetailFailure } from '../../../components/detail-states'
import { Facts as FactList } from '../../../components/facts/facts'
import { whatToDo } from '../../../api/errors'
import { OutcomeNotKnown } from '../../../components/order-page-parts/page-parts'
import { paths } from '../../../config/paths'
import { SETTLE_WINDOW_MS } from '../../../data/create-once'
import type { PendingDecision } from '../../../data/decisions/decide-once'
import type { DecisionItemKind, ExplainedError } from '../../../data/decisions/decision-errors'
import { orderWindowOf } from '../map-layers'
import type { TaskingOrder } from '../../../data/decisions/queries'
import { formatWindow } from '../words'
import classes from './tasking.module.css'

/** A titled part of a decision page (h2, named region). */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return <FactList rows={rows} className={classes.facts} />
}

/** The facts of the order a decision is about, then the page's own. */
export function OrderFacts({
  orderId,
  order,
  more = [],
}: {
  orderId: string
  order: TaskingOrder | undefined
  more?: [string, ReactNode][]
}) {
  const window = orderWindowOf(order)
  return (
    <Facts
      rows={[
        [
          'Order',
          <Anchor component={Link} to={paths.order(orderId)} key="order">
            {order?.displayName ?? `Order ${orderId}`}
          </Anchor>,
        ],
        ['Requested window', order ? (window ? formatWindow(window.start, window.end) : 'Not given') : '…'],
        ...more,
      ]}
    />
  )
}

/** The order could not be read: the decision can still be taken, the page says what is missing. */
export function OrderProblem({ query }: { query: UseQueryResult<TaskingOrder> }) {
  if (!query.isError || query.data) return null
  return (
    <Alert color="yellow" title="The order could not be read">
      <Text size="sm">Its name, window and area are missing here. {whatToDo(query.error)}</Text>
      <Button mt="sm" size="xs" variant="default" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Alert>
  )
}

/**
 * A study or quotation that could not be shown: one this account does not have (the list read by id came back
 * empty, or a decision was refused with 404 while the page was open), or a read that failed.
 */
export function DecisionFailure({
  what,
  id,
  missing,
  error,
  onRetry,
}: {
  what: 'feasibility study' | 'quotation'
  id: string
  missing: boolean
  error: unknown
  onRetry: () => void
}) {
  return (
    <DetailFailure
      thing={what}
      error={error}
      missing={missing}
      missingText={
        <>
          No {what} <Code>{id}</Code> exists in this account. The link may be old or mistyped, or it may
          belong to another account.
        </>
      }
      onRetry={onRetry}
      back={{ to: paths.decisions(), label: 'All decisions' }}
    />
  )
}

export function BackToInbox() {
  return (
    <Anchor component={Link} to={paths.decisions()} size="sm">
      All decisions
    </Anchor>
  )
}

/**
 * A decision sent from this tab whose outcome is not known yet (a lost answer, a 5xx, a reload while it was
 * out): the time since sending, that the item is being read again, and nothing offered meanwhile.
 */
export function DecisionChecking({
  item,
  pending,
  onCheckAgain,
}: {
  item: DecisionItemKind
  pending: PendingDecision
  onCheckAgain: () => void
}) {
  const what = item === 'quotation' ? 'the quotation' : 'the feasibility study'
  return (
    <OutcomeNotKnown
      what="decision"
      question="whether the decision was recorded"
      looking={`Reading ${what} again`}
      unreadable={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be read either.`}
      sentAt={pending.attempt.startedAt}
      windowMs={SETTLE_WINDOW_MS}
      checkFailed={pending.kind === 'unknown' && pending.checkFailed}
      onCheckAgain={onCheckAgain}
    />
  )
}

/** What a decision that did not go through means, with "Try again" when nothing was decided. */
export function DecisionProblem({
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
