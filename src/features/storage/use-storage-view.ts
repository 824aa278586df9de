import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { CollectionsQuery } from '../../data/storage/query'
import { readStorageView, storageSearch, type StorageView } from './url-state'

/**
 * The storage browser's view read from and written to the URL. A change starts again at the first page
 * unless it names a page: the old page means nothing once the filters differ.
 */
export function useStorageView(): [StorageView, (change: Partial<CollectionsQuery>) => void] {
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readStorageView(params), [params])
  const update = useCallback(
    (change: Partial<CollectionsQuery>) => setParams(storageSearch({ ...view.query, page: 0, ...change })),
    [setParams, view],
  )
  return [view, update]
}
