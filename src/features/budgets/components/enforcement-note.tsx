import '@mantine/core/styles/Skeleton.css'
import { Alert, Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { budgetSettingsOptions } from '../../../data/budgets/queries'

/** The account's enforcement setting, said plainly: it decides whether an order may go without a budget. */
export function EnforcementNote() {
  const client = useApiClient()
  const settings = useQuery({ ...budgetSettingsOptions(client), throwOnError: false })
  if (settings.isLoading)
    return <Skeleton height={48} role="status" aria-label="Loading the enforcement setting" />
  if (!settings.data)
    return (
      <Alert color="gray" title="Enforcement: unknown" data-testid="enforcement">
        The account&apos;s enforcement setting could not be read; placing an order will say if a budget is
        needed.
      </Alert>
    )
  return settings.data.enforcementEnabled ? (
    <Alert color="orange" title="Enforcement is on" data-testid="enforcement">
      Every order and processing job must be charged to an active budget; without one it is refused.
    </Alert>
  ) : (
    <Alert color="gray" title="Enforcement is off" data-testid="enforcement">
      Orders and processing jobs may be charged to a budget or to the account&apos;s credits directly.
    </Alert>
  )
}
