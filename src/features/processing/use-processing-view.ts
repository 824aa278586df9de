import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { processesSearch, readProcessesView, type ProcessesView } from './url-state'

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
