import { useCallback, useMemo } from 'react'
import { useSearchParams, type NavigateOptions } from 'react-router'
import { inboxSearch, readInboxView, type InboxView } from './url-state'

/** The inbox's view in the URL, and going to another (a whole view: the inbox has two settings). */
export function useDecisionsView(): [InboxView, (next: InboxView, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readInboxView(params), [params])
  const go = useCallback(
    (next: InboxView, options?: NavigateOptions) =>
      setParams(new URLSearchParams(inboxSearch(next)), options),
    [setParams],
  )
  return [view, go]
}
