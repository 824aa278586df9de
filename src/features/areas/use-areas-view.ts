import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { readLibraryView, withLibraryChange, type LibraryView } from './url-state'

/**
 * The geometry library's view in the URL (`name`, `workspace`, `page`, `size`), and changing it; typing a
 * name replaces the history entry rather than adding one per key: Back leaves the page rather than undoing
 * a letter.
 */
export function useAreasView(): [LibraryView, (change: Partial<LibraryView>) => void] {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readLibraryView(params), [params])
  const update = useCallback(
    (change: Partial<LibraryView>) =>
      setParams((p) => withLibraryChange(p, change), { replace: 'name' in change }),
    [setParams],
  )
  return [view, update]
}
