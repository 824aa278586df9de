import '@mantine/core/styles/Code.css'
import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { ApiError, whatToDo } from '../../../api/errors'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { filteredHere } from '../../../lib/filtered-here'
import { paths } from '../../../config/paths'
import { budgetOptions, budgetUsageOptions, type Budget } from '../../../data/budgets/queries'
import {
  DEFAULT_THRESHOLDS,
  parseThresholds,
  thresholdsOf,
  useBudgetThresholds,
} from '../../../data/budgets/thresholds'
import { orderNamesOptions } from '../../../data/orders/queries'
import { jobNamesOptions, processListOptions } from '../../../data/processing/queries'
import { formatCredits, formatUtc, formatUtcDay } from '../../../lib/format'
import { budgetAccess } from '../access'
import { useBudgetChart } from '../use-budgets-view'
import { asOfInstant, budgetFigures, burnRate, dailyUsage, runOut, type UsageRecord } from '../usage'
import { EnforcementNote } from './enforcement-note'
import { NoBudgetsForYou } from './no-budgets-for-you'
import { UsageChart } from './usage-chart'
import classes from './budgets.module.css'

/** One budget: its figures, usage over time, burn rate and run-out date, and the records that spent it. */
export function BudgetPage() {
  const { user } = useSession()
  const access = budgetAccess(user)
  if (access.kind !== 'yes') return <NoBudgetsForYou access={access} />
  return <OneBudget />
}

