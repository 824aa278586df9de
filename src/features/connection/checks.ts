import { TOKEN_PATH } from '../../api/session'
import type { RuntimeConfig } from '../../config/runtime-config'

/**
 * The connection checks: can this page reach the configured service and token servers, do they let this site's
 * origin read their answers, and are they what config.json says they are. Pure apart from the injected fetch,
 * so the same code runs in the browser (where CORS applies) and in tests.
 *
 * A browser never says why a cross-origin fetch failed: an unreachable host and a refused origin both reject
 * with a TypeError. A second, `no-cors` request tells them apart: it resolves (with an opaque answer) when the
 * host answered at all, so the first one was refused by CORS; it rejects as well when nothing answered.
 */

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>

/** What one probe found. `answered` is a response this page may read. */
export type Transport =
  | { kind: 'answered'; status: number; contentType: string; body: string }
  | { kind: 'cors-refused' }
  | { kind: 'unreachable' }
  | { kind: 'timeout' }

/** What the token server's answer to a deliberately wrong sign-in says about the console's client id. */
export type TokenVerdict =
  /** `invalid_grant` (wrong user or password): the client id passed, as it is checked first. */
  | { kind: 'client-known' }
  /** `invalid_client`: the token server has no public client by that id. */
  | { kind: 'client-unknown' }
  /** `unauthorized_client`: the client exists but may not use the password grant (or needs a secret). */
  | { kind: 'client-not-allowed'; description: string }
  /** 404 or 405: something answers at that host, but there is no token endpoint under authUrl. */
  | { kind: 'no-endpoint'; status: number }
  | { kind: 'web-page'; status: number }
  | { kind: 'failing'; status: number }
  | { kind: 'unexpected'; status: number; description: string }

/** What the unauthenticated collections list says about apiUrl. */
export type ServiceVerdict =
  /** A Spring page of collections: the service's v2 interface answers. */
  | { kind: 'service'; collections: number }
  | { kind: 'web-page'; status: number }
  | { kind: 'not-found'; status: number }
  | { kind: 'needs-token'; status: number }
  | { kind: 'failing'; status: number }
  | { kind: 'unexpected'; status: number }

export interface Target {
  kind: 'service' | 'token-server'
  /** `service`, or the region's id. */
  id: string
  /** "Service", "Europe token server". */
  label: string
  /** The configured URL, as written in config.json. */
  configured: string
  /** The URL probed, absolute. */
  probeUrl: string
  /** On the console's own origin (behind its reverse proxy): CORS does not apply. */
  sameOrigin: boolean
}

export interface ServiceOutcome {
  target: Target & { kind: 'service' }
  transport: Transport
  /**
   * The same request with an Authorization header, which every request of a signed-in console carries: it
   * makes the browser ask the server first (a preflight), which a server may refuse while it allows plain GETs.
   */
  withToken?: 'answered' | 'refused'
  verdict?: ServiceVerdict
}

export interface TokenOutcome {
  target: Target & { kind: 'token-server' }
  transport: Transport
  verdict?: TokenVerdict
}

export type Outcome = ServiceOutcome | TokenOutcome

/** The public list the service check reads: the contract has no version or health endpoint, and this needs no token. */
export const SERVICE_PROBE_PATH = '/v2/collections?size=1'
/** A user no token server has: `.invalid` is reserved, so the wrong sign-in never locks out a real account. */
export const PROBE_USER = 'connection-check@swath.invalid'
export const DEFAULT_TIMEOUT_MS = 10_000

const absolute = (url: string, origin: string): string => new URL(url, `${origin}/`).toString()

export function targetsOf(config: Pick<RuntimeConfig, 'apiUrl' | 'regions'>, origin: string): Target[] {
  const sameOrigin = (url: string) => new URL(url, `${origin}/`).origin === origin
  return [
    {
      kind: 'service',
      id: 'service',
      label: 'Service',
      configured: config.apiUrl,
      probeUrl: absolute(`${config.apiUrl}${SERVICE_PROBE_PATH}`, origin),
      sameOrigin: sameOrigin(config.apiUrl),
    },
    ...config.regions.map((r): Target => ({
      kind: 'token-server',
      id: r.id,
      label: `${r.label} token server`,
      configured: r.authUrl,
      probeUrl: absolute(`${r.authUrl}${TOKEN_PATH}`, origin),
      sameOrigin: sameOrigin(r.authUrl),
    })),
  ]
}

function withTimeout(signal: AbortSignal | undefined, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms)
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort)
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    },
  }
}

