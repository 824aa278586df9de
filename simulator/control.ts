import { Hono, type MiddlewareHandler } from 'hono'
import { findEulaByIdOrTitle, publishEulaDocument } from './domain/eulas/documents'
import { createRng } from './domain/world/random'
import { readBody } from './http/body'
import { json, problem } from './http/errors'
import type { SimRuntime } from './http/runtime'
import type { SeedSize } from './domain/world/world'

/**
 * The control plane under /__sim/ on the API port: tests and demos reset the world, move the clock, switch
 * budget enforcement, inject faults and read the request log. Never part of the console's bundle.
 */

export interface Fault {
  path: string
  method?: string
  status?: 500 | 503 | 542
  latencyMs?: number
  /** Share of matching requests that fail, 0..1; default 1. */
  rate?: number
  /**
   * The request reaches its route and takes effect; only its answer is replaced by the fault, as when a
   * response is lost on the way back (clients must not repeat a write blindly after such a failure), or,
   * with `latencyMs` and no status, only its answer is slow: the client waits for a result the service
   * already holds (a refresh grant whose rotation is done while the answer is on its way).
   */
  after?: boolean
  /** How many matching requests fail; the fault is spent afterwards. Default: no limit. */
  times?: number
}

export interface LoggedRequest {
  at: string
  method: string
  path: string
  query: string
  status: number
  faulted: boolean
  /** Whether the request carried an Authorization header (journeys check signed links are fetched without). */
  authorized: boolean
}

export interface ControlState {
  faults: Fault[]
  log: LoggedRequest[]
}

const LOG_LIMIT = 2000

export function globToRegExp(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        re += '.*'
        i++
      } else re += '[^/]*'
    } else if (ch === '?') re += '[^/]'
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

export function parseFaults(body: unknown): Fault[] | string {
  const list = Array.isArray(body) ? body : (body as { faults?: unknown } | null)?.faults
  if (!Array.isArray(list))
    return 'Send a JSON list of faults, e.g. [{"path": "/catalog/**", "status": 542}]; [] clears them.'
  const out: Fault[] = []
  for (const [i, f] of list.entries()) {
    if (typeof f !== 'object' || f === null) return `fault ${i} is not an object`
    const { path, method, status, latencyMs, rate, after, times } = f as Record<string, unknown>
    if (typeof path !== 'string' || path === '') return `fault ${i}: path (a glob) is required`
    if (method !== undefined && typeof method !== 'string') return `fault ${i}: method must be a string`
    if (status !== undefined && status !== 500 && status !== 503 && status !== 542)
      return `fault ${i}: status must be 500, 503 or 542`
    if (latencyMs !== undefined && (typeof latencyMs !== 'number' || latencyMs < 0 || latencyMs > 60_000))
      return `fault ${i}: latencyMs must be 0..60000`
    if (rate !== undefined && (typeof rate !== 'number' || rate < 0 || rate > 1))
      return `fault ${i}: rate must be 0..1`
    if (after !== undefined && typeof after !== 'boolean') return `fault ${i}: after must be a boolean`
    if (after && status === undefined && latencyMs === undefined)
      return `fault ${i}: after needs a status or a latencyMs`
    if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1))
      return `fault ${i}: times must be a whole number from 1`
    if (status === undefined && latencyMs === undefined)
      return `fault ${i}: give a status, a latencyMs or both`
    out.push({
      path,
      method: method?.toUpperCase(),
      status,
      latencyMs,
      rate,
      ...(after ? { after } : {}),
      ...(times !== undefined ? { times } : {}),
    })
  }
  return out
}

