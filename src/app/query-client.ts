import { MutationCache, QueryClient } from '@tanstack/react-query'
import { isApiError, whatToDo } from '../api/errors'

declare module '@tanstack/react-query' {
  interface Register {
    /** `toast: false` on a mutation that shows its own error where it happened (a form, a dialog). */
    mutationMeta: { toast?: boolean }
  }
}

/**
 * TanStack Query defaults, in one place. Reads are retried by the API client itself (with backoff, only
 * where it is safe), so the cache does not retry on top of it; mutation errors surface as a toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.toast === false) return
        // The toast library loads with the shell, not with the sign-in page's first load.
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({
            color: 'red',
            title: isApiError(error) ? error.title : 'Something went wrong',
            message: [isApiError(error) ? error.detail : error.message, whatToDo(error)]
              .filter(Boolean)
              .join(' '),
            autoClose: 10_000,
          }),
        )
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: false,
        // With nothing to show, a failed read goes to the route's error boundary (retry button there);
        // with data on screen, the page keeps it and may say it is stale.
        throwOnError: (_error, query) => query.state.data === undefined,
      },
      mutations: { retry: false },
    },
  })
}
