import { Hono } from 'hono'
import { manualClock, realClock, type Clock } from './domain/world/clock'
import { buildWorld, seededWorld } from './domain/seed/world'
import type { SeedSize } from './domain/world/world'
import { createControlPlane, faultAndLogMiddleware, type ControlState } from './control'
import { authMiddleware } from './http/auth'
import { basicError, DEFAULT_DOCS_URL, HttpError, problem, setDocsUrl } from './http/errors'
import type { Api, ApiEnv, SimRuntime } from './http/runtime'
import { registerBudgets } from './routes/budgets'
import { registerCatalog } from './routes/catalog'
import { registerDecommissioned } from './routes/decommissioned'
import { registerEulas } from './routes/eulas'
import { registerGeometries } from './routes/geometries'
import { registerGlossary } from './routes/glossary'
import { registerOrders } from './routes/orders'
import { registerProcessing } from './routes/processing'
import { registerStac } from './routes/stac'
import { registerTasking } from './routes/tasking'
import { createTokenServer, DEFAULT_CLIENT_IDS, TOKEN_PATH, USERINFO_PATH } from './routes/token'

export interface SimulatorOptions {
  seed?: SeedSize
  /** 'manual' (tests: starts at a fixed instant, moves only when told), 'real' (wall clock plus offset), or a Clock. */
  clock?: 'manual' | 'real' | Clock
  docsUrl?: string
  secret?: string
  /** Client ids the token server accepts; by default DEFAULT_CLIENT_IDS. */
  clientIds?: readonly string[]
  /**
   * The hosts a proxy in front serves the simulator under (`X-Forwarded-Host`, e.g. nginx's `$http_host`);
   * by default none, and links use the address each request reached.
   */
  proxyHosts?: readonly string[]
}

export interface Simulator {
  /** The service API (contract paths plus /__sim/). Never listens: serve.ts or a test drives it. */
  api: Hono<ApiEnv>
  /** The token server, a separate app as in the contract. */
  auth: Hono
  runtime: SimRuntime
  control: ControlState
  reset(): void
}

/** Area route modules, each one file per area of the contract. */
const AREAS: ((api: Api, sim: SimRuntime) => void)[] = [
  registerGlossary,
  registerCatalog,
  registerOrders,
  registerTasking,
  registerGeometries,
  registerEulas,
  registerBudgets,
  registerProcessing,
  registerStac,
]

export function createSimulator(opts: SimulatorOptions = {}): Simulator {
  const clock =
    opts.clock === 'real' ? realClock() : typeof opts.clock === 'object' ? opts.clock : manualClock()
  const seed = opts.seed ?? 'default'
  // A manual clock stands still until told, so the seeded world can be a copy of one built before (tests
  // build a simulator per test); other clocks move on their own and get a world built for them.
  const build = opts.clock === undefined || opts.clock === 'manual' ? seededWorld : buildWorld
  const docsUrl = opts.docsUrl ?? DEFAULT_DOCS_URL
  setDocsUrl(docsUrl)
  const runtime: SimRuntime = {
    world: build(clock, seed),
    clock,
    secret: opts.secret ?? 'swath-simulator-signing-key',
    docsUrl,
    clientIds: opts.clientIds ?? DEFAULT_CLIENT_IDS,
    proxyHosts: (opts.proxyHosts ?? []).map((h) => h.toLowerCase()),
  }
  const control: ControlState = { faults: [], log: [] }
  /** Builds the world again: of the size asked for, or of the size the simulator was started with. */
  const reset = (size: SeedSize = seed) => {
    clock.rewind?.()
    runtime.world = build(clock, size)
    control.faults = []
    control.log.length = 0
  }

  const api = new Hono<ApiEnv>()
  api.route('/', createControlPlane(runtime, control, reset))
  api.use('*', faultAndLogMiddleware(runtime, control))
  api.use('*', async (_c, next) => {
    runtime.world.settle()
    await next()
  })
  api.use('*', authMiddleware(runtime))
  for (const path of [TOKEN_PATH, USERINFO_PATH])
    api.all(path, () =>
      basicError(404, 'Token and userinfo requests go to the token server, not to the service API.', {
        tokenServerPath: path,
      }),
    )
  for (const area of AREAS) area(api, runtime)
  // After the areas: `/v2/assets/:id` must not shadow `/v2/assets/stac`.
  registerDecommissioned(api)

  api.notFound((c) =>
    problem({
      status: 404,
      slug: 'not-found',
      title: 'Not Found',
      detail: `No endpoint ${c.req.method} ${c.req.path} in this service.`,
      instance: c.req.path,
    }),
  )
  api.onError((err, c) => {
    if (err instanceof HttpError) return err.response
    console.error('[simulator]', err)
    return problem({
      status: 500,
      slug: 'internal-error',
      title: 'Internal Server Error',
      detail: 'The simulator failed unexpectedly; this is a bug.',
      instance: c.req.path,
    })
  })

  // The token server answers under the same faults and in the same log (paths as it sees them, e.g.
  // `/realms/public/protocol/openid-connect/token`): journeys slow or fail token grants as any request.
  const auth = createTokenServer(runtime, faultAndLogMiddleware(runtime, control))

  return { api, auth, runtime, control, reset }
}