function OneBudget() {
  const { budgetId = '' } = useParams()
  const client = useApiClient()
  const budget = useQuery(budgetOptions(client, budgetId))
  // Read again on every visit: an order fulfilled meanwhile records its credits without the console knowing.
  const usage = useQuery({ ...budgetUsageOptions(client, budgetId), staleTime: 0, throwOnError: false })
  const back = (
    <Anchor component={Link} to={paths.budgets()} size="sm">
      ← Budgets
    </Anchor>
  )
  // One removed while its page is open says so, even with the old answer at hand.
  if (budget.error && (!budget.data || (budget.error instanceof ApiError && budget.error.status === 404)))
    return (
      <DetailFailure
        thing="budget"
        error={budget.error}
        missingText={
          <>
            This account has no budget with the ID <Code>{budgetId}</Code>; it may have been removed, or the
            link may be old or mistyped.
          </>
        }
        onRetry={() => void budget.refetch()}
        back={{ to: paths.budgets(), label: 'All budgets' }}
      />
    )
  if (!budget.data) return <DetailLoading label="Loading the budget" body={240} />
  const b = budget.data
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Group gap="sm">
          <Title order={1}>{b.name}</Title>
          <Badge variant="dot" color={b.status === 'ACTIVE' ? 'green.9' : 'gray.7'}>
            {b.status === 'ACTIVE' ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        {b.description && <Text c="dimmed">{b.description}</Text>}
        <Text size="sm" c="dimmed">
          Created {formatUtc(b.createdAt)}
          {b.externalId ? ` · project ${b.externalId}` : ''}
          {b.status === 'INACTIVE' ? ' · inactive: no new order or job can be charged to it' : ''}
        </Text>
      </div>
      <EnforcementNote />
      {usage.isLoading ? (
        <Skeleton height={200} role="status" aria-label="Loading the usage" />
      ) : !usage.data ? (
        <Alert color="red" title="The usage could not be loaded">
          {whatToDo(usage.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void usage.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Usage budget={b} consumed={usage.data.consumedCredits} records={usage.data.records} />
      )}
    </Stack>
  )
}

function Usage({ budget, consumed, records }: { budget: Budget; consumed: number; records: UsageRecord[] }) {
  const [view, setView] = useBudgetChart()
  // Figures are stated at the later of when the page opened and the newest record (the service's clock may
  // run ahead of this one), so a refetch with a new record moves them.
  const [openedAt] = useState(() => Date.now())
  const asOf = useMemo(() => asOfInstant(records, openedAt), [records, openedAt])
  const days = useMemo(() => dailyUsage(records, asOf), [records, asOf])
  const f = budgetFigures(budget.allocatedCredits, consumed)
  const rate = burnRate(consumed, budget.createdAt, asOf)
  const end = runOut(f.remaining, rate, asOf)
  const thresholds = useBudgetThresholds((s) => thresholdsOf(s.byBudget, budget.id))
  return (
    <>
      <dl className={classes.figures}>
        <Figure label="Allocated" value={f.allocated} testId="figure-allocated" />
        <Figure label="Used" value={f.consumed} testId="figure-used" />
        <Figure
          label={f.over ? 'Over the allocation' : 'Remaining'}
          value={Math.abs(f.remaining)}
          testId="figure-remaining"
        />
      </dl>
      <Paper withBorder p="sm" component="section" aria-labelledby="burn-title">
        <Title order={2} size="h4" id="burn-title">
          Burn rate
        </Title>
        <Text size="sm" mt={4} data-testid="burn-rate">
          {rate
            ? `Since it was created on ${formatUtc(rate.since).replace(/ \d\d:\d\d UTC$/, '')}, this budget has used ${formatCredits(Math.round(rate.perDay))} credits a day on average.`
            : 'Nothing has been charged to this budget yet, so it has no burn rate.'}{' '}
          {end.kind === 'exhausted'
            ? 'Its credits are used up: orders and jobs charged to it may be refused.'
            : end.kind === 'never'
              ? ''
              : `At that rate, its remaining ${formatCredits(f.remaining)} credits run out on ${formatUtcDay(end.day)} (in ${end.days} ${end.days === 1 ? 'day' : 'days'}).`}
        </Text>
      </Paper>
      <Paper withBorder p="sm" component="section" aria-labelledby="chart-title">
        <Group justify="space-between">
          <Title order={2} size="h4" id="chart-title">
            Usage over time
          </Title>
          <SegmentedControl
            aria-label="Chart"
            size="xs"
            value={view}
            onChange={(v) => setView(v === 'cumulative' ? 'cumulative' : 'daily')}
            data={[
              { value: 'daily', label: 'Per day' },
              { value: 'cumulative', label: 'Cumulative' },
            ]}
          />
        </Group>
        <UsageChart days={days} view={view} allocated={budget.allocatedCredits} thresholds={thresholds} />
      </Paper>
      <Thresholds budgetId={budget.id} thresholds={thresholds} allocated={budget.allocatedCredits} />
      <Records records={records} />
    </>
  )
}

/** The shares of the allocation the notification centre tells about; the console's own, per user (decision 34). */
function Thresholds({
  budgetId,
  thresholds,
  allocated,
}: {
  budgetId: string
  thresholds: readonly number[]
  allocated: number
}) {
  const setThresholds = useBudgetThresholds((s) => s.setThresholds)
  const custom = useBudgetThresholds((s) => budgetId in s.byBudget)
  const [text, setText] = useState(() => thresholds.join(', '))
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const save = (e: FormEvent) => {
    e.preventDefault()
    const read = parseThresholds(text)
    if (!read.ok) {
      setError(read.reason)
      return
    }
    setError(null)
    setText(read.value.join(', '))
    setThresholds(budgetId, read.value)
    setSaved(true)
  }
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="thresholds-title">
      <Title order={2} size="h4" id="thresholds-title">
        Thresholds
      </Title>
      <Text size="sm" mt={4} data-testid="thresholds">
        The notification center tells you when spending crosses{' '}
        {thresholds.map((t) => `${t} % (${formatCredits((allocated * t) / 100)} credits)`).join(', ')}. They
        are drawn on the cumulative chart, and kept in this browser for you.
      </Text>
      <form onSubmit={save} noValidate>
        <Group align="flex-end" gap="xs" mt="xs">
          <TextInput
            label="Thresholds (% of the allocation)"
            description="Separated by commas, e.g. 50, 80, 100"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value)
              setSaved(false)
            }}
            error={error}
            w={280}
          />
          <Button type="submit" variant="default">
            Save thresholds
          </Button>
          {custom && (
            <Button
              variant="subtle"
              onClick={() => {
                setThresholds(budgetId, null)
                setText(DEFAULT_THRESHOLDS.join(', '))
                setError(null)
                setSaved(true)
              }}
            >
              Back to 80 % and 100 %
            </Button>
          )}
        </Group>
      </form>
      <Text size="sm" role="status" mt={4}>
        {saved ? 'Thresholds saved.' : ''}
      </Text>
    </Paper>
  )
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="xl" data-testid={testId}>
        {formatCredits(value)} credits
      </Text>
    </Paper>
  )
}

