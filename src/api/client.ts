import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { apiErrorFromResponse, isAbortError, isApiError, networkError } from './errors'
import type { paths } from './schema'
import type { Session } from './session'

/** The one typed client of the service API. Components never call fetch; they use queries built on this. */
export type ApiClient = Client<paths>

export interface RetryPolicy {
  /** Retries after the first try. */
  retries: number
  /** First delay; each later one is three times longer, with up to 25% jitter. */
  baseDelayMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 300 }
/** Answers worth trying again for a read: the service or its data host may be back a moment later. */
export const RETRYABLE = new Set([500, 502, 503, 504, 542])

export interface ApiClientOptions {
  baseUrl: string
  /** Tokens for the bearer header; without a session requests go out anonymous (public endpoints). */
  session?: Session
  fetch?: typeof fetch
  retry?: RetryPolicy
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const fetchImpl = opts.fetch ?? ((input: Request) => globalThis.fetch(input))
  const client = createClient<paths>({ baseUrl: opts.baseUrl, fetch: fetchImpl })
  // onRequest runs in this order, onResponse and onError in reverse: retries and the 401 replay settle the
  // answer first, and only the final answer is turned into an ApiError.
  client.use(errorMiddleware())
  if (opts.session) client.use(authMiddleware(opts.session))
  client.use(retryMiddleware(opts.retry ?? DEFAULT_RETRY))
  return client
}

/** The data of a successful call (the error middleware has already thrown for any other). */
export async function ok<R extends { data?: unknown }>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data } = await call
  return data as NonNullable<R['data']>
}

const bearerOf = (r: Request): string | null => {
  const h = r.headers.get('authorization')
  return h?.startsWith('Bearer ') ? h.slice(7) : null
}

/** Bearer header on every request of a signed-in session; after a 401, one shared refresh and one replay. */
export function authMiddleware(session: Session): Middleware {
  // A copy of each request as sent, for the replay: the original's body is used up by then.
  const sent = new WeakMap<Request, Request>()
  return {
    async onRequest({ request }) {
      if (session.getSnapshot().status === 'signed-out') return undefined
      const token = await session.accessToken()
      request.headers.set('authorization', `Bearer ${token}`)
      sent.set(request, request.clone())
      return request
    },
    async onResponse({ request, response, options }) {
      if (response.status !== 401) return undefined
      const used = bearerOf(request)
      const copy = sent.get(request)
      if (!used || !copy) return undefined
      // A 401 means the service did not act on the request, so replaying a write is safe too.
      const token = await session.renew(used)
      const replay = copy.clone()
      replay.headers.set('authorization', `Bearer ${token}`)
      return options.fetch(replay)
    },
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(t)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', stop, { once: true })
  })
}

/** The pause before retry `attempt` (0-based): three times longer each time, with up to 25% jitter. */
export const retryDelay = (policy: RetryPolicy, attempt: number) =>
  policy.baseDelayMs * 3 ** attempt * (1 + Math.random() * 0.25)

/** Idempotent reads retry with backoff on network errors and 5xx/542; writes never retry by themselves. */
export function retryMiddleware(policy: RetryPolicy): Middleware {
  const sent = new WeakMap<Request, Request>()
  const idempotent = (r: Request) => r.method === 'GET' || r.method === 'HEAD'
  const delay = (attempt: number) => retryDelay(policy, attempt)

  async function again(request: Request, fetchImpl: typeof fetch, first: number): Promise<Response | Error> {
    const copy = sent.get(request)
    if (!copy) return new Error('nothing to retry')
    let last: Response | Error = new Error('not tried')
    for (let attempt = first; attempt < policy.retries; attempt++) {
      await sleep(delay(attempt), request.signal)
      try {
        last = await fetchImpl(copy.clone())
        if (!RETRYABLE.has(last.status)) return last
      } catch (e) {
        if (isAbortError(e)) throw e
        last = e instanceof Error ? e : new Error(String(e))
      }
    }
    return last
  }

  return {
    onRequest({ request }) {
      if (idempotent(request) && policy.retries > 0) sent.set(request, request.clone())
      return undefined
    },
    async onResponse({ request, response, options }) {
      if (!RETRYABLE.has(response.status) || !sent.has(request)) return undefined
      const r = await again(request, options.fetch, 0)
      return r instanceof Response ? r : undefined
    },
    async onError({ request, error, options }) {
      if (isAbortError(error) || !sent.has(request)) return undefined
      return again(request, options.fetch, 0)
    },
  }
}

/** Every non-2xx answer and every network failure becomes one ApiError; aborts stay aborts. */
export function errorMiddleware(): Middleware {
  return {
    async onResponse({ response }) {
      if (!response.ok) throw await apiErrorFromResponse(response)
      return undefined
    },
    onError({ error }) {
      if (isAbortError(error) || isApiError(error)) return error as Error
      return networkError(error)
    },
  }
}
