import { Validator, type OutputUnit } from '@cfworker/json-schema'

/**
 * JSON Schema validation that never compiles code, so the console runs under a Content Security Policy
 * without `unsafe-eval` (decision 19). rjsf's own validator (Ajv) builds a function per schema with
 * `new Function`; this one interprets the schema with `@cfworker/json-schema` and reports each problem in
 * Ajv's shape (keyword, instance path, schema path, params, parent schema), which the form model reads.
 * Pure, without rjsf: the form's adapter (components/schema-form/rjsf-validator.ts) wraps it for rjsf.
 */
export interface SchemaProblem {
  keyword: string
  /** JSON pointer into the data, `''` for the root: `/cloudCoverage`. */
  instancePath: string
  /** JSON pointer into the schema with a leading `#`: `#/allOf/0/then/not`. */
  schemaPath: string
  params: Record<string, unknown>
  message: string
  /** The schema object holding the failed keyword, when the path can be followed. */
  parentSchema?: unknown
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Units that only say "a child failed": their children are reported on their own. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'allOf',
  'if',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  '$ref',
  '$recursiveRef',
])

/** The parameter Ajv names for each bound-like keyword, read from the schema that holds it. */
const LIMITS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
])

function decode(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')
}

/** The value at a `#/a/b` pointer of `root`, or undefined when the path cannot be followed. */
function at(root: unknown, pointer: string): unknown {
  let node = root
  for (const raw of pointer.replace(/^#/, '').split('/').filter(Boolean)) {
    const key = decode(raw)
    if (Array.isArray(node)) node = node[Number(key)]
    else if (isObject(node)) node = node[key]
    else return undefined
  }
  return node
}

const quoted = (text: string): string | undefined => /"([^"]*)"/.exec(text)?.[1]

/** The draft a schema declares (`$schema`); 2019-09 when it says nothing. */
function draftOf(schema: Json): '4' | '7' | '2019-09' | '2020-12' {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : ''
  if (declared.includes('draft-04')) return '4'
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7'
  if (declared.includes('2020-12')) return '2020-12'
  return '2019-09'
}

/** The validator of a schema, built once per schema object (construction walks the schema). */
const compiled = new WeakMap<object, Validator>()

function validatorOf(schema: Json): Validator {
  let v = compiled.get(schema)
  if (!v) {
    // The library annotates the schema objects it reads; give it a copy so cached server data stays as sent.
    v = new Validator(structuredClone(schema), draftOf(schema), false)
    compiled.set(schema, v)
  }
  return v
}

function problemOf(root: Json, unit: OutputUnit): SchemaProblem | undefined {
  const schemaPath = unit.keywordLocation
  const parentPath = schemaPath.slice(0, schemaPath.lastIndexOf('/'))
  const parentSchema = at(root, parentPath)
  const holder = isObject(parentSchema) ? parentSchema : {}
  const instancePath = unit.instanceLocation.replace(/^#/, '')
  const base = { keyword: unit.keyword, instancePath, schemaPath, message: unit.error, parentSchema }

  if (unit.keyword === 'additionalProperties') {
    // Reported by Ajv only for `additionalProperties: false`; a schema there reports its own failures.
    if (holder.additionalProperties !== false) return undefined
    return {
      ...base,
      params: { additionalProperty: quoted(unit.error) },
      message: 'must NOT have additional properties',
    }
  }
  if (unit.keyword === 'false' && schemaPath.endsWith('/additionalProperties')) return undefined
  if (WRAPPERS.has(unit.keyword)) return undefined

  switch (unit.keyword) {
    case 'required':
      return { ...base, params: { missingProperty: quoted(unit.error) } }
    case 'type':
      return { ...base, params: { type: Array.isArray(holder.type) ? holder.type.join(',') : holder.type } }
    case 'format':
      return { ...base, params: { format: holder.format } }
    case 'multipleOf':
      return { ...base, params: { multipleOf: holder.multipleOf } }
    case 'enum':
      return { ...base, params: { allowedValues: holder.enum } }
    case 'const':
      return { ...base, params: { allowedValue: holder.const } }
    default:
      return { ...base, params: LIMITS.has(unit.keyword) ? { limit: holder[unit.keyword] } : {} }
  }
}

/** Every problem of `data` against `schema`, in Ajv's shape. */
export function validateJson(schema: Json, data: unknown): SchemaProblem[] {
  const result = validatorOf(schema).validate(data)
  if (result.valid) return []
  const out: SchemaProblem[] = []
  for (const unit of result.errors) {
    const p = problemOf(schema, unit)
    if (
      p &&
      !out.some(
        (o) => o.schemaPath === p.schemaPath && o.instancePath === p.instancePath && o.message === p.message,
      )
    )
      out.push(p)
  }
  return out
}

/** A sub-schema validated on its own, with the root's definitions so its `$ref`s resolve. */
function withDefinitions(schema: Json, root: Json | undefined): Json {
  if (!root || root === schema) return schema
  const extra: Json = {}
  if (root.definitions !== undefined && schema.definitions === undefined) extra.definitions = root.definitions
  if (root.$defs !== undefined && schema.$defs === undefined) extra.$defs = root.$defs
  return Object.keys(extra).length > 0 ? { ...schema, ...extra } : schema
}

const rootCopies = new WeakMap<object, WeakMap<object, Json>>()

/** The combined schema, kept per (schema, root) pair so its validator is built once. */
function combined(schema: Json, root: Json | undefined): Json {
  if (!root || root === schema) return schema
  let perRoot = rootCopies.get(root)
  if (!perRoot) rootCopies.set(root, (perRoot = new WeakMap()))
  let c = perRoot.get(schema)
  if (!c) perRoot.set(schema, (c = withDefinitions(schema, root)))
  return c
}

/**
 * Whether `data` meets `schema`, a part of `root` whose definitions its `$ref`s may name; a boolean schema is
 * its own answer.
 */
export function isValidJson(schema: Json | boolean, data: unknown, root?: Json): boolean {
  if (typeof schema === 'boolean') return schema
  return validateJson(combined(schema, root), data).length === 0
}
