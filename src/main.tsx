import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createApiClient } from './api/client'
import { browserLinkFetch } from './api/links'
import { Session } from './api/session'
import { sessionWorkerRelay } from './api/session-worker-client'
import sessionWorkerUrl from './api/session-worker.ts?worker&url'
import { App } from './app/app'
import { bindDraftsToSession } from './app/draft-owner'
import { reportCaughtError } from './app/report-error'
import { loadRuntimeConfig } from './config/runtime-config'

const root = createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: reportCaughtError,
})

async function start() {
  // Registered while the configuration loads. The dev server serves workers as modules; the build bundles
  // the worker into one classic script.
  const relay = sessionWorkerRelay(sessionWorkerUrl, import.meta.env.DEV ? 'module' : 'classic')
  const config = await loadRuntimeConfig()
  const session = new Session({ regions: config.regions, clientId: config.clientId, relay })
  // A reload within the refresh token's life signs back in before the first page asks for data.
  await session.restore()
  bindDraftsToSession(session)
  const client = createApiClient({ baseUrl: config.apiUrl, session })
  root.render(
    <StrictMode>
      <App services={{ client, session, config, fetchLink: browserLinkFetch }} />
    </StrictMode>,
  )
}

start().catch((e: unknown) => {
  // Without a valid config nothing can work: say what is wrong instead of a blank page.
  const p = document.createElement('p')
  p.setAttribute('role', 'alert')
  p.textContent = `Swath could not start: ${e instanceof Error ? e.message : String(e)}`
  document.getElementById('root')?.replaceChildren(p)
})