const FIRST_ROWS = 50

/** The first block of an id, where a name cannot be read: enough to tell two apart. */
const shortId = (id: string) => id.split('-')[0] ?? id

/** The consumption records, newest first, each linked by name to the order or job that spent it. */
function Records({ records }: { records: UsageRecord[] }) {
  const client = useApiClient()
  const [all, setAll] = useState(false)
  const sorted = useMemo(
    () => [...records].sort((a, b) => Date.parse(b.recordedAt) - Date.parse(a.recordedAt)),
    [records],
  )
  const shown = all ? sorted : sorted.slice(0, FIRST_ROWS)
  const orderIds = useMemo(
    () => [...new Set(shown.flatMap((r) => (r.orderId ? [r.orderId] : [])))].sort(),
    [shown],
  )
  const names = useQuery({
    ...orderNamesOptions(client, orderIds),
    enabled: orderIds.length > 0,
    throwOnError: false,
  })
  const nameOf = new Map(names.data?.map((o) => [o.id, o.displayName]))
  const jobIds = useMemo(() => [...new Set(shown.flatMap((r) => (r.jobId ? [r.jobId] : [])))].sort(), [shown])
  const jobs = useQuery({ ...jobNamesOptions(client, jobIds), enabled: jobIds.length > 0 })
  const processes = useQuery({
    ...processListOptions(client),
    enabled: jobIds.length > 0,
    throwOnError: false,
  })
  const processTitle = new Map(processes.data?.map((p) => [p.id, p.title]))
  const jobName = new Map(
    jobs.data?.map((j) => [j.id, j.title ?? processTitle.get(j.processId) ?? j.processId]),
  )
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="records-title">
      <Title order={2} size="h4" id="records-title">
        Consumption records
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" mt={4}>
          No order or job has been charged to this budget yet.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table mt="xs" aria-label="Consumption records">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Recorded</Table.Th>
                  <Table.Th scope="col">Spent by</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    Credits
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((r, i) => (
                  <Table.Tr key={`${r.orderId ?? r.jobId ?? ''}-${i}`}>
                    <Table.Td>{formatUtc(r.recordedAt)}</Table.Td>
                    <Table.Td>
                      {/* A record of an order or job the service no longer lists (consumption from before
                          the account's history) is named, not linked: its page would only say "not found". */}
                      {r.orderId && names.data && !nameOf.has(r.orderId) ? (
                        <Text span size="sm">
                          Order {shortId(r.orderId)} (no longer listed)
                        </Text>
                      ) : r.orderId ? (
                        <Anchor component={Link} to={paths.order(r.orderId)} size="sm">
                          Order “{nameOf.get(r.orderId) ?? shortId(r.orderId)}”
                        </Anchor>
                      ) : r.jobId && jobs.data && !jobName.has(r.jobId) ? (
                        <Text span size="sm">
                          Processing job {shortId(r.jobId)} (no longer listed)
                        </Text>
                      ) : r.jobId ? (
                        <Anchor component={Link} to={paths.job(r.jobId)} size="sm">
                          Processing job “{jobName.get(r.jobId) ?? shortId(r.jobId)}”
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatCredits(r.credits)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt={4}>
            {filteredHere(sorted.length, 'the service gives a budget’s records in one answer', 'Sorted')}
          </Text>
          {sorted.length > FIRST_ROWS && !all && (
            <Button variant="default" size="xs" mt="xs" onClick={() => setAll(true)}>
              Show all {sorted.length} records
            </Button>
          )}
        </>
      )}
    </Paper>
  )
}
