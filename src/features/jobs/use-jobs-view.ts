import { useCallback, useMemo } from 'react'
import { useLatestSearch } from '../../lib/use-latest-search'
import { jobsSearch, readJobsView, type JobsView } from './url-state'

/** The job monitor's view in the URL; a change starts again at page 1 unless it names a page. */
export function useJobsView(): [JobsView, (change: Partial<JobsView>) => void] {
  const [params, setParams] = useLatestSearch()
  const view = useMemo(() => readJobsView(params), [params])
  const update = useCallback(
    (change: Partial<JobsView>) =>
      setParams((latest) => jobsSearch({ ...readJobsView(latest), page: 1, ...change })),
    [setParams],
  )
  return [view, update]
}
