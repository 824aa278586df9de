// `npm start` and `npm run dev` run this first: the dev server's dependency pre-bundle (React, Mantine,
// MapLibre, turf, the charts… into node_modules/.vite), done before the server prints its URL instead of
// during a newcomer's first page. Once per install: afterwards the cache is valid and this takes a moment.
// `--force` rebuilds it (the bench's fresh start).
import { createLogger, optimizeDeps, resolveConfig } from 'vite'

const force = process.argv.includes('--force')
const logger = createLogger('info')
const warn = logger.warn.bind(logger)
// Vite calls its own pre-bundle "done automatically": it is, during the first page visit; here it is asked
// for ahead of that on purpose.
logger.warn = (msg, options) => {
  if (!msg.includes('optimizeDeps is deprecated')) warn(msg, options)
}
const config = await resolveConfig({ customLogger: logger }, 'serve', 'development')
const started = Date.now()
const metadata = await optimizeDeps(config, force)
const seconds = ((Date.now() - started) / 1000).toFixed(1)
const count = Object.keys(metadata.optimized).length
if (Date.now() - started > 1500 || force)
  console.log(`Dependencies pre-bundled for the dev server: ${count} in ${seconds} s (once per install).`)
