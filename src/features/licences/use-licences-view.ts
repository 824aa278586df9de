import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useLatestSearch } from '../../lib/use-latest-search'
import {
  licenceSearch,
  readLicenceView,
  readVersionChoice,
  withVersionChoice,
  type LicenceListView,
  type VersionChoice,
} from './url-state'

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

/**
 * A licence page's versions shown and compared, in the URL. A choice replaces the entry and keeps the scroll:
 * it is another look at the same licence.
 */
export function useLicenceVersions(): [VersionChoice, (change: Partial<VersionChoice>) => void] {
  const [params, setParams] = useSearchParams()
  const choice = useMemo(() => readVersionChoice(params), [params])
  const choose = useCallback(
    (change: Partial<VersionChoice>) =>
      setParams((p) => withVersionChoice(p, change), { replace: true, preventScrollReset: true }),
    [setParams],
  )
  return [choice, choose]
}
