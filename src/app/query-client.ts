import { QueryClient } from '@tanstack/react-query'

/** TanStack Query defaults, in one place. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 2 },
      mutations: { retry: false },
    },
  })
}
