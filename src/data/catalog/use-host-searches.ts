import { useQueries, useQueryClient, type QueryObserverResult } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import { catalogKeys } from './keys'
import { cursorOf, searchOptions, type SearchRequest, type SearchResponse } from './queries'

/** One host's part of a search of several hosts: its request and the cursors of the pages asked after its first. */
export interface HostSearch {
  host: string
  body: SearchRequest
  cursors: readonly string[]
}

/** One page of one host, as the cache holds it. */
export interface HostPageState {
  host: string
  cursor: string | null
  data: (SearchResponse & { host: string }) | undefined
  error: Error | null
  isFetching: boolean
  isPending: boolean
}

/** One host's pages in order, and what they say together. */
export interface HostSearchState {
  host: string
  pages: HostPageState[]
  /** The cursor of the next page after the last one answered, if the host has more. */
  next: string | null
  error: Error | null
  isFetching: boolean
}

type PageResult = QueryObserverResult<SearchResponse & { host: string }>

// Module-level, so useQueries keeps its combined result while nothing changed (structural sharing).
const pick = (results: PageResult[]) =>
  results.map((r) => ({
    data: r.data,
    error: r.error,
    isFetching: r.isFetching,
    isPending: r.isPending,
  }))

/**
 * Several hosts searched at once, each page its own cache entry (the same entries as a search of one host,
 * so going from all hosts to one shows its first page at once). Hosts run in parallel and fail alone: one
 * host's error is its own. `fresh` asks every host again whatever the cache holds (a saved search opened to
 * see what is new).
 */
export function useHostSearches(searches: readonly HostSearch[], enabled: boolean, fresh = false) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const pages = searches.flatMap((s) =>
    [null, ...s.cursors].map((cursor) => ({ host: s.host, body: s.body, cursor })),
  )
  const results = useQueries({
    queries: pages.map((p) => ({
      ...searchOptions(client, p.host, p.body, p.cursor),
      enabled,
      ...(fresh ? { staleTime: 0 } : {}),
    })),
    combine: pick,
  })
  const hosts = useMemo(() => {
    let at = 0
    return searches.map((s): HostSearchState => {
      const own = [null, ...s.cursors].map((cursor): HostPageState => {
        const r = results[at++]
        return {
          host: s.host,
          cursor,
          data: r?.data,
          error: r?.error ?? null,
          isFetching: r?.isFetching ?? false,
          isPending: r?.isPending ?? true,
        }
      })
      const last = own[own.length - 1]
      return {
        host: s.host,
        pages: own,
        next: last?.data ? cursorOf(last.data, 'next') : null,
        error: own.find((p) => p.error)?.error ?? null,
        isFetching: own.some((p) => p.isFetching),
      }
    })
  }, [searches, results])
  const refetch = useCallback(
    (only: (host: string) => boolean, failedOnly: boolean) => {
      for (const s of searches)
        if (only(s.host))
          for (const cursor of [null, ...s.cursors])
            void queryClient.refetchQueries({
              queryKey: catalogKeys.search(s.host, s.body, cursor),
              exact: true,
              predicate: (q) => !failedOnly || q.state.status === 'error',
            })
    },
    [searches, queryClient],
  )
  return {
    hosts,
    /** Asks a host again for its pages that failed; the other hosts are left alone. */
    retry: useCallback((host: string) => refetch((h) => h === host, true), [refetch]),
    /** Asks every host again for every page (the same search run again). */
    refetchAll: useCallback(() => refetch(() => true, false), [refetch]),
  }
}
