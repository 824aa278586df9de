import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { areasSearch, readAreasView, type AreasView } from './url-state'

/**
 * The geometry library's view in the URL, and changing one setting of it; typing a name replaces the
 * history entry rather than adding one per key.
 */
export function useAreasView(): [AreasView, (key: keyof AreasView, value: string) => void] {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readAreasView(params), [params])
  const update = useCallback(
    (key: keyof AreasView, value: string) =>
      setParams((p) => areasSearch(p, key, value), { replace: key === 'name' }),
    [setParams],
  )
  return [view, update]
}
