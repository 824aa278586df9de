import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './global.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { ConsoleContext, type ConsoleServices } from '../api/console-context'
import { createQueryClient } from './query-client'
import { reportCaughtError } from './report-error'
import { createRouter } from './router'
import { ReauthDialog } from './session/reauth-dialog'
import { cssVariablesResolver, theme } from './theme'

export function App({ services }: { services: ConsoleServices }) {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createRouter({ queryClient, services }))
  // Nothing of one user's data may outlive their session.
  useEffect(() => services.session.onSignOut(() => queryClient.clear()), [services, queryClient])
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="bottom-right" />
      <ConsoleContext.Provider value={services}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider
            router={router}
            onError={(error, info) => reportCaughtError(error, info.errorInfo)}
          />
          <ReauthDialog />
        </QueryClientProvider>
      </ConsoleContext.Provider>
    </MantineProvider>
  )
}
