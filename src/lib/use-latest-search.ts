import { useCallback, useLayoutEffect, useRef } from 'react'
import { useSearchParams, type NavigateOptions } from 'react-router'

type Next = (latest: URLSearchParams) => URLSearchParams | string

/**
 * `useSearchParams` whose changes build on the last search written, not on the one this render read. The
 * router renders a navigation as a transition, so on a busy machine the address can be ahead of the page:
 * a second filter set before the first one rendered (a status picked, then a duration typed) was built on
 * the stale view and dropped the first (the job monitor once listed running jobs under "released"). A
 * function of the latest search is the only form of change this hook offers.
 */
export function useLatestSearch(): [URLSearchParams, (next: Next, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams()
  // The search written and not rendered yet; forgotten once the router renders it.
  const pending = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (pending.current === params.toString()) pending.current = null
  }, [params])
  const update = useCallback(
    (next: Next, options?: NavigateOptions) => {
      const latest = pending.current === null ? params : new URLSearchParams(pending.current)
      const written = new URLSearchParams(next(latest))
      pending.current = written.toString()
      setParams(written, options)
    },
    [params, setParams],
  )
  return [params, update]
}
