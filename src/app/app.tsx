import './mantine-base-styles'
import './global.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { RouterProvider } from 'react-router'
import { ConsoleContext, type ConsoleServices } from '../api/console-context'
import { followHeadingTitle } from './page-title'
import { createQueryClient } from './query-client'
import { reportCaughtError } from './report-error'
import { createRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

// Its own chunk, fetched ahead by the shell: the sign-in page's first load does not carry it.
const ReauthDialog = lazy(async () => ({
  default: (await import('./session/reauth-dialog')).ReauthDialog,
}))

export function App({ services }: { services: ConsoleServices }) {
  const { session } = services
  const expired = useSyncExternalStore(session.subscribe, () => session.getSnapshot().status === 'expired')
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createRouter({ queryClient, services }))
  // Nothing of one user's data may outlive their session.
  useEffect(() => services.session.onSignOut(() => queryClient.clear()), [services, queryClient])
  useEffect(() => followHeadingTitle(document.body), [])
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      // Every theme variable, not only those that differ from Mantine's defaults: the stylesheet of the
      // defaults (default-css-variables.css) is not loaded (see mantine-base-styles.ts).
      deduplicateCssVariables={false}
    >
      <ConsoleContext.Provider value={services}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider
            router={router}
            onError={(error, info) => reportCaughtError(error, info.errorInfo)}
          />
          {expired && (
            <Suspense>
              <ReauthDialog />
            </Suspense>
          )}
        </QueryClientProvider>
      </ConsoleContext.Provider>
    </MantineProvider>
  )
}
