import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { budgetListOptions, budgetUsageOptions } from '../../../data/budgets/queries'
import { quotationListOptions, studyListOptions } from '../../../data/decisions/queries'
import { eulaListOptions } from '../../../data/licences/queries'
import { orderListOptions, orderNamesOptions } from '../../../data/orders/queries'
import { ACTIVE_JOB_STATUSES } from '../../../data/processing/active-count'
import { jobTitle } from '../../../data/processing/job-title'
import { jobListOptions, processListOptions } from '../../../data/processing/queries'
import { JOB_STATUS_LABELS, jobPollInterval } from '../../../data/processing/status'
import { pollInterval } from '../../../data/orders/status'
import { savedSearchLink, useLookedAt, useSavedSearchNews } from '../../../data/saved-searches/queries'
import { newsLabel } from '../../../data/saved-searches/saved-search'
import { useSavedSearches } from '../../../data/saved-searches/store'
import { collectionsOptions } from '../../../data/storage/queries'
import { titleOf } from '../../../data/storage/query'
import { formatCredits, formatUtc } from '../../../lib/format'
import {
  attentionSummary,
  FAILED_JOB_STATUSES,
  FAILED_ORDER_STATUSES,
} from '../../../data/attention/attention'
import { useDismissed } from '../../../data/attention/dismissed'
import { jobAttention, orderAttention, type Attention } from '../../../data/attention/reasons'
import { useAttentionCount } from '../../../data/attention/use-attention-count'
import { oldestFirst, spentThisMonth, startPoll } from '../home-model'
import classes from './home.module.css'

const SHOWN = 5
const IN_PROGRESS = ['CREATED', 'BEING_PLACED', 'PLACED', 'BEING_FULFILLED'] as const

/**
 * The analyst's start: what needs them today, each a link to the page that acts on it — decisions waiting
 * (oldest first), orders in progress and recently fulfilled, licences to accept, budget spend this month
 * (Enterprise), jobs under way and the newest deliveries — and a getting-started for a new account.
 */
export function HomePage() {
  const client = useApiClient()
  const { user } = useSession()
  const perms = permissionsOf(user)
  const inProgress = useQuery({
    ...orderListOptions(client, { status: [...IN_PROGRESS], size: SHOWN, sort: 'updatedAt,desc' }),
    refetchInterval: (q) => startPoll(pollInterval(q.state.data?.content.map((o) => o.status))),
  })
  const fulfilled = useQuery(
    orderListOptions(client, { status: ['FULFILLED'], size: SHOWN, sort: 'updatedAt,desc' }),
  )
  const newAccount = inProgress.data?.totalElements === 0 && fulfilled.data?.totalElements === 0
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Start</Title>
        <Text c="dimmed">
          {user ? `Good to see you, ${user.name.split(' ')[0]}. ` : ''}What needs you today, and where to act
          on it.
        </Text>
      </div>
      {newAccount && <GettingStarted />}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <NeedsAttention userId={user?.id} />
        <Decisions viewer={!perms.change} />
        <Card
          id="home-orders"
          title="Orders"
          more={{ to: paths.orders(), label: 'All orders' }}
          query={inProgress}
        >
          <Text size="sm" fw={600}>
            In progress{inProgress.data ? ` (${inProgress.data.totalElements})` : ''}
          </Text>
          <OrderList
            orders={inProgress.data?.content ?? []}
            empty="No order is in progress."
            when={(o) => `updated ${formatUtc(o.updatedAt)}`}
          />
          <Text size="sm" fw={600} mt="xs">
            Recently fulfilled
          </Text>
          {fulfilled.error && !fulfilled.data ? (
            <Text size="sm">{whatToDo(fulfilled.error)}</Text>
          ) : (
            <OrderList
              orders={fulfilled.data?.content ?? []}
              empty="None yet."
              when={(o) => `fulfilled ${formatUtc(o.updatedAt)}`}
            />
          )}
        </Card>
        <SavedSearches />
        <Jobs />
        <Deliveries />
        <Licences />
        {perms.budgets && <Spend />}
      </SimpleGrid>
    </Stack>
  )
}

