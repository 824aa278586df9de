import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import {
  readChartMode,
  readStatusFilter,
  withChartMode,
  type ChartMode,
  type StatusFilter,
} from './url-state'

/** The dashboard's status filter in the URL; "all" is the plain `/budgets`. */
export function useBudgetsView(): [StatusFilter, (status: StatusFilter) => void] {
  const [params, setParams] = useSearchParams()
  const status = readStatusFilter(params)
  const setStatus = useCallback(
    (next: StatusFilter) => setParams(next === 'all' ? '' : `status=${next}`),
    [setParams],
  )
  return [status, setStatus]
}

/**
 * A budget page's chart mode in the URL. Switching it replaces the entry and keeps the scroll: it is a look
 * at the same figures, not a place to go back to.
 */
export function useBudgetChart(): [ChartMode, (mode: ChartMode) => void] {
  const [params, setParams] = useSearchParams()
  const mode = readChartMode(params)
  const setMode = useCallback(
    (next: ChartMode) =>
      setParams((p) => withChartMode(p, next), { replace: true, preventScrollReset: true }),
    [setParams],
  )
  return [mode, setMode]
}
