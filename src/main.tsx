import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { loadRuntimeConfig } from './config/runtime-config'

const root = createRoot(document.getElementById('root') as HTMLElement)

loadRuntimeConfig()
  .then((config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  )
  .catch((e: unknown) => {
    // Without a valid config nothing can work: say what is wrong instead of a blank page.
    const p = document.createElement('p')
    p.setAttribute('role', 'alert')
    p.textContent = `Swath could not start: ${e instanceof Error ? e.message : String(e)}`
    document.getElementById('root')?.replaceChildren(p)
  })
