import { createSimulator, type Simulator } from '../../simulator/app'

import { createApiClient, type ApiClient, type RetryPolicy } from '../api/client'
import type { LinkFetch } from '../api/links'
import { localLock, Session, type LockFn } from '../api/session'
import type { GrantRelay } from '../api/session-worker-client'
import type { RuntimeConfig } from '../config/runtime-config'

/**
 * The console's real client and session over an in-process simulator: component and session tests go
 * through every middleware and the token server, with no ports and a manual simulator clock.
 */
export const TEST_ORIGIN = 'http://swath.test'
export const DEMO_PASSWORD = 'swath-demo'

export const testConfig: RuntimeConfig = {
  apiUrl: `${TEST_ORIGIN}/api`,
  clientId: 'service-api',
  docsUrl: 'https://docs.swath.test',
  regions: [
    { id: 'eu', label: 'Europe', authUrl: `${TEST_ORIGIN}/auth` },
    { id: 'sa', label: 'South America', authUrl: `${TEST_ORIGIN}/auth-sa` },
  ],
  basemaps: [],
  notifyIntervalSeconds: 60,
}

export interface SimBackend {
  sim: Simulator
  /** fetch that routes /api to the service app and /auth to the token server, as the dev server does. */
  fetch: typeof fetch
  /** Requests seen, in order (method and path below the prefix). */
  log: { method: string; path: string; status: number; auth: string | null; query: string; body?: unknown }[]
  /** Moves the simulator's clock (not the console's). */
  advance(seconds: number): void
  /**
   * Holds back the answers to requests whose path (below /api or /auth) starts with `path` until the returned
   * function is called: a test sees a loading state for as long as it looks, where a latency fault of a
   * few hundred ms may be over before a busy machine gets round to looking.
   */
  hold(path: string): () => void
}

/** `seed: 'large'` is the world of SWATH_SEED=large (10,000 orders, 1,000 jobs): seeding it takes seconds. */
export function createSimBackend(opts: { seed?: 'default' | 'large' } = {}): SimBackend {
  // The console's origin is the host the proxy (below) forwards, as nginx or the dev server would.
  const sim = createSimulator({
    clock: 'manual',
    seed: opts.seed,
    proxyHosts: [new URL(TEST_ORIGIN).host],
  })
  const log: SimBackend['log'] = []
  const holds: { path: string; released: Promise<void> }[] = []
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init)
    const url = new URL(req.url)
    const prefix = ['/api', '/auth'].find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))
    if (url.origin !== TEST_ORIGIN || !prefix) {
      // Unknown hosts fail like an unreachable server does, loudly in the log.
      log.push({ method: req.method, path: url.pathname, status: 0, auth: null, query: url.search })
      throw new TypeError(`fetch failed: ${req.url} is not served by the test backend`)
    }
    const path = url.pathname.slice(prefix.length) || '/'
    for (const h of holds) if (path.startsWith(h.path)) await h.released
    const app = prefix === '/api' ? sim.api : sim.auth
    const bytes = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer()
    // As the dev server's proxy does: links the service builds (EULA documents) point back at this origin.
    const headers = new Headers(req.headers)
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''))
    headers.set('x-forwarded-host', url.host)
    headers.set('x-forwarded-prefix', prefix)
    const res = await app.request(`http://sim.test${path}${url.search}`, {
      method: req.method,
      headers,
      body: bytes,
      signal: req.signal,
    })
    log.push({
      method: req.method,
      path,
      status: res.status,
      auth: req.headers.get('authorization'),
      query: url.search,
      body: jsonOf(bytes, req.headers.get('content-type')),
    })
    return res
  }
  return {
    sim,
    fetch: fetchImpl,
    log,
    advance: (seconds) => {
      sim.runtime.clock.advance(seconds)
      sim.runtime.world.settle()
    },
    hold: (path) => {
      let release = () => {}
      const hold = { path, released: new Promise<void>((resolve) => (release = resolve)) }
      holds.push(hold)
      return () => {
        holds.splice(holds.indexOf(hold), 1)
        release()
      }
    },
  }
}

/** A request's JSON body as sent, for tests to check what the console asked for. */
function jsonOf(bytes: ArrayBuffer | undefined, type: string | null): unknown {
  if (!bytes || !type?.includes('json')) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown
  } catch {
    return undefined
  }
}

export interface TestConsole {
  backend: SimBackend
  session: Session
  client: ApiClient
  config: RuntimeConfig
  fetchLink: LinkFetch
}

/** A session and client over `backend`; several consoles over one backend behave like several tabs. */
export function createTestConsole(
  backend: SimBackend = createSimBackend(),
  opts: {
    storage?: Storage | null
    channel?: string | null
    lock?: LockFn
    retry?: RetryPolicy
    /** The session worker, when the test gives one. */
    relay?: GrantRelay | null
  } = {},
): TestConsole {
  const session = new Session({
    regions: testConfig.regions,
    clientId: testConfig.clientId,
    fetch: backend.fetch,
    storage: opts.storage ?? null,
    channel: opts.channel ?? null,
    lock: opts.lock ?? localLock(),
    relay: opts.relay ?? null,
  })
  const client = createApiClient({
    baseUrl: testConfig.apiUrl,
    session,
    fetch: backend.fetch,
    retry: opts.retry ?? { retries: 2, baseDelayMs: 1 },
  })
  return {
    backend,
    session,
    client,
    config: testConfig,
    fetchLink: (url, init) => backend.fetch(url, { signal: init?.signal, headers: init?.headers }),
  }
}

export async function signedInConsole(
  email = 'analyst@swath.test',
  backend?: SimBackend,
): Promise<TestConsole> {
  const c = createTestConsole(backend)
  await c.session.signIn({ regionId: 'eu', email, password: DEMO_PASSWORD })
  return c
}

/** Every account has accepted every document of every licence: tests about something else start from here. */
export function acceptEveryLicence(c: TestConsole): void {
  const world = c.backend.sim.runtime.world
  for (const account of world.accounts.values())
    for (const eula of world.eulas.values())
      for (const doc of eula.documents)
        world.acceptances.set(`${account.id}:${doc.id}`, { acceptedAt: world.now(), acceptedById: 'test' })
}
