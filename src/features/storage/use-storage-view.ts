import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useLatestSearch } from '../../lib/use-latest-search'
import type { CollectionsQuery } from '../../data/storage/query'
import type { ImageView } from '../../lib/imagery/view'
import {
  readItemImageView,
  readItemsPaging,
  readStorageView,
  storageSearch,
  withItemImageView,
  withItemsPaging,
  type ItemsPaging,
  type StorageView,
} from './url-state'

/**
 * The storage browser's view read from and written to the URL. A change starts again at the first page
 * unless it names a page: the old page means nothing once the filters differ.
 */
export function useStorageView(): [StorageView, (change: Partial<CollectionsQuery>) => void] {
  const [params, setParams] = useLatestSearch()
  const view = useMemo(() => readStorageView(params), [params])
  const update = useCallback(
    (change: Partial<CollectionsQuery>) =>
      setParams((latest) => storageSearch({ ...readStorageView(latest).query, page: 0, ...change })),
    [setParams],
  )
  return [view, update]
}

/**
 * A collection page's paging of its items in the URL (`page`, zero-based, and `limit`), and going to another
 * page or size; each move is a history entry of its own, so Back returns to the page before.
 */
export function useItemsPaging(): [ItemsPaging, (page: number, limit?: number) => void] {
  const [params, setParams] = useSearchParams()
  const paging = useMemo(() => readItemsPaging(params), [params])
  const go = useCallback(
    (page: number, limit = paging.limit) => setParams((p) => withItemsPaging(p, { page, limit })),
    [paging.limit, setParams],
  )
  return [paging, go]
}

/**
 * How an item's picture is looked at (band combination, stretch, formula), in its page's URL, so a link opens
 * the same view. A change replaces the entry: dragging a stretch leaves no trail of history.
 */
export function useItemImageView(): [ImageView, (view: ImageView) => void] {
  const [params, setParams] = useSearchParams()
  // Keyed by the text: the router's params object is new on every navigation, the view only when it changed.
  const paramsText = params.toString()
  const view = useMemo(() => readItemImageView(new URLSearchParams(paramsText)), [paramsText])
  const setView = useCallback(
    (next: ImageView) => setParams((old) => withItemImageView(old, next), { replace: true }),
    [setParams],
  )
  return [view, setView]
}
