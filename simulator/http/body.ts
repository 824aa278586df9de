import { fieldErrors, schemaValidator, type FieldError } from './contract'
import { HttpError, problem } from './errors'

export const MAX_BODY_BYTES = 1024 * 1024

export type BodyResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'malformed' | 'too-large' | 'invalid'; message: string; errors: FieldError[] }

/**
 * Reads and checks a JSON body. Never throws: bad input of any kind becomes a result the caller turns into
 * the error shape of its own area of the contract.
 */
export async function readBody<T>(req: Request, schemaName?: string): Promise<BodyResult<T>> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return tooLarge()
  let text: string
  try {
    const buf = await req.arrayBuffer()
    if (buf.byteLength > MAX_BODY_BYTES) return tooLarge()
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf)
  } catch {
    return { ok: false, kind: 'malformed', message: 'The body is not readable UTF-8 text.', errors: [] }
  }
  if (text.trim() === '')
    return {
      ok: false,
      kind: 'malformed',
      message: 'A JSON body is required.',
      errors: [{ name: 'body', reason: 'is empty' }],
    }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return {
      ok: false,
      kind: 'malformed',
      message: `The body is not valid JSON: ${(e as Error).message}`,
      errors: [{ name: 'body', reason: 'is not valid JSON' }],
    }
  }
  if (schemaName) {
    const validate = schemaValidator(schemaName)
    if (!validate(value)) {
      const errors = fieldErrors(validate.errors)
      return {
        ok: false,
        kind: 'invalid',
        message: errors.map((e) => `${e.name} ${e.reason}`).join('; '),
        errors,
      }
    }
  }
  return { ok: true, value: value as T }
}

function tooLarge(): BodyResult<never> {
  return {
    ok: false,
    kind: 'too-large',
    message: `The body is larger than ${MAX_BODY_BYTES} bytes.`,
    errors: [{ name: 'body', reason: 'is too large' }],
  }
}

/** The common case: bad bodies answer as problem+json (400, or 413 when too large). */
export async function bodyOrProblem<T>(
  req: Request,
  schemaName: string,
  opts: { slug?: string; title?: string } = {},
): Promise<T> {
  const r = await readBody<T>(req, schemaName)
  if (r.ok) return r.value
  const instance = new URL(req.url).pathname
  if (r.kind === 'too-large') throw tooLarge413(r, instance)
  throw new HttpError(
    problem({
      status: 400,
      slug: opts.slug ?? (r.kind === 'malformed' ? 'malformed-body' : 'bad-request'),
      title: opts.title ?? (r.kind === 'malformed' ? 'Request body is not valid JSON' : 'Request not valid'),
      detail: r.message,
      instance,
      errors: r.errors,
    }),
  )
}

/** The one answer to an oversized body, whatever the area: a 413 problem. */
export function tooLarge413(r: { message: string; errors: FieldError[] }, instance: string): HttpError {
  return new HttpError(
    problem({
      status: 413,
      slug: 'payload-too-large',
      title: 'Request body too large',
      detail: r.message,
      instance,
      errors: r.errors,
    }),
  )
}
