import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  processesSearch,
  readLaunchHandOver,
  readProcessesView,
  type LaunchHandOver,
  type ProcessesView,
} from './url-state'

/** The process catalogue's view in the URL; a new term replaces the entry, so typing leaves no history. */
export function useProcessingView(): [ProcessesView, (term: string) => void] {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readProcessesView(params), [params])
  const setTerm = useCallback(
    (term: string) => setParams(processesSearch({ term, carried: view.carried }), { replace: true }),
    [setParams, view.carried],
  )
  return [view, setTerm]
}

/**
 * What the page's URL hands a process's launch form (a job to run again, stored items, a shared form, a
 * delivery), its items checked against the service at `apiUrl`. Read only: the form keeps its own draft.
 */
export function useLaunchHandOver(apiUrl: string): LaunchHandOver {
  const [params] = useSearchParams()
  return useMemo(() => readLaunchHandOver(params, apiUrl), [params, apiUrl])
}
