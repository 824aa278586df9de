import { useQueries, useQuery } from '@tanstack/react-query'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { budgetListOptions, budgetSettingsOptions, budgetUsageOptions } from './queries'

/**
 * What an ordering step needs to offer budgets: whether they apply to this user at all (Enterprise plan, a
 * role that may read them), whether enforcement is on, and the active budgets with what they have left.
 */
export function useBudgetChoices() {
  const client = useApiClient()
  const { user } = useSession()
  const perms = permissionsOf(user)
  const enterprise = user?.plan === 'ENTERPRISE'
  const settings = useQuery({ ...budgetSettingsOptions(client), enabled: perms.budgets, throwOnError: false })
  const list = useQuery({
    ...budgetListOptions(client, { status: ['ACTIVE'], size: 100, sort: 'name,asc' }),
    enabled: perms.budgets,
    throwOnError: false,
  })
  const active = list.data?.content ?? []
  const usage = useQueries({
    queries: active.map((b) => ({ ...budgetUsageOptions(client, b.id), throwOnError: false })),
  })
  return {
    available: perms.budgets,
    // Only an Enterprise user whose role cannot read budgets hears why; other plans simply have none.
    whyNot: enterprise && !perms.budgets ? perms.budgetsWhyNot : null,
    enforced: settings.data ? settings.data.enforcementEnabled : null,
    budgets: active.map((b, i) => {
      const consumed = usage[i]?.data?.consumedCredits
      return {
        id: b.id,
        name: b.name,
        allocatedCredits: b.allocatedCredits,
        remainingCredits: consumed === undefined ? null : b.allocatedCredits - consumed,
      }
    }),
    loading: perms.budgets && (settings.isLoading || list.isLoading),
    error: settings.error ?? list.error,
    retry: () => {
      void settings.refetch()
      void list.refetch()
    },
  }
}
