import type { DataTag, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import type { SessionUser } from '../../../api/session'
import type { Entry, FoldLine, Found } from '../entries'

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
  /** `previous`: the last snapshot, for a source that carries something on from it (an order's path). */
  read: (ctx: SourceContext, previous: S | undefined) => Promise<S>
  diff: (previous: S | undefined, next: S, user: SessionUser) => Found[]
  /** The one line for a day's many entries of `fold` kind this source finds (orders: one list of them). */
  foldLine?: FoldLine
  /** What opening one of its entries records beyond reading it (a saved search: that it was looked at). */
  opened?: (entry: Entry) => void
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
