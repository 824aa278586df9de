import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { ConsoleContext } from '../api/console-context'
import { createQueryClient } from '../app/query-client'
import type { RouteContext } from '../data/prefetch'
import { theme } from '../app/theme'
import { signedInConsole, type TestConsole } from './sim-backend'

export interface RenderedConsole extends RenderResult {
  console: TestConsole
  queryClient: QueryClient
  router: ReturnType<typeof createMemoryRouter>
}

/**
 * Renders routes (or one element at `/`) inside the console's real providers, signed in to an in-process
 * simulator through the real client. `routes` may be a function of the route context (loaders).
 */
export async function renderWithConsole(
  ui: ReactNode | ((ctx: RouteContext) => RouteObject[]),
  opts: { at?: string; console?: TestConsole; email?: string } = {},
): Promise<RenderedConsole> {
  const c = opts.console ?? (await signedInConsole(opts.email))
  const queryClient = createQueryClient()
  const ctx: RouteContext = { queryClient, services: c }
  const routes = typeof ui === 'function' ? ui(ctx) : [{ path: '*', element: ui }]
  const router = createMemoryRouter(routes, { initialEntries: [opts.at ?? '/'] })
  const result = render(
    <MantineProvider theme={theme}>
      <ConsoleContext.Provider value={c}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConsoleContext.Provider>
    </MantineProvider>,
  )
  return { ...result, console: c, queryClient, router }
}
