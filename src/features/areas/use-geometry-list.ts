import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { geometryListOptions } from '../../data/geometries/queries'
import { useAreasView } from './use-areas-view'
import { ALL_WORKSPACES, libraryQuery } from './url-state'

/**
 * The library's page as the URL has it (`name`, `workspace`, `page`, `size`): one query for the page shown,
 * shared by the list and the map, and the way to change the view.
 */
export function useGeometryList() {
  const client = useApiClient()
  const currentWs = useWorkspaceId()
  const [view, update] = useAreasView()
  const query = useQuery({
    ...geometryListOptions(client, libraryQuery(view, currentWs)),
    placeholderData: keepPreviousData,
  })
  return { ...query, view, update, workspace: view.workspace ?? currentWs ?? ALL_WORKSPACES }
}
