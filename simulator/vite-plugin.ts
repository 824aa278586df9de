import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createServer, type Plugin, type PreviewServer, type ViteDevServer } from 'vite'
import type { Simulator, SimulatorOptions } from './app'

/**
 * Embeds the simulator in `npm start` and `vite preview`: the console's origin serves the API under /api and
 * the token server under /auth, as a reverse proxy in front of a real deployment would.
 */
export const PREFIXES = { api: '/api', auth: '/auth', authSecondRegion: '/auth-sa' } as const

type Loader = () => Promise<{ createSimulator: (o: SimulatorOptions) => Simulator }>

export function simulatorPlugin(opts: SimulatorOptions = { clock: 'real' }): Plugin {
  let sim: Promise<Simulator> | undefined
  const mount = (middlewares: ViteDevServer['middlewares'], load: Loader) => {
    const get = () => (sim ??= load().then((m) => m.createSimulator(opts)))
    middlewares.use((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
      const url = req.url ?? '/'
      // The contract's second region has its own token server; the simulator answers for both regions.
      const prefix = [PREFIXES.api, PREFIXES.authSecondRegion, PREFIXES.auth].find(
        (p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`),
      )
      if (!prefix) return next()
      get()
        .then((s) => {
          req.url = url.slice(prefix.length) || '/'
          req.headers['x-forwarded-prefix'] = prefix
          const app = prefix === PREFIXES.api ? s.api : s.auth
          return getRequestListener(app.fetch, { overrideGlobalObjects: false })(req, res)
        })
        .catch(next)
    })
  }
  return {
    name: 'swath-simulator',
    configureServer(server) {
      mount(server.middlewares, () => server.ssrLoadModule('/simulator/app.ts') as ReturnType<Loader>)
    },
    configurePreviewServer(server: PreviewServer) {
      // The preview server has no module loader of its own; a small one in middleware mode compiles the simulator.
      let loader: Promise<ViteDevServer> | undefined
      mount(server.middlewares, async () => {
        loader ??= createServer({
          configFile: false,
          root: server.config.root,
          server: { middlewareMode: true, hmr: false },
          appType: 'custom',
          logLevel: 'error',
        })
        return (await loader).ssrLoadModule('/simulator/app.ts') as ReturnType<Loader>
      })
    },
  }
}
