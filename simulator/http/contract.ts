import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import openapiText from '../../contract/openapi.yaml?raw'

/**
 * The contract, loaded once. The simulator validates request bodies against the same schemas the console is
 * typed from, so a body of the wrong shape gets the contract's 4xx instead of reaching a handler.
 */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas: Record<string, unknown>; responses?: Record<string, unknown> }
}
export interface OperationObject {
  operationId?: string
  security?: Record<string, string[]>[]
  requestBody?: { content?: Record<string, { schema?: unknown }> }
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>
  parameters?: unknown[]
  /** Roles that may not call the operation, each with the reason the 403 gives (decision 14). */
  'x-forbidden-roles'?: Record<string, string>
}

export const openapi = parse(openapiText) as OpenApiDoc

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
addFormats(ajv)
ajv.addSchema({ ...openapi, $id: 'openapi' })

const cache = new Map<string, ValidateFunction>()

/** A validator for any JSON pointer into the contract, e.g. `#/components/schemas/Order`. */
export function validatorFor(pointer: string): ValidateFunction {
  let v = cache.get(pointer)
  if (!v) {
    const found = ajv.getSchema(`openapi${pointer}`)
    if (!found) throw new Error(`no schema at ${pointer}`)
    v = found
    cache.set(pointer, v)
  }
  return v
}

export const schemaValidator = (name: string): ValidateFunction =>
  validatorFor(`#/components/schemas/${name}`)

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
