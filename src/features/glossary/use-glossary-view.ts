import { useCallback, useMemo } from 'react'
import { useLatestSearch } from '../../lib/use-latest-search'

/**
 * A list's view (filters, sort, page) read from and written to the URL, so back and forward move between
 * views and every view can be shared. Any change starts again at page 1 unless it names a page itself: the
 * old page number means nothing once the filters, sort or page size differ.
 */
export function useGlossaryView<V extends { page: number }>(
  read: (params: URLSearchParams) => V,
  write: (view: V) => URLSearchParams,
): [V, (change: Partial<V>) => void] {
  const [params, setParams] = useLatestSearch()
  const view = useMemo(() => read(params), [read, params])
  const update = useCallback(
    (change: Partial<V>) => setParams((latest) => write({ ...read(latest), page: 1, ...change })),
    [setParams, read, write],
  )
  return [view, update]
}
