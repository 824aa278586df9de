import { fieldErrors, type FieldError } from '../domain/world/field-errors'
import { schemaValidator } from './contract'
import { HttpError, problem } from './errors'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * How deeply objects and arrays may nest in any JSON body. The contract's deepest legitimate bodies stay far
 * below: a MultiPolygon in an order's feature collection is 9 levels, a storage search's CQL2 filter 4 plus
 * 2 per nested expression (the filter compiler stops at 50 expressions anyway). Without a limit a body
 * nested a few thousand deep overflows the stack of whatever walks it recursively (schema validation, the
 * catalog cursor's canonical JSON) and answers 500.
 */
export const MAX_JSON_DEPTH = 100

export type BodyResult<T> =
  | { ok: true; value: T }
  | {
      ok: false
      kind: 'malformed' | 'too-large' | 'too-deep' | 'invalid'
      message: string
      errors: FieldError[]
    }

export type ReadFailure = Extract<BodyResult<unknown>, { ok: false }>

/**
 * Whether objects and arrays in `text` nest deeper than `limit`. One pass over the text with a counter, no
 * recursion and no parse: brackets inside strings do not count. For valid JSON this is its exact depth.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: the next character is escaped
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true
    } else if (ch === 0x7d || ch === 0x5d) depth--
  }
  return false
}

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
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    return {
      ok: false,
      kind: 'too-deep',
      message: `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
      errors: [{ name: 'body', reason: `is nested more than ${MAX_JSON_DEPTH} levels deep` }],
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
  // An area with a slug of its own (tasking's bad-order-request) answers every bad body with it.
  if (r.kind !== 'invalid' && !opts.slug) throw new HttpError(unreadableBody(r, instance))
  throw new HttpError(
    problem({
      status: 400,
      slug: opts.slug ?? 'bad-request',
      title: opts.title ?? 'Request not valid',
      detail: r.message,
      instance,
      errors: r.errors,
    }),
  )
}

/**
 * The problem+json answer to a body that could not be read as JSON at all: 413 when too large, otherwise
 * 400 (not JSON, or nested deeper than MAX_JSON_DEPTH). For the areas whose errors are problems.
 */
export function unreadableBody(r: ReadFailure, instance: string): Response {
  if (r.kind === 'too-large') return tooLarge413(r, instance).response
  const deep = r.kind === 'too-deep'
  return problem({
    status: 400,
    slug: deep ? 'body-too-deep' : 'malformed-body',
    title: deep ? 'Request body nested too deeply' : 'Request body is not valid JSON',
    detail: r.message,
    instance,
    errors: r.errors,
  })
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
