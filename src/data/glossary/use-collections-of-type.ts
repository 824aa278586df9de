import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/console-context'
import { collectionsOfTypeOptions } from './queries'

/**
 * The collections an ordering page orders from, with the failure said on the page (beside its Retry) rather
 * than as an error page: the page keeps its draft while the glossary is away.
 */
export function useCollectionsOfType(type: 'ARCHIVE' | 'TASKING') {
  const client = useApiClient()
  const q = useQuery({ ...collectionsOfTypeOptions(client, type), throwOnError: false })
  return { collections: q.data?.content, error: q.error, retry: () => void q.refetch() }
}