/** One request, and when it fails, the `no-cors` request that says whether anything answered. */
export async function probe(
  fetch: Fetch,
  url: string,
  init: RequestInit,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Transport> {
  const t = withTimeout(opts.signal, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  try {
    const res = await fetch(url, {
      ...init,
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: t.signal,
    })
    const body = (await res.text()).slice(0, 8192)
    return { kind: 'answered', status: res.status, contentType: res.headers.get('content-type') ?? '', body }
  } catch {
    if (opts.signal?.aborted) throw opts.signal.reason
    if (t.signal.aborted) return { kind: 'timeout' }
    try {
      await fetch(url, {
        method: 'GET',
        mode: 'no-cors',
        credentials: 'omit',
        cache: 'no-store',
        signal: t.signal,
      })
      return { kind: 'cors-refused' }
    } catch {
      if (opts.signal?.aborted) throw opts.signal.reason
      return t.signal.aborted ? { kind: 'timeout' } : { kind: 'unreachable' }
    }
  } finally {
    t.done()
  }
}

const isHtml = (contentType: string, body: string) =>
  /text\/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(body)

function json(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** The token server's answer to a password grant for a user that does not exist. */
export function classifyTokenAnswer(status: number, contentType: string, body: string): TokenVerdict {
  const parsed = json(body) as
    { error?: unknown; error_description?: unknown; access_token?: unknown } | undefined
  const error = typeof parsed?.error === 'string' ? parsed.error : undefined
  const description = typeof parsed?.error_description === 'string' ? parsed.error_description : ''
  // Keycloak checks the client before the user, so a user error means the client id passed.
  if (error === 'invalid_grant') return { kind: 'client-known' }
  if (status === 200 && typeof parsed?.access_token === 'string') return { kind: 'client-known' }
  if (error === 'invalid_client') return { kind: 'client-unknown' }
  if (error === 'unauthorized_client') return { kind: 'client-not-allowed', description }
  if (status >= 500) return { kind: 'failing', status }
  if (isHtml(contentType, body))
    return status === 404 ? { kind: 'no-endpoint', status } : { kind: 'web-page', status }
  if (status === 404 || status === 405) return { kind: 'no-endpoint', status }
  return {
    kind: 'unexpected',
    status,
    description: error ? `${error}${description ? `: ${description}` : ''}` : '',
  }
}

/** The service's answer to the public collections list. */
export function classifyServiceAnswer(status: number, contentType: string, body: string): ServiceVerdict {
  if (status >= 500) return { kind: 'failing', status }
  if (isHtml(contentType, body)) return { kind: 'web-page', status }
  if (status === 404) return { kind: 'not-found', status }
  if (status === 401 || status === 403) return { kind: 'needs-token', status }
  const parsed = json(body) as { content?: unknown; totalElements?: unknown } | undefined
  if (status === 200 && Array.isArray(parsed?.content)) {
    const total = typeof parsed.totalElements === 'number' ? parsed.totalElements : parsed.content.length
    return { kind: 'service', collections: total }
  }
  return { kind: 'unexpected', status }
}

export async function checkService(
  fetch: Fetch,
  target: Target & { kind: 'service' },
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ServiceOutcome> {
  const transport = await probe(fetch, target.probeUrl, { method: 'GET' }, opts)
  if (transport.kind !== 'answered') return { target, transport }
  const verdict = classifyServiceAnswer(transport.status, transport.contentType, transport.body)
  const withToken = await probe(
    fetch,
    target.probeUrl,
    // Not a token: a word any server refuses. The public list answers with or without one.
    { method: 'GET', headers: { authorization: 'Bearer connection-check' } },
    opts,
  )
  return { target, transport, verdict, withToken: withToken.kind === 'answered' ? 'answered' : 'refused' }
}

export async function checkTokenServer(
  fetch: Fetch,
  target: Target & { kind: 'token-server' },
  clientId: string,
  opts: { signal?: AbortSignal; timeoutMs?: number; password?: string } = {},
): Promise<TokenOutcome> {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: clientId,
    username: PROBE_USER,
    // Random, so the request can never succeed by chance.
    password: opts.password ?? `no-${crypto.randomUUID()}`,
  }).toString()
  const transport = await probe(
    fetch,
    target.probeUrl,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
    opts,
  )
  if (transport.kind !== 'answered') return { target, transport }
  return {
    target,
    transport,
    verdict: classifyTokenAnswer(transport.status, transport.contentType, transport.body),
  }
}

/** Every target of the configuration, checked side by side. */
export async function runConnectionChecks(input: {
  config: Pick<RuntimeConfig, 'apiUrl' | 'clientId' | 'regions'>
  origin: string
  fetch: Fetch
  /** Only these token servers (the sign-in page checks the region picked); all when left out. */
  regionIds?: string[]
  signal?: AbortSignal
  timeoutMs?: number
}): Promise<Outcome[]> {
  const opts = { signal: input.signal, timeoutMs: input.timeoutMs }
  const targets = targetsOf(input.config, input.origin).filter(
    (t) => t.kind === 'service' || !input.regionIds || input.regionIds.includes(t.id),
  )
  return Promise.all(
    targets.map((t) =>
      t.kind === 'service'
        ? checkService(input.fetch, t as Target & { kind: 'service' }, opts)
        : checkTokenServer(input.fetch, t as Target & { kind: 'token-server' }, input.config.clientId, opts),
    ),
  )
}
