/**
 * Every failure the console can meet — each error body of the contract, a token-server refusal, a network
 * failure — becomes one `ApiError`, so components handle one shape and say what to do next.
 */

export type ApiErrorKind =
  | 'network' // the request never got an answer
  | 'unauthenticated' // 401: no valid session
  | 'forbidden' // 403: the role or scopes do not allow it
  | 'not-found' // 404
  | 'invalid' // 400 / 422: the request was refused as it stands
  | 'payment-required' // 402: not enough credits
  | 'not-implemented' // 501
  | 'unavailable' // 503: try later
  | 'host' // 542: the data host failed
  | 'server' // other 5xx
  | 'http' // anything else

export interface FieldError {
  name: string
  reason: string
}

export interface ApiErrorInit {
  kind: ApiErrorKind
  status: number
  title: string
  detail?: string
  fieldErrors?: FieldError[]
  /** Problem slug (`…/problems/<slug>`) or token-server error code, when the body names one. */
  code?: string
  body?: unknown
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number
  readonly title: string
  readonly detail: string | undefined
  readonly fieldErrors: FieldError[]
  readonly code: string | undefined
  readonly body: unknown

  constructor(init: ApiErrorInit) {
    super(init.detail ? `${init.title}: ${init.detail}` : init.title)
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status
    this.title = init.title
    this.detail = init.detail
    this.fieldErrors = init.fieldErrors ?? []
    this.code = init.code
    this.body = init.body
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 0) return 'network'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not-found'
  if (status === 400 || status === 409 || status === 422) return 'invalid'
  if (status === 402) return 'payment-required'
  if (status === 501) return 'not-implemented'
  if (status === 503) return 'unavailable'
  if (status === 542) return 'host'
  if (status >= 500) return 'server'
  return 'http'
}

const FALLBACK_TITLES: Record<ApiErrorKind, string> = {
  network: 'The service could not be reached',
  unauthenticated: 'Your session has ended',
  forbidden: 'Your role does not allow this',
  'not-found': 'Not found',
  invalid: 'The request was refused',
  'payment-required': 'Not enough credits',
  'not-implemented': 'Not available for this request',
  unavailable: 'The service is busy',
  host: 'The data host failed to answer',
  server: 'The service failed',
  http: 'Unexpected answer from the service',
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

function detailOf(v: unknown): string | undefined {
  if (typeof v === 'string') return str(v)
  if (v === null || v === undefined) return undefined
  try {
    return JSON.stringify(v)
  } catch {
    return undefined
  }
}

/**
 * HTTP's reason phrases, which some bodies carry as their title ("Internal Server Error"): a heading in words
 * says what failed instead.
 */
const REASON_PHRASES = new Set([
  'bad request',
  'unauthorized',
  'forbidden',
  'not found',
  'conflict',
  'unprocessable entity',
  'unprocessable content',
  'payment required',
  'internal server error',
  'not implemented',
  'bad gateway',
  'service unavailable',
  'gateway timeout',
])

const wordsOr = (title: string | undefined, kind: ApiErrorKind): string =>
  title && !REASON_PHRASES.has(title.trim().toLowerCase()) ? title : FALLBACK_TITLES[kind]

/** Reads any error body of the contract into the parts of an `ApiError`. Pure: unit-tested per shape. */
export function parseErrorBody(status: number, body: unknown): ApiErrorInit {
  const kind = kindOfStatus(status)
  const b = obj(body)
  const base = { kind, status, body }
  if (!b) {
    return { ...base, title: FALLBACK_TITLES[kind], detail: str(body)?.slice(0, 300) }
  }
  // Token server (Keycloak): { error, error_description }
  if (typeof b.error === 'string') {
    return {
      ...base,
      title: str(b.error_description) ?? FALLBACK_TITLES[kind],
      code: b.error,
    }
  }
  // Wrapped basic error: { data, error: { code, message, details } }
  const wrapped = obj(b.error)
  if (wrapped && 'data' in b) {
    return {
      ...base,
      title: str(wrapped.message) ?? FALLBACK_TITLES[kind],
      detail: detailOf(wrapped.details),
    }
  }
  // Basic error: { code, message, details }
  if (typeof b.message === 'string' && 'code' in b) {
    return { ...base, title: str(b.message) ?? FALLBACK_TITLES[kind], detail: detailOf(b.details) }
  }
  // Problem, processing error, processing schema or validation error: { title, status, … }
  const fieldErrors: FieldError[] = []
  if (Array.isArray(b.errors)) {
    for (const e of b.errors) {
      const fe = obj(e)
      if (!fe) continue
      const reason = str(fe.reason) ?? str(fe.message)
      if (reason) fieldErrors.push({ name: str(fe.name) ?? '', reason })
    }
  }
  const type = str(b.type)
  const slug = type?.includes('/problems/') ? type.slice(type.lastIndexOf('/') + 1) : undefined
  return {
    ...base,
    title: wordsOr(str(b.title), kind),
    detail: str(b.detail) ?? str(b['schema-error']),
    fieldErrors,
    code: slug,
  }
}

/** Reads a failed response into an `ApiError`. The body is read from a clone so the caller may still read it. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    const text = await response.clone().text()
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
  } catch {
    body = undefined
  }
  return new ApiError(parseErrorBody(response.status, body))
}

export function networkError(cause: unknown): ApiError {
  return new ApiError({
    kind: 'network',
    status: 0,
    title: FALLBACK_TITLES.network,
    detail: 'Check your connection, then try again.',
    body: cause instanceof Error ? cause.message : cause,
  })
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException ? e.name === 'AbortError' : e instanceof Error && e.name === 'AbortError'
}

/** One sentence that tells an analyst what to do about an error. */
export function whatToDo(e: unknown): string {
  if (!isApiError(e)) return 'Try again; if it keeps failing, reload the page.'
  switch (e.kind) {
    case 'network':
      return 'Check your connection, then try again.'
    case 'unauthenticated':
      return 'Sign in again to continue.'
    case 'forbidden':
      return 'Ask an account administrator for access.'
    case 'not-found':
      return 'It may have been deleted, or the link is wrong.'
    case 'invalid':
      return 'Change what is marked, then try again.'
    case 'payment-required':
      return 'Add credits to the account, or choose a cheaper option.'
    case 'unavailable':
    case 'host':
    case 'server':
      return 'This is usually brief: try again in a moment.'
    default:
      return 'Try again; if it keeps failing, reload the page.'
  }
}
