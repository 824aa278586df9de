import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { readStatusFilter, type StatusFilter } from './url-state'

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
