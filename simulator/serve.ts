import { serve } from '@hono/node-server'
import { createSimulator } from './app'
import type { SeedSize } from './domain/world/world'

/** The only file that opens ports: `npm run simulator` runs the API and the token server standalone. */

export interface ServeOptions {
  apiPort: number
  authPort: number
  host: string
  seed: SeedSize
  /** Client ids the token server accepts; undefined = the simulator's defaults. */
  clientIds?: string[]
  /** Hosts a proxy in front serves the simulator under (`X-Forwarded-Host` believed only for these). */
  proxyHosts?: string[]
}

export function parseArgs(argv: string[]): ServeOptions {
  const opts: ServeOptions = { apiPort: 4010, authPort: 4011, host: '127.0.0.1', seed: 'default' }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=')
    const value = () => inline ?? argv[++i]
    if (flag === '--api-port') opts.apiPort = Number(value())
    else if (flag === '--auth-port') opts.authPort = Number(value())
    else if (flag === '--host') opts.host = value()
    else if (flag === '--seed') opts.seed = value() === 'large' ? 'large' : 'default'
    else if (flag === '--client-ids')
      opts.clientIds = value()
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    else if (flag === '--proxy-hosts')
      opts.proxyHosts = value()
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    else if (flag === '--help') {
      console.log(
        'npm run simulator -- [--api-port 4010] [--auth-port 4011] [--host 127.0.0.1] [--seed default|large] [--client-ids service-api,up42-api,up42-sdk] [--proxy-hosts console.example:443]',
      )
      process.exit(0)
    } else throw new Error(`unknown option ${argv[i]}`)
  }
  return opts
}

/** Lets a console on another origin call the standalone simulator. */
function withCors(fetch: (req: Request) => Response | Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const origin = req.headers.get('origin') ?? '*'
    const headers = {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers':
        req.headers.get('access-control-request-headers') ?? 'authorization, content-type',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-expose-headers': 'location',
      vary: 'origin',
    }
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers })
    const res = await fetch(req)
    const out = new Response(res.body, res)
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v)
    return out
  }
}

/**
 * Serves until both servers have closed (the process is stopped). The promise is what keeps the module loader
 * of scripts/run-ts.mjs open: the simulator loads modules and data lazily (the land cells of domain/imagery/
 * on a GeoTIFF's first download), and a loader closed once the servers had started failed every one of them.
 */
export function main(argv: string[]): Promise<void> {
  const opts = parseArgs(argv)
  const sim = createSimulator({
    clock: 'real',
    seed: opts.seed,
    clientIds: opts.clientIds,
    proxyHosts: opts.proxyHosts,
  })
  const servers = [
    serve({ fetch: withCors(sim.api.fetch), port: opts.apiPort, hostname: opts.host }),
    serve({ fetch: withCors(sim.auth.fetch), port: opts.authPort, hostname: opts.host }),
  ]
  console.log(`Swath simulator (${opts.seed} seed)`)
  console.log(`  API          http://${opts.host}:${opts.apiPort}`)
  console.log(
    `  token server http://${opts.host}:${opts.authPort}/realms/public/protocol/openid-connect/token`,
  )
  console.log(`  client ids   ${sim.runtime.clientIds.join(', ')}`)
  console.log(`  control      http://${opts.host}:${opts.apiPort}/__sim/`)
  return Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.once('close', () => resolve()))),
  ).then(() => undefined)
}
