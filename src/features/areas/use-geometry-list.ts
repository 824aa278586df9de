import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { geometryListOptions } from '../../data/geometries/queries'

export const ALL_WORKSPACES = 'all'

/** The library as filtered in the URL (`name`, `workspace`): one query, shared by the list and the map. */
export function useGeometryList() {
  const client = useApiClient()
  const currentWs = useWorkspaceId()
  const [params] = useSearchParams()
  const name = params.get('name') ?? ''
  const wsParam = params.get('workspace')
  const workspaceId = wsParam === ALL_WORKSPACES ? undefined : (wsParam ?? currentWs ?? undefined)
  const query = useQuery({
    ...geometryListOptions(client, {
      ...(workspaceId ? { workspaceId } : {}),
      ...(name ? { displayName: name } : {}),
      size: 100,
      sort: 'updatedAt,desc',
    }),
    placeholderData: keepPreviousData,
  })
  return { ...query, name, workspace: wsParam ?? currentWs ?? ALL_WORKSPACES }
}
