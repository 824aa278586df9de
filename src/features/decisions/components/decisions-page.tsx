import './mantine-styles'
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { countLabel } from '../../../lib/format'
import { mergeInbox, orderIdsOf } from '../inbox'
import { canShowMoreDecided, DECIDED_STEP, inboxRequests, PENDING_LIMIT } from '../url-state'
import { useDecisionsView } from '../use-decisions-view'
import { quotationListOptions, studyListOptions } from '../../../data/decisions/queries'
import { orderNamesOptions } from '../../../data/orders/queries'
import { InboxTable } from './inbox-table'
import classes from './tasking.module.css'

const EMPTY: never[] = []

/**
 * The inbox: feasibility studies and quotations of the account in one list, what waits for a decision first
 * (oldest on top: those orders have been held longest), then the most recent decisions. `?order=` narrows it
 * to one order (the order page links here); `?decided=` shows more of the decided part.
 */
export function DecisionsPage() {
  const client = useApiClient()
  const [view, go] = useDecisionsView()
  const requests = useMemo(() => inboxRequests(view), [view])

  const pendingStudies = useQuery(studyListOptions(client, requests.pending))
  const pendingQuotations = useQuery(quotationListOptions(client, requests.pending))
  // Showing more keeps the rows on screen while the longer pages arrive.
  const decidedStudies = useQuery({
    ...studyListOptions(client, requests.decided),
    placeholderData: keepPreviousData,
  })
  const decidedQuotations = useQuery({
    ...quotationListOptions(client, requests.decided),
    placeholderData: keepPreviousData,
  })
  const all = [pendingStudies, pendingQuotations, decidedStudies, decidedQuotations]
  const [ps, pq, ds, dq] = [
    pendingStudies.data,
    pendingQuotations.data,
    decidedStudies.data,
    decidedQuotations.data,
  ]
  const merged = useMemo(
    () =>
      ps && pq && ds && dq
        ? mergeInbox(
            {
              pendingStudies: ps.content,
              pendingQuotations: pq.content,
              decidedStudies: ds.content,
              decidedQuotations: dq.content,
            },
            view.decided,
          )
        : null,
    [ps, pq, ds, dq, view.decided],
  )
  const rows = useMemo(() => (merged ? [...merged.pending, ...merged.decided] : EMPTY), [merged])
  const orderIds = useMemo(() => orderIdsOf(rows, view.orderId), [rows, view.orderId])
  const names = useQuery({ ...orderNamesOptions(client, orderIds), enabled: orderIds.length > 0 })
  const nameOf = useMemo(() => new Map(names.data?.map((o) => [o.id, o.displayName])), [names.data])

  const failed = all.filter((q) => q.isError)
  const retry = () => {
    for (const q of failed) void q.refetch()
  }

  const filterBar = view.orderId ? (
    <OrderFilter
      orderId={view.orderId}
      name={nameOf.get(view.orderId)}
      onShowAll={() => go({ ...view, orderId: null })}
    />
  ) : null

  let body
  if (!merged && failed.length > 0) {
    body = (
      <Alert color="red" title="The decisions could not be loaded" role="alert">
        <Text size="sm">{whatToDo(failed[0]?.error)}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={retry}>
          Retry
        </Button>
      </Alert>
    )
  } else if (!merged || !ps || !pq || !ds || !dq) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading decisions">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    )
  } else if (rows.length === 0) {
    body = (
      <Stack gap={4} className={classes.empty}>
        <Title order={2} size="h4">
          Nothing waits for a decision
        </Title>
        <Text size="sm">
          {view.orderId
            ? 'This order has no feasibility study or quotation. '
            : 'This account has no feasibility study or quotation yet. '}
          They arrive on their own for tasking orders: the provider sends a feasibility study with options
          when a request is hard to acquire as placed, and a quotation with the price before acquiring.
        </Text>
      </Stack>
    )
  } else {
    const pendingTotal = ps.totalElements + pq.totalElements
    const decidedTotal = ds.totalElements + dq.totalElements
    body = (
      <Stack gap="sm">
        <Text size="sm">
          {merged.pending.length === 0
            ? 'Nothing waits for a decision.'
            : `${countLabel(pendingTotal, 'item waits', 'items wait')} for a decision, oldest first.`}
          {merged.decided.length > 0 &&
            ` Then ${merged.decided.length === decidedTotal ? (decidedTotal === 1 ? 'the decided item' : `all ${decidedTotal} decided items`) : `the ${merged.decided.length} most recent of ${decidedTotal.toLocaleString('en')} decided items`}, newest first.`}
        </Text>
        {pendingTotal > merged.pending.length && (
          <Alert color="yellow" title="More items wait than are listed">
            <Text size="sm">
              The list shows the {PENDING_LIMIT} oldest studies and the {PENDING_LIMIT} oldest quotations that
              wait. Decide those first, or open one order’s decisions from its page.
            </Text>
          </Alert>
        )}
        {failed.length > 0 && (
          <Alert color="yellow" title="The list could not be refreshed" role="alert">
            <Text size="sm">It shows what was read last. {whatToDo(failed[0]?.error)}</Text>
            <Button mt="sm" size="xs" variant="default" onClick={retry}>
              Retry
            </Button>
          </Alert>
        )}
        <InboxTable rows={rows} firstDecided={merged.pending.length} nameOf={nameOf} />
        {decidedTotal > merged.decided.length && canShowMoreDecided(view) && (
          <Group>
            <Button
              variant="default"
              loading={decidedStudies.isPlaceholderData || decidedQuotations.isPlaceholderData}
              onClick={() =>
                go({ ...view, decided: view.decided + DECIDED_STEP }, { preventScrollReset: true })
              }
            >
              Show {DECIDED_STEP} more decided
            </Button>
          </Group>
        )}
      </Stack>
    )
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Decisions</Title>
        <Text>
          Feasibility studies and quotations of your tasking orders. An order waits until someone with the
          right role chooses an option or accepts its price.
        </Text>
      </div>
      {filterBar}
      {body}
    </Stack>
  )
}

/** The inbox narrowed to one order (`?order=`), with the way back to every decision. */
function OrderFilter(props: { orderId: string; name: string | undefined; onShowAll: () => void }) {
  return (
    <Group gap="sm" className={classes.filter}>
      <Text size="sm">
        Showing the decisions of order{' '}
        <Anchor component={Link} to={paths.order(props.orderId)}>
          {props.name ?? props.orderId}
        </Anchor>
        .
      </Text>
      <Button size="xs" variant="default" onClick={props.onShowAll}>
        Show all
      </Button>
    </Group>
  )
}
