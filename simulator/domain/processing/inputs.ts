import type { StacItemRecord } from '../world/types'
import type { World } from '../world/world'
import { type InputSchema, MAX_TITLE, type NamedError, type ProcessDef } from './processes'

/**
 * Input checks of validation, cost and execution: first the shape against the input schema (worded as the
 * service's validator words it), then the meaning (items in this account's storage, a process's own rules).
 */

export type InputCheck =
  | { ok: true; items: Record<string, StacItemRecord> }
  | { ok: false; kind: 'schema'; message: string }
  | { ok: false; kind: 'semantic'; errors: NamedError[] }

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const quoteList = (names: string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`

/** The first schema violation, worded like the real service's validator (`data.inputs must …`); null when none. */
function schemaViolation(value: unknown, schema: InputSchema, path: string): string | null {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${path} must be string`
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return `${path} must be longer than or equal to ${schema.minLength} characters`
      // maxLength is left to the semantic pass (see titleInput).
      if (schema.enum && !schema.enum.includes(value))
        return `${path} must be one of ${quoteList(schema.enum)}`
      if (schema.format === 'uri' && !isAbsoluteUrl(value)) return `${path} must be uri`
      return null
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${path} must be ${schema.type}`
      if (schema.type === 'integer' && !Number.isInteger(value)) return `${path} must be integer`
      if (schema.minimum !== undefined && value < schema.minimum)
        return `${path} must be bigger than or equal to ${schema.minimum}`
      if (schema.maximum !== undefined && value > schema.maximum)
        return `${path} must be smaller than or equal to ${schema.maximum}`
      return null
    case 'array': {
      if (!Array.isArray(value)) return `${path} must be array`
      if (schema.minItems !== undefined && value.length < schema.minItems)
        return `${path} must contain at least ${schema.minItems} items`
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        return `${path} must contain less than or equal to ${schema.maxItems} items`
      if (schema.items) {
        for (let i = 0; i < value.length; i++) {
          const v = schemaViolation(value[i], schema.items, `${path}[${i}]`)
          if (v) return v
        }
      }
      return null
    }
    case 'object': {
      if (!isObject(value)) return `${path} must be object`
      const missing = (schema.required ?? []).filter((k) => !Object.hasOwn(value, k))
      if (missing.length > 0) return `${path} must contain ${quoteList(missing)} properties`
      const props = schema.properties ?? {}
      if (schema.additionalProperties === false) {
        const extra = Object.keys(value).filter((k) => !Object.hasOwn(props, k))
        if (extra.length > 0)
          return `${path} must not contain {${extra.map((k) => `'${k}'`).join(', ')}} properties`
      }
      for (const [k, s] of Object.entries(props)) {
        if (!Object.hasOwn(value, k)) continue
        const v = schemaViolation(value[k], s, `${path}.${k}`)
        if (v) return v
      }
      return null
    }
    default:
      return null
  }
}

function isAbsoluteUrl(v: string): boolean {
  try {
    const u = new URL(v)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/** The input schema of a whole process, as one object schema. */
export function inputsSchema(def: ProcessDef): InputSchema {
  return {
    type: 'object',
    required: Object.entries(def.inputs)
      .filter(([, i]) => i.required)
      .map(([n]) => n),
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(def.inputs).map(([n, i]) => [n, i.schema])),
  }
}

/** The item a storage URL points at, when it is one of the account's items; otherwise undefined. */
export function resolveItem(
  world: World,
  accountId: string,
  url: string,
  bases?: readonly string[],
): StacItemRecord | undefined {
  let address: URL
  try {
    address = new URL(url)
  } catch {
    return undefined
  }
  if (bases && !bases.some((b) => underBase(address, b))) return undefined
  const m = /\/v2\/assets\/stac\/collections\/([^/]+)\/items\/([^/]+)\/?$/.exec(address.pathname)
  if (!m) return undefined
  let collectionId: string
  let itemId: string
  try {
    collectionId = decodeURIComponent(m[1])
    itemId = decodeURIComponent(m[2])
  } catch {
    return undefined
  }
  const rec = world.stacItems.get(itemId)
  if (!rec || rec.collectionId !== collectionId) return undefined
  const col = world.stacCollections.get(collectionId)
  if (!col || col.accountId !== accountId) return undefined
  return rec
}

/**
 * Whether `address` is on the service's storage at `base` (`https://host[:port][/prefix]`): same origin, no
 * credentials, under the prefix. An item on any other host is not this service's, whatever its path says.
 */
function underBase(address: URL, base: string): boolean {
  let b: URL
  try {
    b = new URL(base)
  } catch {
    return false
  }
  const prefix = b.pathname.replace(/\/$/, '')
  return (
    address.origin === b.origin &&
    address.username === '' &&
    address.password === '' &&
    address.pathname.startsWith(`${prefix}/v2/assets/stac/collections/`)
  )
}

/**
 * Checks an execute/validation/cost body: first its shape against the input schema, then its meaning. A
 * request gives `bases`, the addresses the service is known by (the one the caller used, and the seed's):
 * items elsewhere are refused. Jobs already accepted are checked again without (their inputs were checked).
 */
export function checkRequest(
  world: World,
  accountId: string,
  def: ProcessDef,
  body: unknown,
  bases?: readonly string[],
): InputCheck {
  if (!isObject(body)) return { ok: false, kind: 'schema', message: 'data must be object' }
  if (!Object.hasOwn(body, 'inputs'))
    return { ok: false, kind: 'schema', message: "data must contain ['inputs'] properties" }
  const violation = schemaViolation(body.inputs, inputsSchema(def), 'data.inputs')
  if (violation) return { ok: false, kind: 'schema', message: violation }
  const inputs = body.inputs as Record<string, unknown>

  const errors: NamedError[] = []
  const title = inputs.title
  if (typeof title === 'string' && title.length > MAX_TITLE) {
    errors.push({
      name: 'InvalidTitle',
      message: `title is too long: ${title.length} characters, at most ${MAX_TITLE}`,
    })
  }
  const items: Record<string, StacItemRecord> = {}
  for (const name of def.itemInputs) {
    const url = inputs[name]
    if (typeof url !== 'string') continue
    const rec = resolveItem(world, accountId, url, bases)
    if (rec) {
      items[name] = rec
      if (name === def.itemInputs[0] && def.itemRule && !def.itemRule.accepts(rec.item))
        errors.push(def.itemRule.error(rec.item))
    } else
      errors.push({
        name: 'InvalidItem',
        message: `${name} does not reference a STAC item in this account's storage: ${url.slice(0, 300)}`,
      })
  }
  if (def.itemInputs.length === 2) {
    const [a, b] = def.itemInputs.map((n) => items[n])
    if (a && b && a.item.id === b.item.id) {
      errors.push({
        name: 'SameItems',
        message: `${def.itemInputs[0]} and ${def.itemInputs[1]} must be two different items`,
      })
    }
  }
  if (Array.isArray(inputs.greyWeights)) {
    const bands = (inputs.greyWeights as { band: string }[]).map((w) => w.band)
    const dupes = [...new Set(bands.filter((b, i) => bands.indexOf(b) !== i))]
    if (dupes.length > 0)
      errors.push({
        name: 'GreyWeightBandsNotUnique',
        message: `each band may have one gray weight; repeated: ${dupes.join(', ')}`,
      })
  }
  if (errors.length > 0) return { ok: false, kind: 'semantic', errors }
  return { ok: true, items }
}
