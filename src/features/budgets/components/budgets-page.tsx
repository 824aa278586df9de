import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { budgetListOptions, budgetUsageOptions, type Budget } from '../../../data/budgets/queries'
import { countLabel, formatCredits } from '../../../lib/format'
import { budgetAccess } from '../access'
import { budgetFigures } from '../usage'
import { budgetListQuery, STATUS_FILTERS, type StatusFilter } from '../url-state'
import { useBudgetsView } from '../use-budgets-view'
import { EnforcementNote } from './enforcement-note'
import { NoBudgetsForYou } from './no-budgets-for-you'
import { UsageBar } from './usage-bar'
import classes from './budgets.module.css'

/** "Where did our credits go": every budget, what it was given, what it used and what is left. */
export function BudgetsPage() {
  const { user } = useSession()
  const access = budgetAccess(user)
  if (access.kind !== 'yes') return <NoBudgetsForYou access={access} />
  return <Dashboard />
}

function Dashboard() {
  const client = useApiClient()
  const [status, setStatus] = useBudgetsView()
  const list = useQuery({ ...budgetListOptions(client, budgetListQuery(status)), throwOnError: false })
  const budgets = list.data?.content ?? []
  const usage = useQueries({
    // Read again on every visit: orders fulfilled meanwhile record their credits without the console knowing.
    queries: budgets.map((b) => ({ ...budgetUsageOptions(client, b.id), staleTime: 0, throwOnError: false })),
  })
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Budgets</Title>
        <Text c="dimmed">
          Each budget sets credits aside for a project or a team; orders and processing jobs charged to it use
          them up.
        </Text>
      </div>
      <EnforcementNote />
      <Select
        label="Status"
        w={200}
        value={status}
        allowDeselect={false}
        onChange={(v) => setStatus(v && v in STATUS_FILTERS ? (v as StatusFilter) : 'all')}
        data={Object.entries(STATUS_FILTERS).map(([value, label]) => ({ value, label }))}
      />
      {list.isLoading ? (
        <Skeleton height={160} role="status" aria-label="Loading budgets" />
      ) : list.error ? (
        <Alert color="red" title="The budgets could not be loaded">
          {whatToDo(list.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : budgets.length === 0 ? (
        <Alert
          color="gray"
          title={status === 'all' ? 'No budgets yet' : `No ${STATUS_FILTERS[status].toLowerCase()} budgets`}
        >
          {status === 'all'
            ? 'An account administrator creates budgets in the account settings; they appear here with what they have used.'
            : 'Other budgets may exist: show every budget to see them.'}
          {status !== 'all' && (
            <Button size="xs" variant="default" ml="sm" onClick={() => setStatus('all')}>
              Show every budget
            </Button>
          )}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            {countLabel(list.data?.totalElements ?? budgets.length, 'budget')}
            {status === 'all' ? '' : `, ${STATUS_FILTERS[status].toLowerCase()}`}
          </Text>
          <ul className={classes.cards} aria-label="Budgets">
            {budgets.map((b, i) => (
              <BudgetCard key={b.id} budget={b} usage={usage[i]} />
            ))}
          </ul>
        </>
      )}
    </Stack>
  )
}

function BudgetCard({
  budget,
  usage,
}: {
  budget: Budget
  usage:
    | { data?: { consumedCredits: number }; isLoading: boolean; error: unknown; refetch: () => unknown }
    | undefined
}) {
  const consumed = usage?.data?.consumedCredits
  const f = consumed === undefined ? null : budgetFigures(budget.allocatedCredits, consumed)
  return (
    <Paper
      withBorder
      p="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-labelledby={`budget-${budget.id}`}
    >
      <Group justify="space-between" align="baseline">
        <Anchor component={Link} to={paths.budget(budget.id)} fw={700} id={`budget-${budget.id}`}>
          {budget.name}
        </Anchor>
        <Badge variant="dot" color={budget.status === 'ACTIVE' ? 'green.9' : 'gray.7'}>
          {budget.status === 'ACTIVE' ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      {budget.description && (
        <Text size="sm" c="dimmed">
          {budget.description}
        </Text>
      )}
      {usage?.isLoading ? (
        <Skeleton height={40} mt="sm" role="status" aria-label={`Loading the usage of ${budget.name}`} />
      ) : !f ? (
        <Text size="sm" mt="sm" c="red.8">
          Its usage could not be loaded. {whatToDo(usage?.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void usage?.refetch()}>
            Retry
          </Button>
        </Text>
      ) : (
        <Stack gap={4} mt="sm" data-testid="budget-figures">
          <UsageBar
            share={f.share}
            tone={f.over ? 'over' : f.share > 0.8 ? 'high' : 'normal'}
            label={`${budget.name}: ${Math.round(f.share * 100)}% of its credits used`}
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              <b>{formatCredits(f.consumed)}</b> used of {formatCredits(f.allocated)} allocated
            </Text>
            <Text size="sm" fw={600} c={f.over ? 'red.8' : undefined}>
              {f.over ? `${formatCredits(-f.remaining)} over` : `${formatCredits(f.remaining)} remaining`}
            </Text>
          </Group>
        </Stack>
      )}
    </Paper>
  )
}
