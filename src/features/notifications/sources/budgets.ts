import { permissionsOf } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { budgetListOptions, budgetUsageOptions } from '../../../data/budgets/queries'
import { reachedThreshold, thresholdsOf, useBudgetThresholds } from '../../../data/budgets/thresholds'
import { formatCredits } from '../../../lib/format'
import { readFresh, type NotificationSource } from './source'

export interface BudgetsSnapshot {
  /** id → the thresholds compared (joined), the highest reached, and the figures for the words. */
  budgets: Record<
    string,
    { name: string; thresholds: string; reached: number | null; consumed: number; allocated: number }
  >
}

/** The start page's list of active budgets: one request serves both. */
const QUERY = { status: ['ACTIVE' as const], size: 100, sort: 'name,asc' }

/** A budget whose spending crossed one of its thresholds (80 % and 100 % unless the analyst set others). */
export const budgetsSource: NotificationSource<BudgetsSnapshot> = {
  id: 'budgets',
  enabled: (user) => permissionsOf(user).budgets,
  read: async (ctx) => {
    const list = await readFresh(ctx, budgetListOptions(ctx.client, QUERY))
    const byBudget = useBudgetThresholds.getState().byBudget
    const usage = await Promise.all(
      list.content.map((b) =>
        readFresh(ctx, budgetUsageOptions(ctx.client, b.id)).then((u) => u.consumedCredits),
      ),
    )
    const budgets: BudgetsSnapshot['budgets'] = {}
    list.content.forEach((b, i) => {
      const thresholds = thresholdsOf(byBudget, b.id)
      budgets[b.id] = {
        name: b.name,
        thresholds: thresholds.join(','),
        reached: reachedThreshold(thresholds, b.allocatedCredits, usage[i]),
        consumed: usage[i],
        allocated: b.allocatedCredits,
      }
    })
    return { budgets }
  },
  diff: (previous, next) => {
    if (!previous) return []
    return Object.entries(next.budgets).flatMap(([id, b]) => {
      const before = previous.budgets[id]
      // Thresholds just edited are a new baseline: only spending crosses one.
      if (!before || before.thresholds !== b.thresholds || b.reached === null) return []
      if (before.reached !== null && b.reached <= before.reached) return []
      return [
        {
          key: `budget:${id}`,
          title: `Budget “${b.name}” passed ${b.reached} % of its credits`,
          detail: `${formatCredits(b.consumed)} of ${formatCredits(b.allocated)} credits used`,
          href: paths.budget(id),
        },
      ]
    })
  },
}
