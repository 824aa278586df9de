// Runs a TypeScript module's `main(argv)` through Vite's SSR loader, so Node 20 can run the simulator and the
// benchmarks from source with the same transforms as the dev server (including `?raw` imports).
import { createServer } from 'vite'

const [file, ...args] = process.argv.slice(2)
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <module.ts> [args...]')
  process.exit(2)
}
const server = await createServer({
  configFile: false,
  // No WebSocket server: nothing here reloads, and a second loader on the machine found its port taken.
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
})
const mod = await server.ssrLoadModule(file.startsWith('/') ? file : `/${file}`)
// The loader stays open until main's promise settles: a module it compiled may import lazily at any time
// (the simulator reads its land data on a download's first request), and a closed loader fails every such
// import. A long-running entry point (simulator/serve.ts) returns a promise that settles when it is done.
await mod.main(args)
await server.close()
