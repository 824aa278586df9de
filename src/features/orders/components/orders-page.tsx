import { useOrderLookups } from '../use-order-lookups'
import './mantine-styles'
import { Alert, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient, useSession } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { countLabel } from '../../../lib/format'
import { orderListOptions, type OrderPage } from '../../../data/orders/queries'
import {
  clearedFilters,
  filterOfApiField,
  hasFilters,
  ordersQuery,
  viewProblems,
  type FilterField,
  type OrdersView,
} from '../url-state'
import { useOrdersView } from '../use-orders-view'
import { OrderFilters, PageSizeSelect, type Option } from './order-filters'
import { OrdersTable } from './orders-table'

/** What other areas know and the orders pages name: composed by the app route (features do not import each other). */
const EMPTY_OPTIONS: readonly Option[] = []

/** Every order of the account, filtered, sorted and paged by the service; the view lives in the URL. */
export function OrdersPage() {
  const { dataProducts, budgets } = useOrderLookups()
  const client = useApiClient()
  const user = useSession().user
  const [view, update] = useOrdersView()
  const problems = useMemo(() => viewProblems(view), [view])
  const blocked = Object.keys(problems).length > 0
  const query = useQuery({
    ...orderListOptions(client, ordersQuery(view)),
    placeholderData: keepPreviousData,
    // A list the service would refuse is not sent at all.
    enabled: !blocked,
  })
  const { data, error, isPlaceholderData, isFetching } = query

  const productOptions = useMemo(
    () => dataProducts?.map((p) => ({ value: p.id, label: p.title })),
    [dataProducts],
  )
  const budgetOptions = useMemo(
    () => (budgets === null ? null : budgets?.map((b) => ({ value: b.id, label: b.name }))),
    [budgets],
  )
  const workspaceOptions = useMemo(
    () => user?.workspaces.map((w) => ({ value: w.id, label: w.name })) ?? EMPTY_OPTIONS,
    [user],
  )
  const productTitles = useMemo(() => new Map(dataProducts?.map((p) => [p.id, p.title])), [dataProducts])
  const budgetNames = useMemo(() => (budgets ? new Map(budgets.map((b) => [b.id, b.name])) : null), [budgets])

  // A 400 names the parameter it refused: shown at that filter, and above the results in words.
  const refused = isApiError(error) && error.status === 400 && !blocked ? error : null
  // Memoised, as the filters are: a response or a poll then re-renders the results only, not every input.
  const fieldErrors = useMemo(() => {
    const out: Partial<Record<FilterField, string>> = { ...problems }
    for (const fe of refused?.fieldErrors ?? []) {
      const field = filterOfApiField(fe.name)
      if (field && !out[field]) out[field] = `The service refused this: ${fe.name} ${fe.reason}.`
    }
    return out
  }, [problems, refused])

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Orders</Title>
        <Text c="dimmed">
          Archive and tasking orders of the account. Orders still in progress refresh on their own while this
          page is open.
        </Text>
      </div>
      <OrderFilters
        view={view}
        onChange={update}
        errors={fieldErrors}
        products={productOptions}
        budgets={budgetOptions}
        workspaces={workspaceOptions}
      />
      <Results
        blocked={blocked}
        refused={refused}
        error={refused ? null : error}
        onRetry={() => void query.refetch()}
        data={blocked ? undefined : data}
        stale={isPlaceholderData}
        fetching={isFetching}
        view={view}
        update={update}
        productTitles={productTitles}
        budgetNames={budgetNames}
      />
    </Stack>
  )
}

interface ResultsProps {
  blocked: boolean
  refused: Error | null
  error: Error | null
  onRetry: () => void
  data: OrderPage | undefined
  stale: boolean
  fetching: boolean
  view: OrdersView
  update: (change: Partial<OrdersView>) => void
  productTitles: ReadonlyMap<string, string>
  budgetNames: ReadonlyMap<string, string> | null
}

function Results(props: ResultsProps) {
  const { data, view, update } = props
  if (props.blocked) {
    return (
      <Alert color="yellow" title="Nothing was sent">
        <Text size="sm">Fix the filter marked above; the list is asked for once it can be answered.</Text>
      </Alert>
    )
  }
  if (props.refused) {
    return (
      <Alert color="red" title="The service refused these filters" role="alert">
        <Text size="sm">{isApiError(props.refused) ? props.refused.detail : props.refused.message}</Text>
        <Text size="sm">Change or clear the filter marked above.</Text>
      </Alert>
    )
  }
  if (props.error && !data) {
    return (
      <Alert
        color="red"
        title={isApiError(props.error) ? props.error.title : 'The orders failed to load'}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          {isApiError(props.error) && props.error.detail && <Text size="sm">{props.error.detail}</Text>}
          <Text size="sm">{whatToDo(props.error)}</Text>
          <Button size="xs" onClick={props.onRetry} loading={props.fetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (!data) return <TableSkeleton />
  if (data.totalElements === 0) {
    const filtered = hasFilters(view)
    return (
      <Paper withBorder p="lg">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>{filtered ? 'No order matches these filters.' : 'No orders yet.'}</Text>
          {filtered ? (
            <Button size="xs" variant="default" onClick={() => update(clearedFilters(view))}>
              Clear filters
            </Button>
          ) : (
            <Text size="sm">Orders placed from the catalog or by tasking show here.</Text>
          )}
        </Stack>
      </Paper>
    )
  }
  if (data.content.length === 0) {
    return (
      <PagePastEnd
        page={view.page}
        totalPages={data.totalPages}
        things="orders"
        onFirstPage={() => update({ page: 1 })}
      />
    )
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text role="status" size="sm">
          {countLabel(data.totalElements, 'order')}
          {data.totalPages > 1 ? `, page ${view.page} of ${data.totalPages}` : ''}
        </Text>
        <PageSizeSelect value={view.size} onChange={(size) => update({ size })} />
      </Group>
      {props.error && (
        <Alert color="yellow" title="The list could not be refreshed">
          <Group gap="sm">
            <Text size="sm">It shows the last answer. {whatToDo(props.error)}</Text>
            <Button size="xs" variant="default" onClick={props.onRetry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <Box aria-busy={props.stale} style={{ opacity: props.stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <OrdersTable
          orders={data.content}
          response={data}
          sort={view.sort}
          onSort={(sort) => update({ sort })}
          productTitles={props.productTitles}
          budgetNames={props.budgetNames}
          offset={(view.page - 1) * view.size}
          total={data.totalElements}
        />
      </Box>
      <Pager things="orders" page={view.page} total={data.totalPages} onPage={(page) => update({ page })} />
    </Stack>
  )
}

function TableSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading orders">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  )
}
