import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Skeleton.css'
import { Alert, Button, Group, Paper, Select, Skeleton, Text, Title } from '@mantine/core'
import { whatToDo } from '../../api/errors'
import { budgetBlocker, type BudgetGateInput } from '../../lib/budget-rules'
import { formatCredits } from '../../lib/format'

const NONE = '__none__'

const SUBJECT = {
  orders: { every: 'every order', these: 'these orders', estimated: 'These orders are estimated at' },
  job: { every: 'every job', these: 'this job', estimated: 'This job costs' },
}

export function BudgetGate({
  gate,
  budgetId,
  onChange,
  total,
  problem,
  subject = 'orders',
}: {
  gate: BudgetGateInput
  budgetId: string | null
  onChange: (id: string | null) => void
  total: number | null
  /** A budget refusal from the last placing attempt, explained. */
  problem: { message: string; details?: string } | null
  /** What is charged: the checkout's orders (the default) or a processing job. */
  subject?: 'orders' | 'job'
}) {
  const words = SUBJECT[subject]
  if (!gate.available) {
    // Accounts without the Enterprise plan see no budget controls at all.
    return gate.whyNot ? (
      <Text size="sm" c="dimmed">
        Budgets: {gate.whyNot}
      </Text>
    ) : null
  }
  const chosen = gate.budgets.find((b) => b.id === budgetId)
  const blocker = budgetBlocker(gate, budgetId, subject === 'job' ? 'job' : 'order')
  const over = chosen?.remainingCredits != null && total != null && total > chosen.remainingCredits
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="budget-gate-title">
      <Title order={2} size="h4" id="budget-gate-title">
        Budget
      </Title>
      {gate.loading ? (
        <Skeleton height={36} mt="xs" role="status" aria-label="Loading budgets" />
      ) : gate.error ? (
        <Alert color="red" mt="xs" title="Budgets could not be loaded">
          {whatToDo(gate.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={gate.retry}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <Text size="sm" mt={4}>
            {gate.enforced
              ? `Budget enforcement is on: ${words.every} must be charged to an active budget.`
              : `Optional: charge ${words.these} to a budget to track what a project spends.`}
          </Text>
          <Group align="end" mt="xs">
            <Select
              label="Budget"
              w={420}
              required={gate.enforced === true}
              error={problem ? undefined : blocker && budgetId ? blocker : undefined}
              value={budgetId ?? (gate.enforced ? null : NONE)}
              onChange={(v) => onChange(v === NONE ? null : v)}
              placeholder={gate.enforced ? 'Choose a budget' : undefined}
              allowDeselect={false}
              data={[
                ...(gate.enforced ? [] : [{ value: NONE, label: 'No budget' }]),
                ...gate.budgets.map((b) => ({
                  value: b.id,
                  label:
                    b.remainingCredits === null
                      ? `${b.name} (${formatCredits(b.allocatedCredits)} allocated)`
                      : `${b.name} — ${formatCredits(b.remainingCredits)} of ${formatCredits(b.allocatedCredits)} credits left`,
                })),
              ]}
            />
          </Group>
          {gate.budgets.length === 0 && (
            <Text size="sm" c="dimmed" mt={4}>
              No active budget in this account. An account administrator can create or reactivate one.
            </Text>
          )}
          {over && (
            <Alert color="yellow" mt="xs" title="More than this budget has left">
              {words.estimated} {formatCredits(total ?? 0)} credits; “{chosen?.name}” has{' '}
              {formatCredits(chosen?.remainingCredits ?? 0)} left.
            </Alert>
          )}
        </>
      )}
      {problem && (
        <Alert color="red" mt="xs" title={problem.message} role="alert">
          {problem.details}
        </Alert>
      )}
    </Paper>
  )
}