/** A card of the start page: its loading, failure (with Retry) and content, and a link to the whole list. */
function Card({
  id,
  title,
  more,
  query,
  children,
}: {
  id: string
  title: string
  more: { to: string; label: string }
  query: { isPending: boolean; error: unknown; data: unknown; refetch: () => unknown }
  children: ReactNode
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} className={classes.card}>
      {/* The link to the whole list moves under the heading when the card is too narrow for both on one line
          (three cards a row at 1440 px), rather than either breaking in two. */}
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Anchor component={Link} to={more.to} size="sm" underline="always" className={classes.nowrap}>
          {more.label}
        </Anchor>
      </Group>
      {query.error && !query.data ? (
        <Alert color="red" title={`${title} could not be loaded`}>
          <Text size="sm">{whatToDo(query.error)}</Text>
          <Button size="xs" mt="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? (
        <Stack gap={6} role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      ) : (
        <Stack gap={4}>{children}</Stack>
      )}
    </Paper>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  )
}

interface OrderRow {
  id: string
  displayName: string
  status: string
  updatedAt: string
}

function OrderList({
  orders,
  empty,
  when,
}: {
  orders: OrderRow[]
  empty: string
  when: (o: OrderRow) => string
}) {
  if (orders.length === 0) return <Empty>{empty}</Empty>
  return (
    <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
      {orders.map((o) => (
        <List.Item key={o.id}>
          {/* Underlined: the dimmed time beside it makes the line a text block (axe link-in-text-block). */}
          <Anchor
            component={Link}
            to={paths.order(o.id)}
            size="sm"
            underline="always"
            className={classes.wrap}
          >
            {o.displayName}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {when(o)}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}

function Decisions({ viewer }: { viewer: boolean }) {
  const client = useApiClient()
  const query = { decision: ['NOT_DECIDED' as const], size: SHOWN, sort: 'createdAt,asc' }
  const studies = useQuery(studyListOptions(client, query))
  const quotations = useQuery(quotationListOptions(client, query))
  const total = (studies.data?.totalElements ?? 0) + (quotations.data?.totalElements ?? 0)
  const waiting = oldestFirst(studies.data?.content ?? [], quotations.data?.content ?? [], SHOWN)
  const ids = [...new Set(waiting.map((d) => d.orderId))].sort()
  const names = useQuery({ ...orderNamesOptions(client, ids), enabled: ids.length > 0 })
  const nameOf = (id: string) =>
    names.data?.find((o) => o.id === id)?.displayName ?? `order ${id.slice(0, 8)}`
  const both = {
    isPending: studies.isPending || quotations.isPending,
    error: studies.error ?? quotations.error,
    data: studies.data && quotations.data ? true : undefined,
    refetch: () => Promise.all([studies.refetch(), quotations.refetch()]),
  }
  return (
    <Card
      id="home-decisions"
      title={viewer ? 'Decisions to review' : 'Decisions waiting'}
      more={{ to: paths.decisions(), label: 'All decisions' }}
      query={both}
    >
      {waiting.length === 0 ? (
        <Empty>Nothing waits for a decision.</Empty>
      ) : (
        <>
          <Text size="sm">
            {total} {total === 1 ? 'decision waits' : 'decisions wait'}
            {viewer ? ' for an administrator' : ''}; the oldest first:
          </Text>
          <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
            {waiting.map((d) => (
              <List.Item key={d.id}>
                <Anchor
                  component={Link}
                  to={d.kind === 'study' ? paths.study(d.id) : paths.quotation(d.id)}
                  size="sm"
                >
                  {d.kind === 'study' ? 'Feasibility study' : 'Quotation'} for {nameOf(d.orderId)}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  since {formatUtc(d.createdAt)}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  )
}

/** Failed orders (and rejected quotations, which end their orders) and failed jobs are read this many at a time. */
const ATTENTION_READ = 20

/**
 * What went wrong and waits for the analyst: orders whose placement failed or that failed for good (a rejected
 * quotation among them) and jobs that stopped without results, newest first, each with the reason the service
 * gave and what to do next — order or run it again, cancel it on its page, contact support with its ID — and a
 * Dismiss once dealt with (kept in this browser). The count is the navigation's.
 */
function NeedsAttention({ userId }: { userId: string | undefined }) {
  const client = useApiClient()
  const dismissedOrders = useDismissed((s) => s.orders)
  const dismissedJobs = useDismissed((s) => s.jobs)
  const dismiss = useDismissed((s) => s.dismiss)
  const count = useAttentionCount()
  const orders = useQuery({
    ...orderListOptions(client, {
      status: [...FAILED_ORDER_STATUSES],
      size: ATTENTION_READ,
      sort: 'updatedAt,desc',
    }),
    refetchInterval: (q) => startPoll(pollInterval(q.state.data?.content.map((o) => o.status))),
  })
  const jobs = useQuery({
    ...jobListOptions(client, {
      status: [...FAILED_JOB_STATUSES],
      limit: ATTENTION_READ,
      sort: 'created,desc',
    }),
    refetchInterval: false,
  })
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const both = {
    isPending: orders.isPending || jobs.isPending,
    error: orders.error ?? jobs.error,
    data: orders.data && jobs.data ? true : undefined,
    refetch: () => Promise.all([orders.refetch(), jobs.refetch()]),
  }
  const goneOrders = new Set(dismissedOrders)
  const goneJobs = new Set(dismissedJobs)
  const orderRows = (orders.data?.content ?? [])
    .filter((o) => !goneOrders.has(o.id))
    .flatMap((o) => {
      const a = orderAttention(o, userId)
      return a ? [{ order: o, attention: a }] : []
    })
    .slice(0, SHOWN)
  const jobRows = (jobs.data?.jobs ?? [])
    .filter((j) => !goneJobs.has(j.jobID))
    .flatMap((j) => {
      const a = jobAttention(j)
      return a ? [{ job: j, attention: a }] : []
    })
    .slice(0, SHOWN)
  const total = count?.count ?? orderRows.length + jobRows.length
  return (
    <Card
      id="home-attention"
      title="Needs attention"
      more={{
        to: paths.orders(`status=${FAILED_ORDER_STATUSES.join('&status=')}`),
        label: 'All failed orders',
      }}
      query={both}
    >
      {orderRows.length + jobRows.length === 0 ? (
        <Empty>Nothing has failed: every order and job is on its way or done.</Empty>
      ) : (
        <>
          <Text size="sm">
            {`${count ? attentionSummary(count) : `${total} ${total === 1 ? 'thing went' : 'things went'} wrong`}; the newest first:`}
          </Text>
          <List
            size="sm"
            spacing={6}
            listStyleType="none"
            className={classes.list}
            aria-label="Needs attention"
          >
            {orderRows.map(({ order: o, attention }) => (
              <AttentionItem
                key={o.id}
                name={o.displayName}
                to={paths.order(o.id)}
                attention={attention}
                again={
                  o.type === 'ARCHIVE'
                    ? { to: paths.checkoutAgain(o.id), label: 'Order again' }
                    : { to: paths.taskingAgain(o.id), label: 'Request again' }
                }
                onDismiss={() => dismiss('orders', o.id)}
              />
            ))}
            {jobRows.map(({ job: j, attention }) => (
              <AttentionItem
                key={j.jobID}
                name={jobTitle(j) ?? processes.data?.find((p) => p.id === j.processID)?.title ?? j.processID}
                to={paths.job(j.jobID)}
                attention={attention}
                again={{
                  to: paths.process(j.processID, `from=${encodeURIComponent(j.jobID)}`),
                  label: 'Run again',
                }}
                onDismiss={() => dismiss('jobs', j.jobID)}
              />
            ))}
          </List>
        </>
      )}
    </Card>
  )
}

function AttentionItem({
  name,
  to,
  attention,
  again,
  onDismiss,
}: {
  name: string
  to: string
  attention: Attention
  again: { to: string; label: string }
  onDismiss: () => void
}) {
  return (
    <List.Item data-testid="attention-item">
      <Group gap={6} wrap="wrap" align="baseline">
        <Anchor component={Link} to={to} size="sm" underline="always" className={classes.wrap}>
          {name}
        </Anchor>
        <Badge size="sm" variant="dot" color="red" tt="none">
          {attention.title}
        </Badge>
      </Group>
      <Text size="xs">{attention.reason}</Text>
      <Text size="xs" c="dimmed">
        {attention.next}
      </Text>
      <Group gap="xs" mt={2}>
        <Button component={Link} to={again.to} size="compact-xs" variant="default">
          {again.label}
        </Button>
        <Button size="compact-xs" variant="default" onClick={onDismiss} aria-label={`Dismiss ${name}`}>
          Dismiss
        </Button>
      </Group>
    </List.Item>
  )
}

/** Saved catalog searches (kept in this browser) with what each found since the analyst last looked. */
function SavedSearches() {
  const searches = useSavedSearches((s) => s.searches)
  const news = useSavedSearchNews(searches)
  const lookedAt = useLookedAt()
  // Those with the most new scenes first; the store's order (oldest saved first) among equals.
  const shown = searches
    .map((search, i) => ({ search, news: news[i] }))
    .sort((a, b) => (b.news.data?.count ?? 0) - (a.news.data?.count ?? 0))
    .slice(0, SHOWN)
  return (
    <Card
      id="home-saved-searches"
      title="Saved searches"
      more={{ to: paths.savedSearches(), label: 'All saved searches' }}
      query={{ isPending: false, error: null, data: true, refetch: () => undefined }}
    >
      {shown.length === 0 ? (
        <Empty>
          None yet: save a search in the{' '}
          <Anchor component={Link} to={paths.catalog()} size="sm" underline="always">
            catalog
          </Anchor>{' '}
          to follow what its hosts publish.
        </Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {shown.map(({ search, news: n }) => (
            <List.Item key={search.id}>
              <Anchor
                component={Link}
                to={savedSearchLink(search)}
                onClick={() => lookedAt(search, n.data)}
                size="sm"
                underline="always"
                className={classes.wrap}
              >
                {search.name}
              </Anchor>{' '}
              <Text
                span
                size="xs"
                c={n.data?.count ? undefined : 'dimmed'}
                fw={n.data?.count ? 700 : undefined}
              >
                {n.data ? newsLabel(n.data) : n.error ? 'new scenes could not be counted' : 'counting…'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        Kept in this browser.
      </Text>
    </Card>
  )
}

function Jobs() {
  const client = useApiClient()
  const jobs = useQuery({
    ...jobListOptions(client, { status: [...ACTIVE_JOB_STATUSES], limit: SHOWN, sort: 'created,desc' }),
    refetchInterval: (q) => startPoll(jobPollInterval(q.state.data?.jobs.map((j) => j.status))),
  })
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const title = (id: string) => processes.data?.find((p) => p.id === id)?.title ?? id
  return (
    <Card id="home-jobs" title="Jobs under way" more={{ to: paths.jobs(), label: 'All jobs' }} query={jobs}>
      {(jobs.data?.jobs.length ?? 0) === 0 ? (
        <Empty>
          No job is running.{' '}
          <Anchor component={Link} to={paths.processing()} size="sm" underline="always">
            Run a process
          </Anchor>
        </Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {jobs.data?.jobs.map((j) => (
            <List.Item key={j.jobID}>
              {/* Underlined: beside the dimmed status, colour alone does not tell the link (axe, dark). */}
              <Anchor component={Link} to={paths.job(j.jobID)} size="sm" underline="always">
                {jobTitle(j) ?? title(j.processID)}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {JOB_STATUS_LABELS[j.status].toLowerCase()}, since {formatUtc(j.created)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}

function Deliveries() {
  const client = useApiClient()
  const list = useQuery(collectionsOptions(client, { page: 0, limit: SHOWN }))
  return (
    <Card
      id="home-deliveries"
      title="Newest in storage"
      more={{ to: paths.storage(), label: 'All of storage' }}
      query={list}
    >
      {(list.data?.collections.length ?? 0) === 0 ? (
        <Empty>Nothing is in storage yet: deliveries of your orders arrive here.</Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {list.data?.collections.map((c) => (
            <List.Item key={c.id}>
              <Anchor
                component={Link}
                to={paths.storageCollection(c.id)}
                size="sm"
                className={`${classes.wrap} ${classes.target}`}
              >
                {titleOf(c, c.id)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}

function Licences() {
  const client = useApiClient()
  const list = useQuery(eulaListOptions(client, { size: 100, sort: 'title,asc' }))
  const waiting = list.data?.content.filter((e) => !e.isAccepted) ?? []
  return (
    <Card
      id="home-licences"
      title="Licenses to accept"
      more={{ to: paths.licences(), label: 'All licenses' }}
      query={list}
    >
      {waiting.length === 0 ? (
        <Empty>Every license is accepted.</Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {waiting.map((e) => (
            <List.Item key={e.id}>
              <Anchor component={Link} to={paths.licence(e.id)} size="sm" className={classes.target}>
                {e.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}

function Spend() {
  const client = useApiClient()
  const [now] = useState(() => Date.now())
  const budgets = useQuery(budgetListOptions(client, { status: ['ACTIVE'], size: 100, sort: 'name,asc' }))
  const usage = useQueries({
    queries: (budgets.data?.content ?? []).map((b) => ({
      ...budgetUsageOptions(client, b.id),
      throwOnError: false,
    })),
  })
  const rows = (budgets.data?.content ?? []).map((b, i) => ({
    budget: b,
    spent: usage[i]?.data ? spentThisMonth(usage[i].data.records, now) : null,
  }))
  const known = rows.filter((r) => r.spent !== null)
  const total = known.reduce((s, r) => s + (r.spent ?? 0), 0)
  const month = new Date(now).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })
  return (
    <Card
      id="home-spend"
      title={`Budget spend in ${month}`}
      more={{ to: paths.budgets(), label: 'All budgets' }}
      query={budgets}
    >
      {rows.length === 0 ? (
        <Empty>No active budget.</Empty>
      ) : (
        <>
          <Text size="sm">
            <Text span fw={700}>
              {formatCredits(total)} credits
            </Text>{' '}
            spent this month across {rows.length} active {rows.length === 1 ? 'budget' : 'budgets'}
            {known.length < rows.length ? ' (some still loading)' : ''}.
          </Text>
          <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
            {rows.map(({ budget, spent }) => (
              <List.Item key={budget.id}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={paths.budget(budget.id)} size="sm">
                    {budget.name}
                  </Anchor>
                  <Badge variant="dot" color="gray" tt="none">
                    {spent === null ? '…' : `${formatCredits(spent)} credits`}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  )
}

function GettingStarted() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="home-start">
      <Title order={2} size="h4" id="home-start">
        Getting started
      </Title>
      <List type="ordered" size="sm" spacing={4} mt="xs">
        <List.Item>
          <Anchor component={Link} to={paths.areas()} underline="always">
            Draw or import an area of interest
          </Anchor>{' '}
          on the map.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.catalog()} underline="always">
            Search the catalog
          </Anchor>{' '}
          for scenes over it, with thumbnails and footprints.
        </List.Item>
        <List.Item>
          Put scenes in the basket and{' '}
          <Anchor component={Link} to={paths.checkout()} underline="always">
            check out
          </Anchor>{' '}
          — or{' '}
          <Anchor component={Link} to={paths.tasking()} underline="always">
            task a new acquisition
          </Anchor>
          .
        </List.Item>
      </List>
    </Paper>
  )
}
