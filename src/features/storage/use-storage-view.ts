import { useCallback, useMemo } from 'react'
import { useLatestSearch } from '../../lib/use-latest-search'
import type { CollectionsQuery } from '../../data/storage/query'
import { readStorageView, storageSearch, type StorageView } from './url-state'

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
