import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { keptStorage, ownedDraft } from '../../lib/draft-storage'

/**
 * Budget thresholds: shares of a budget's allocation the analyst wants to hear about. The service has no such
 * setting, so they are the console's, kept in the browser per user and account (decision 34); the budget page
 * draws and edits them, the notification centre says when spending crosses one.
 */

/** Percent of the allocation, when a budget has none of its own. */
export const DEFAULT_THRESHOLDS: readonly number[] = [80, 100]
export const MAX_THRESHOLDS = 6

/** The highest threshold spending has reached (percent), or null below all of them. */
export function reachedThreshold(
  thresholds: readonly number[],
  allocated: number,
  consumed: number,
): number | null {
  if (allocated <= 0) return null
  const share = (consumed / allocated) * 100
  let reached: number | null = null
  for (const t of thresholds) if (share >= t && (reached === null || t > reached)) reached = t
  return reached
}

/**
 * Thresholds typed as "80, 100" (percent signs allowed): sorted, without repeats, each above 0 and at most
 * 1000, or what is wrong in words.
 */
export function parseThresholds(text: string): { ok: true; value: number[] } | { ok: false; reason: string } {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.replace(/%$/, ''))
    .filter((p) => p.length > 0)
  if (parts.length === 0) return { ok: false, reason: 'Give at least one threshold, e.g. 80, 100.' }
  const values: number[] = []
  for (const p of parts) {
    const n = Number(p)
    if (!/^\d+(\.\d+)?$/.test(p) || !(n > 0) || n > 1000)
      return { ok: false, reason: `“${p}” is not a percentage between 0 and 1000.` }
    values.push(n)
  }
  const unique = [...new Set(values)].sort((a, b) => a - b)
  if (unique.length > MAX_THRESHOLDS) return { ok: false, reason: `At most ${MAX_THRESHOLDS} thresholds.` }
  return { ok: true, value: unique }
}

interface ThresholdStore {
  /** Per budget id; a budget absent here has the defaults. */
  byBudget: Record<string, number[]>
  setThresholds: (budgetId: string, thresholds: number[] | null) => void
}

export const useBudgetThresholds = ownedDraft(
  create<ThresholdStore>()(
    persist(
      (set) => ({
        byBudget: {},
        setThresholds: (budgetId, thresholds) =>
          set((s) => {
            const byBudget = { ...s.byBudget }
            if (thresholds === null) delete byBudget[budgetId]
            else byBudget[budgetId] = thresholds
            return { byBudget }
          }),
      }),
      {
        name: 'swath.budget-thresholds',
        storage: createJSONStorage(() => keptStorage),
        partialize: (s) => ({ byBudget: s.byBudget }),
      },
    ),
  ),
)

export const thresholdsOf = (byBudget: Record<string, number[]>, budgetId: string): readonly number[] =>
  byBudget[budgetId] ?? DEFAULT_THRESHOLDS
