import { useCallback, useMemo } from 'react'
import { useLatestSearch } from '../../lib/use-latest-search'
import { licenceSearch, readLicenceView, type LicenceListView } from './url-state'

/**
 * The licence list's view in the URL. Any change but paging starts again from page 1, built on the URL as it
 * is when the change lands, not as this render read it.
 */
export function useLicencesView(): [LicenceListView, (change: Partial<LicenceListView>) => void] {
  const [params, setParams] = useLatestSearch()
  const view = useMemo(() => readLicenceView(params), [params])
  const update = useCallback(
    (change: Partial<LicenceListView>) =>
      setParams((latest) => licenceSearch({ ...readLicenceView(latest), page: 1, ...change })),
    [setParams],
  )
  return [view, update]
}
