import type { DataTag, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import type { SessionUser } from '../../../api/session'

/** One thing the centre tells about: what happened, and the page that acts on it. */
export interface Found {
  /** Stable for the same event, so reading it again (another tab, a reload) never lists it twice. */
  key: string
  title: string
  detail?: string
  href: string
}

export interface SourceContext {
  client: ApiClient
  qc: QueryClient
  user: SessionUser
  /** Data in the cache younger than this is used as it is: the page that read it already paid the request. */
  maxAgeMs: number
}

/**
 * A source of notifications: it reads what the console already reads (the same `src/data` options, so the
 * query cache shares one request with any page showing it), reduces it to a small JSON snapshot, and finds
 * what changed between two snapshots. The first snapshot of a user is a baseline: history before it is not
 * news, only what still waits for the analyst (`diff` with no previous snapshot may say so).
 */
export interface NotificationSource<S> {
  id: string
  /** Whether this user may read the source at all (budgets: Enterprise, not the Viewer). */
  enabled: (user: SessionUser) => boolean
  read: (ctx: SourceContext) => Promise<S>
  diff: (previous: S | undefined, next: S, user: SessionUser) => Found[]
}

/**
 * Reads `src/data` options through the cache: a copy younger than the budget is reused, an older one (or
 * none) is fetched once — and shared with any page reading the same key.
 */
export function readFresh<T, E>(
  ctx: SourceContext,
  options: { queryKey: DataTag<QueryKey, T, E> },
): Promise<T> {
  // The options' own polling and error settings mean nothing to a one-off fetch; only the key and the
  // function matter, and the key's tag carries the data type.
  return ctx.qc.fetchQuery({ ...(options as FetchQueryOptions<T>), staleTime: ctx.maxAgeMs })
}
