import { createSimulator, type Simulator, type SimulatorOptions } from '../app'
import { DEMO_PASSWORD } from '../domain/world/ids'
import { TOKEN_PATH, USERINFO_PATH } from '../routes/token'
import { contractProblems } from './contract-check'

/** In-process access to a simulator for tests and benchmarks: no ports, a manual clock, contract checks. */

export interface CallOptions {
  token?: string
  body?: unknown
  /** Sent as is (a string) instead of JSON-encoding `body`. */
  rawBody?: string | Uint8Array
  contentType?: string
  headers?: Record<string, string>
  /** Skip the contract check (for requests that are meant to be outside the contract). */
  unchecked?: boolean
}

export interface CallResult<T = unknown> {
  status: number
  headers: Headers
  body: T
  bytes?: Uint8Array
}

export class TestSim {
  readonly sim: Simulator
  private tokens = new Map<string, string>()

  constructor(opts: SimulatorOptions = {}) {
    this.sim = createSimulator({ clock: 'manual', ...opts })
  }

  get world() {
    return this.sim.runtime.world
  }

  advance(seconds: number): void {
    this.sim.runtime.clock.advance(seconds)
    this.world.settle()
  }

  /** Calls the API and fails when the response breaks the contract. */
  async call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body: BodyInit | undefined
    if (opts.rawBody !== undefined) {
      body = opts.rawBody as BodyInit
      if (opts.contentType) headers['content-type'] = opts.contentType
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] = opts.contentType ?? 'application/json'
    }
    const res = await this.sim.api.request(`http://sim.test${path}`, { method, headers, body })
    const result = await readResult<T>(res)
    if (opts.unchecked || path.startsWith('/__sim/')) return result
    return checked(method, path.split('?')[0], res, result)
  }

  /** Calls the token server; the answer is checked against the contract like the API's. */
  async token(
    form: Record<string, string> | string,
    contentType = 'application/x-www-form-urlencoded',
  ): Promise<CallResult> {
    const res = await this.sim.auth.request(`http://auth.sim.test${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    })
    return checked('POST', TOKEN_PATH, res, await readResult(res))
  }

  /** Calls the token server's OIDC userinfo with a bearer token (none when omitted). */
  async userinfo<T = unknown>(token?: string, method: 'GET' | 'POST' = 'GET'): Promise<CallResult<T>> {
    const res = await this.sim.auth.request(`http://auth.sim.test${USERINFO_PATH}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    return checked(method, USERINFO_PATH, res, await readResult<T>(res))
  }

  /** A valid access token for a seeded user (cached until the clock moves past it). */
  async login(email = 'analyst@swath.test'): Promise<string> {
    const r = await this.token({
      grant_type: 'password',
      username: email,
      password: DEMO_PASSWORD,
      client_id: 'service-api',
    })
    if (r.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(r.body)}`)
    const t = (r.body as { access_token: string }).access_token
    this.tokens.set(email, t)
    return t
  }
}

/** Fails when a response breaks the contract; otherwise hands it back. */
function checked<T>(method: string, pathname: string, res: Response, result: CallResult<T>): CallResult<T> {
  const problems = contractProblems(
    method,
    pathname,
    res.status,
    res.headers.get('content-type') ?? '',
    result.body,
  )
  if (problems.length > 0)
    throw new Error(
      `Response breaks the contract:\n${problems.join('\n')}\nbody: ${JSON.stringify(result.body).slice(0, 800)}`,
    )
  return result
}

async function readResult<T>(res: Response): Promise<CallResult<T>> {
  const type = res.headers.get('content-type') ?? ''
  if (
    type.startsWith('image/') ||
    type.startsWith('application/octet-stream') ||
    type.startsWith('application/zip')
  ) {
    const bytes = new Uint8Array(await res.arrayBuffer())
    return { status: res.status, headers: res.headers, body: undefined as T, bytes }
  }
  const text = await res.text()
  let body: unknown = text
  if (text && (type.includes('json') || type === '')) {
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  }
  return { status: res.status, headers: res.headers, body: (text === '' ? undefined : body) as T }
}
