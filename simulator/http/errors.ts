import type { S } from '../domain/world/types'

/** Thrown anywhere inside a handler; the app's error handler sends `response` as it is. */
export class HttpError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`)
  }
}

export const DEFAULT_DOCS_URL = 'https://docs.swath.test'

const json = (
  status: number,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
) => new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } })

export interface ProblemInit {
  status: number
  slug: string
  title: string
  detail?: string
  instance?: string
  errors?: S['ProblemFieldError'][]
  headers?: Record<string, string>
}

let docsUrl = DEFAULT_DOCS_URL
/** The docs URL is part of every problem `type`; the simulator sets it once at creation. */
export function setDocsUrl(url: string): void {
  docsUrl = url.replace(/\/$/, '')
}
export const problemType = (slug: string): string => `${docsUrl}/problems/${slug}`

export function problem(init: ProblemInit): Response {
  const body: S['Problem'] = {
    type: problemType(init.slug),
    status: init.status,
    title: init.title,
    ...(init.detail !== undefined ? { detail: init.detail } : {}),
    ...(init.instance !== undefined ? { instance: init.instance } : {}),
    ...(init.errors ? { errors: init.errors } : {}),
  }
  return json(init.status, body, 'application/problem+json', init.headers)
}

export function basicError(status: number, message: string, details: unknown = null): Response {
  const body: S['BasicError'] = { code: status, message, details }
  return json(status, body)
}

/** The catalog's and order-schema endpoint's envelope: `{data, error}`. */
export function wrappedError(
  status: number,
  message: string,
  details: unknown = null,
  data: Record<string, never> | null = {},
): Response {
  const body: S['WrappedError'] = { data, error: { code: status, message, details } }
  return json(status, body)
}

export function processingError(status: number, title: string, detail?: string): Response {
  const body: S['ProcessingError'] = { status, title, ...(detail ? { detail } : {}) }
  return json(status, body)
}

export function processingSchemaError(message: string): Response {
  const body: S['ProcessingSchemaError'] = { title: 'Bad Request', status: 400, 'schema-error': message }
  return json(400, body)
}

export function processingValidationError(errors: { name: string; message: string }[]): Response {
  const body: S['ProcessingValidationError'] = { title: 'Unprocessable Entity', status: 422, errors }
  return json(422, body)
}

export function tokenError(status: number, error: string, description: string): Response {
  const body: S['TokenError'] = { error, error_description: description }
  return json(status, body, 'application/json', { 'cache-control': 'no-store' })
}

export { json }
