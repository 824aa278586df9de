import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { collectionOptions } from '../../../data/glossary/queries'

/**
 * A glossary collection by its title ("Pléiades Neo Tasking"), never its name (`pneo-tasking`) once the
 * glossary answers: one cached request per collection, shared with the collection's own page.
 */
export function CollectionTitle({ name }: { name: string }) {
  const client = useApiClient()
  const { data } = useQuery({ ...collectionOptions(client, name), throwOnError: false })
  return <>{data?.title ?? name}</>
}
