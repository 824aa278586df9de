import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  areaPolygons,
  readCatalogView,
  searchKey,
  writeCatalogView,
  type CatalogView,
  type SearchArea,
} from './url-state'

/** The applied search is the URL: reading it, the keys that say when it changed, and going to another. */
export function useCatalogView() {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readCatalogView(params), [params])
  const applied = view.filters
  const appliedKey = useMemo(() => searchKey(view), [view])
  // Keyed by the area's text: reading the URL makes a new object each time, for the same area.
  const areaKey = JSON.stringify(applied.area)
  const appliedPolygons = useMemo(() => areaPolygons(JSON.parse(areaKey) as SearchArea | null), [areaKey])
  const go = useCallback(
    (next: CatalogView, replace = false) => setParams(writeCatalogView(next), { replace }),
    [setParams],
  )
  return { view, applied, appliedKey, areaKey, appliedPolygons, go }
}

export type CatalogViewState = ReturnType<typeof useCatalogView>
