import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  areaPolygons,
  readCatalogView,
  readSince,
  searchKeys,
  writeCatalogView,
  type CatalogView,
} from './url-state'

/**
 * The applied search is the URL: reading it, the keys that say when it changed, and going to another; and
 * `since`, when a saved search was opened to see what is new (going to another search leaves it out).
 */
export function useCatalogView() {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readCatalogView(params), [params])
  const since = readSince(params)
  const applied = view.filters
  const { search: appliedKey, area: areaKey } = useMemo(() => searchKeys(view), [view])
  const appliedPolygons = useMemo(
    () => areaPolygons(applied.area),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the area's link text: reading the URL makes new polygons each time, for the same area
    [areaKey],
  )
  const go = useCallback(
    (next: CatalogView, replace = false) => setParams(writeCatalogView(next), { replace }),
    [setParams],
  )
  return { view, applied, appliedKey, areaKey, appliedPolygons, since, go }
}

export type CatalogViewState = ReturnType<typeof useCatalogView>
