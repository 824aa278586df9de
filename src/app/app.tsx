import '@mantine/core/styles.css'
import './global.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { ApiClientProvider } from '../api/api-context'
import { createApiClient } from '../api/client'
import type { RuntimeConfig } from '../config/runtime-config'
import { createQueryClient } from './query-client'
import { createRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

export function App({ config }: { config: RuntimeConfig }) {
  const [client] = useState(() => createApiClient(config.apiUrl))
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createRouter)
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ApiClientProvider client={client}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiClientProvider>
    </MantineProvider>
  )
}
