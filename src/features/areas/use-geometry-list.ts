import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { geometryListOptions } from '../../data/geometries/queries'
import {
  ALL_WORKSPACES,
  libraryQuery,
  readLibraryView,
  withLibraryChange,
  type LibraryView,
} from './url-state'

/**
 * The library's page as the URL has it (`name`, `workspace`, `page`, `size`): one query for the page shown,
 * shared by the list and the map, and the way to change the view.
 */
export function useGeometryList() {
  const client = useApiClient()
  const currentWs = useWorkspaceId()
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readLibraryView(params), [params])
  const query = useQuery({
    ...geometryListOptions(client, libraryQuery(view, currentWs)),
    placeholderData: keepPreviousData,
  })
  const update = useCallback(
    (change: Partial<LibraryView>) =>
      // Typing a name replaces the entry: Back leaves the page rather than undoing a letter.
      setParams((p) => withLibraryChange(p, change), { replace: 'name' in change }),
    [setParams],
  )
  return { ...query, view, update, workspace: view.workspace ?? currentWs ?? ALL_WORKSPACES }
}
