import type { QueryClient, FetchQueryOptions } from '@tanstack/react-query'
import type { ConsoleServices } from '../api/console-context'

/** What route loaders get: they prefetch the same `queryOptions` the pages read. */
export interface RouteContext {
  queryClient: QueryClient
  services: ConsoleServices
}

/**
 * Starts loading a page's data while its code loads, without holding the navigation. Nothing is fetched
 * for a signed-out visitor (the shell sends them to sign in first).
 */
export function prefetch<T, K extends readonly unknown[]>(
  ctx: RouteContext,
  // The options objects built by queryOptions() carry extra typing; only the fetch part matters here.
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  if (ctx.services.session.getSnapshot().status !== 'signed-in') return
  void ctx.queryClient.prefetchQuery(options)
}
