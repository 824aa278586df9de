import '@testing-library/jest-dom/vitest'
import { MantineProvider, Popover, type MantineThemeOverride } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { ConsoleContext } from '../api/console-context'
import { createQueryClient } from '../app/query-client'
import type { RouteContext } from '../data/prefetch'
import { theme } from '../app/theme'
import { signedInConsole, type TestConsole } from './sim-backend'

/**
 * The console's theme, with one difference jsdom needs: a dropdown is never hidden as "detached" from its
 * target. jsdom lays nothing out, so every target's rectangle is empty and reads as scrolled out of view; once
 * floating-ui had measured it, an open menu turned `display: none` and its items left the accessibility tree.
 * On an idle machine the test looked before that measurement, on a busy one after.
 */
const testTheme: MantineThemeOverride = {
  ...theme,
  components: {
    ...theme.components,
    Popover: Popover.extend({ defaultProps: { hideDetached: false } }),
  },
}

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
    <MantineProvider theme={testTheme}>
      <ConsoleContext.Provider value={c}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConsoleContext.Provider>
    </MantineProvider>,
  )
  return { ...result, console: c, queryClient, router }
}
