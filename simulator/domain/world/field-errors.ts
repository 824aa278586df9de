import type { ErrorObject } from 'ajv'

/**
 * A request's field errors as the contract's `{name, reason}` pairs: the rules of the areas (the order
 * forms) and the HTTP layer's body checks both speak them, so they live in the domain, which knows no HTTP.
 */

export interface FieldError {
  name: string
  reason: string
}

/** Ajv's errors as the contract's `{name, reason}` pairs, named by the JSON path of the field. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const out: FieldError[] = []
  const seen = new Set<string>()
  for (const e of errors ?? []) {
    // oneOf/anyOf produce one error per branch; the branch errors themselves say more.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue
    const missing =
      e.keyword === 'required' ? `/${String((e.params as { missingProperty?: string }).missingProperty)}` : ''
    const name = (e.instancePath + missing).replace(/^\//, '').replace(/\//g, '.') || 'body'
    const reason = e.message ?? 'is not valid'
    const key = `${name}:${reason}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ name, reason })
  }
  return out.slice(0, 20)
}
