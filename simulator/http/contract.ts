import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
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
