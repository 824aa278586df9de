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
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
})
const mod = await server.ssrLoadModule(file.startsWith('/') ? file : `/${file}`)
// Servers the module opens keep the process alive after the loader closes.
await mod.main(args)
await server.close()
