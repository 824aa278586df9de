import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { geometryListOptions } from '../../data/geometries/queries'
import { useAreasView } from './use-areas-view'
import { ALL_WORKSPACES, areasRequest } from './url-state'

/** The library as filtered in the URL (`name`, `workspace`): one query, shared by the list and the map. */
export function useGeometryList() {
  const client = useApiClient()
  const currentWs = useWorkspaceId()
  const [view] = useAreasView()
  const query = useQuery({
    ...geometryListOptions(client, areasRequest(view, currentWs)),
    placeholderData: keepPreviousData,
  })
  return { ...query, name: view.name, workspace: view.workspace ?? currentWs ?? ALL_WORKSPACES }
}
