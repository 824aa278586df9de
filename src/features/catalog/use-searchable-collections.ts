import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import { searchableCollectionsOptions } from '../../data/glossary/queries'
import { searchableByHost } from './url-state'

/**
 * The glossary's searchable collections and what the page derives from them: the hosts to offer, the
 * collections of each host, their titles and which ones have thumbnails or quicklooks.
 */
export function useSearchableCollections() {
  const client = useApiClient()
  // A failure shows in the search panel with a retry, not on the route's error page: results of a link can
  // still be read without it.
  const q = useQuery({ ...searchableCollectionsOptions(client), throwOnError: false })
  const collections = q.data?.content

  const byHost = useMemo(() => searchableByHost(collections ?? []), [collections])
  const hosts = useMemo(
    () =>
      [...byHost].map(([name, cs]) => ({
        name,
        title: cs[0]?.providers.find((p) => p.name === name)?.title ?? name,
      })),
    [byHost],
  )
  const titles = useMemo(() => new Map((collections ?? []).map((c) => [c.name, c.title])), [collections])
  const withThumbnails = useMemo(
    () =>
      new Set(
        (collections ?? []).filter((c) => c.integrations.includes('THUMBNAIL_AVAILABLE')).map((c) => c.name),
      ),
    [collections],
  )
  const withQuicklooks = useMemo(
    () =>
      new Set(
        (collections ?? []).filter((c) => c.integrations.includes('QUICKLOOK_AVAILABLE')).map((c) => c.name),
      ),
    [collections],
  )
  const { refetch } = q
  const retry = () => void refetch()

  return { collections, error: q.error, retry, byHost, hosts, titles, withThumbnails, withQuicklooks }
}

export type SearchableCollections = ReturnType<typeof useSearchableCollections>