/** Logs every API request and applies the injected faults before the request reaches its route. */
export function faultAndLogMiddleware(sim: SimRuntime, state: ControlState): MiddlewareHandler {
  const rng = createRng('faults')
  return async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/__sim/')) return next()
    const entry: LoggedRequest = {
      at: new Date(sim.clock.now()).toISOString(),
      method: c.req.method,
      path,
      query: new URL(c.req.url).search,
      status: 0,
      faulted: false,
      authorized: c.req.header('authorization') !== undefined,
    }
    state.log.push(entry)
    if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT)
    let lost: Fault | undefined
    // HEAD is GET without the body: a fault on GET fails it too.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    for (const f of state.faults) {
      if (f.method && f.method !== method) continue
      if (!globToRegExp(f.path).test(path)) continue
      if (f.times !== undefined && f.times <= 0) continue
      if (f.rate !== undefined && rng.next() >= f.rate) continue
      if (f.times !== undefined) f.times--
      if (f.after) {
        lost = f
        break
      }
      if (f.latencyMs) await new Promise((r) => setTimeout(r, f.latencyMs))
      if (f.status) {
        entry.faulted = true
        entry.status = f.status
        return faultResponse(f.status, path)
      }
    }
    await next()
    entry.status = c.res.status
    // The request has taken effect (and the log says how); its answer is slow or lost on the way back.
    if (lost?.latencyMs) await new Promise((r) => setTimeout(r, lost.latencyMs))
    if (lost?.status) {
      entry.faulted = true
      entry.status = lost.status
      c.res = faultResponse(lost.status, path)
    }
  }
}

function faultResponse(status: 500 | 503 | 542, path: string): Response {
  if (status === 542) {
    const host = /^\/catalog\/(?:hosts\/)?([^/]+)/.exec(path)?.[1] ?? 'unknown'
    return json(542, {
      data: {},
      error: {
        code: 542,
        message: `Data host ${host} did not answer. Try again.`,
        details: 'injected fault',
      },
    })
  }
  const title = status === 503 ? 'Service Unavailable' : 'Internal Server Error'
  return json(
    status,
    {
      type: 'about:blank',
      status,
      title,
      detail: 'Injected by the simulator control plane.',
      instance: path,
    },
    'application/problem+json',
  )
}

/**
 * Keeps web pages away from the control plane. Embedded in `npm start` and `vite preview`, it shares its
 * origin with the console, and a cross-site form or `fetch(…, {mode: 'no-cors'})` with a text/plain body needs
 * no preflight: any page could reset the demo or move its clock. So a request from another origin (an
 * `Origin` header that is not this server's, or `Sec-Fetch-Site` other than same-origin or none) is a 403,
 * and a write is a 415 unless its body is JSON sent as `application/json` (or it has no body at all, as a
 * reset). Tests, the bench, the e2e fixtures and curl send no `Origin` and keep working.
 */
export function controlGuard(): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw
    const instance = c.req.path
    const site = req.headers.get('sec-fetch-site')
    const origin = req.headers.get('origin')
    const own = new URL(req.url).origin
    const foreignSite = site !== null && site !== 'same-origin' && site !== 'none'
    // The console's pages send Referrer-Policy: no-referrer, under which the Fetch standard has a same-origin
    // POST carry `Origin: null` (Chromium sends the origin itself); Sec-Fetch-Site, which no page can set,
    // then vouches for it.
    const foreignOrigin = origin !== null && origin !== own && !(origin === 'null' && site === 'same-origin')
    if (foreignSite || foreignOrigin) {
      return problem({
        status: 403,
        slug: 'control-plane-cross-origin',
        title: 'Forbidden',
        detail: `The simulator's control plane answers only its own origin (${own}) and callers outside a browser; this request came from ${origin ?? `elsewhere (Sec-Fetch-Site: ${site})`}.`,
        instance,
      })
    }
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
      const type = req.headers.get('content-type')
      const media = type?.split(';')[0].trim().toLowerCase()
      if (type === null ? await hasBody(req) : media !== 'application/json') {
        return problem({
          status: 415,
          slug: 'control-plane-media-type',
          title: 'Unsupported Media Type',
          detail: `A control request's body must be JSON sent as application/json${type === null ? '' : `, not ${type.slice(0, 80)}`}.`,
          instance,
        })
      }
    }
    return next()
  }
}

/** Whether a request without a Content-Type still carries bytes (a fetch of an untyped Blob does). */
async function hasBody(req: Request): Promise<boolean> {
  if (req.body === null) return false
  const length = req.headers.get('content-length')
  if (length !== null) return Number(length) !== 0
  return (await req.clone().arrayBuffer()).byteLength > 0
}

