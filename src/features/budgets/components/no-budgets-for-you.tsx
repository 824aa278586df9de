import { Alert, Stack, Text, Title } from '@mantine/core'
import type { BudgetAccess } from '../access'

/** Why the budget pages are not this user's, and what to do instead: never a blank page or a raw 403. */
export function NoBudgetsForYou({ access }: { access: Exclude<BudgetAccess, { kind: 'yes' }> }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Budgets</Title>
      {access.kind === 'plan' ? (
        <Alert color="blue" title="Budgets are part of the Enterprise plan">
          <Text size="sm">
            An Enterprise account splits its credits into budgets — one per project or team — and sees where
            each budget&apos;s credits went. This account is on another plan: its orders and processing jobs
            are charged to the account&apos;s credit balance directly.
          </Text>
          <Text size="sm" mt="xs">
            To use budgets, the account owner can move the account to the Enterprise plan.
          </Text>
        </Alert>
      ) : (
        <Alert color="blue" title="Your role cannot see budgets">
          <Text size="sm">
            Budgets show what the account spends, so the service keeps them from the Viewer role. An account
            administrator (a user with the Admin role) can see them, or give you a role that may.
          </Text>
        </Alert>
      )}
    </Stack>
  )
}