export function createControlPlane(
  sim: SimRuntime,
  state: ControlState,
  reset: (seed?: SeedSize) => void,
): Hono {
  const app = new Hono()
  app.use('/__sim/*', controlGuard())
  /**
   * A control request's JSON body, read with the API's limits (size, nesting depth). Text that is not JSON
   * reads as undefined, so each route says what it expects; a body past a limit is answered here.
   */
  const readJson = async (req: Request): Promise<unknown> => {
    const r = await readBody<unknown>(req)
    if (r.ok) return r.value
    if (r.kind === 'too-large' || r.kind === 'too-deep')
      return json(r.kind === 'too-large' ? 413 : 400, { error: r.message })
    return undefined
  }
  // `{"seed": "large"}` builds the large world (a journey can switch); no body, the seed the simulator started with.
  app.post('/__sim/reset', async (c) => {
    const read = (await hasBody(c.req.raw)) ? await readJson(c.req.raw) : {}
    if (read instanceof Response) return read
    const seed = (read as { seed?: unknown } | undefined)?.seed
    if (seed !== undefined && seed !== 'default' && seed !== 'large')
      return c.json({ error: 'Send no body, or {"seed": "default"|"large"}.' }, 400)
    reset(seed)
    return c.json({ ok: true, now: new Date(sim.clock.now()).toISOString() })
  })
  app.get('/__sim/clock', (c) => c.json({ now: new Date(sim.clock.now()).toISOString() }))
  app.post('/__sim/clock', async (c) => {
    const read = await readJson(c.req.raw)
    if (read instanceof Response) return read
    const body = read as { advanceSeconds?: unknown } | undefined
    const s = body?.advanceSeconds
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 10 * 365 * 86_400) {
      return c.json(
        { error: 'Send {"advanceSeconds": n} with n a number of seconds from 0 to ten years.' },
        400,
      )
    }
    sim.clock.advance(s)
    sim.world.settle()
    return c.json({ now: new Date(sim.clock.now()).toISOString() })
  })
  app.put('/__sim/settings', async (c) => {
    const read = await readJson(c.req.raw)
    if (read instanceof Response) return read
    const body = read as { budgetEnforcement?: unknown } | undefined
    if (typeof body?.budgetEnforcement !== 'boolean')
      return c.json({ error: 'Send {"budgetEnforcement": true|false}.' }, 400)
    for (const a of sim.world.accounts.values()) {
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = body.budgetEnforcement
    }
    return c.json({ budgetEnforcement: body.budgetEnforcement })
  })
  // A provider publishes a new version of a EULA: `{"eula": "<id or exact title>"}`.
  app.post('/__sim/eulas/publish', async (c) => {
    const read = await readJson(c.req.raw)
    if (read instanceof Response) return read
    const body = read as { eula?: unknown } | undefined
    if (typeof body?.eula !== 'string' || body.eula.trim() === '')
      return c.json({ error: 'Send {"eula": "<EULA id or exact title>"}.' }, 400)
    const eula = findEulaByIdOrTitle(sim.world, body.eula)
    if (!eula) return c.json({ error: `No EULA ${body.eula} exists.` }, 404)
    const doc = publishEulaDocument(sim.world, eula)
    return c.json({
      eulaId: eula.id,
      documentId: doc.id,
      version: doc.version,
      validFrom: new Date(doc.validFrom).toISOString(),
    })
  })
  // The next `count` archive orders placed fail their first placement attempt (retried ten minutes later, as a
  // random failure is): the same lifecycle the contract describes, only no longer left to the order's id.
  app.post('/__sim/orders/placement-failures', async (c) => {
    const read = await readJson(c.req.raw)
    if (read instanceof Response) return read
    const count = (read as { count?: unknown } | undefined)?.count
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 1000)
      return c.json({ error: 'Send {"count": n} with n a whole number from 0 to 1000; 0 clears it.' }, 400)
    sim.world.placementFailuresAhead = count
    return c.json({ count })
  })
  app.get('/__sim/faults', (c) => c.json(state.faults))
  app.put('/__sim/faults', async (c) => {
    const read = await readJson(c.req.raw)
    if (read instanceof Response) return read
    const parsed = parseFaults(read)
    if (typeof parsed === 'string') return c.json({ error: parsed }, 400)
    state.faults = parsed
    return c.json(state.faults)
  })
  app.get('/__sim/requests', (c) => c.json(state.log))
  app.delete('/__sim/requests', (c) => {
    state.log.length = 0
    return c.body(null, 204)
  })
  return app
}
