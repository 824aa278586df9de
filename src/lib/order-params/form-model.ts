import { isValidJson, validateJson, type SchemaProblem } from './json-schema-validator'

/**
 * The order-form model: what an order-form schema (`GET /orders/schema/{data-product-id}`, draft-07) means
 * for the console, without React. Initial params, which fields show under the schema's conditionals, what
 * is sent, what is wrong with it (named `params.<field>` like the service's problem `errors`), and the titles
 * of enumeration values for the review step.
 *
 * The service writes enumerations as `definitions.X.anyOf: [{const, title}]` with a `default`, referenced by
 * `allOf: [{$ref}]`, and conditionals as top-level `allOf` of `if/then`. Two conditional shapes change which
 * fields exist, and rjsf renders neither, so they are handled here:
 * - `then: {required: [p]}` on a property that is otherwise optional: `p` exists only while the `if` holds
 *   (the stereo base-to-height ratios);
 * - `then: {not: {required: [p]}}`: `p` is forbidden, hidden and dropped, while the `if` holds (projection
 *   with primary geometric processing).
 * Any other conditional (`then` with `properties`, say) is left in the schema for rjsf to resolve.
 */

export type JsonSchema = Record<string, unknown>

export type Params = Record<string, unknown>

/** A problem with one param, named like the service's problem `errors` items: `params.cloudCoverage`. */
export interface ParamProblem {
  name: string
  reason: string
}

export interface EnumOption {
  value: unknown
  title: string
}

export const PARAMS = 'params'

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
const records = (v: unknown): JsonSchema[] => (Array.isArray(v) ? v.filter(isRecord) : [])

// ------------------------------------------------------------------------------------------- schemas

/** Follows a local `$ref` (`#/definitions/X`, any JSON pointer into the root); other refs stay as they are. */
function deref(root: JsonSchema, node: JsonSchema, depth = 0): JsonSchema {
  const ref = node.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#') || depth > 16) return node
  let target: unknown = root
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    target = isRecord(target) ? target[key] : undefined
  }
  if (!isRecord(target)) return node
  const { $ref: _ref, ...rest } = node
  return { ...deref(root, target, depth + 1), ...rest }
}

/** A property's schema with `$ref` and `allOf` folded in; its own keywords (its title) win. */
function effective(root: JsonSchema, node: JsonSchema, depth = 0): JsonSchema {
  const own = deref(root, node)
  if (depth > 16) return own
  const members = records(own.allOf).map((m) => effective(root, m, depth + 1))
  const { allOf: _allOf, ...rest } = own
  return Object.assign({}, ...members, rest) as JsonSchema
}

const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> => {
  const props = schema.properties
  if (!isRecord(props)) return {}
  return Object.fromEntries(Object.entries(props).filter((e): e is [string, JsonSchema] => isRecord(e[1])))
}

/** The schema of one field, `$ref` and `allOf` resolved; undefined for fields the form does not have. */
export function fieldSchema(schema: JsonSchema, field: string): JsonSchema | undefined {
  const prop = propertiesOf(schema)[field]
  return prop ? effective(schema, prop) : undefined
}

/** The field's label: its title, else its name. */
export function fieldTitle(schema: JsonSchema, field: string): string {
  const title = fieldSchema(schema, field)?.title
  return typeof title === 'string' && title.trim() ? title : field
}

/** The choices of an enumeration field (`anyOf`/`oneOf` of `const` with titles, or `enum`); empty otherwise. */
export function enumOptions(schema: JsonSchema, field: string): EnumOption[] {
  const s = fieldSchema(schema, field)
  if (!s) return []
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((value) => ({ value, title: String(value) }))
  for (const alts of [s.anyOf, s.oneOf]) {
    const options = records(alts).map((alt) => effective(schema, alt))
    if (options.length > 0 && options.every((o) => 'const' in o))
      return options.map((o) => ({
        value: o.const,
        title: typeof o.title === 'string' && o.title ? o.title : String(o.const),
      }))
  }
  return []
}

/** How a value of a field reads to a person: its enumeration title when it has one. */
export function enumTitle(schema: JsonSchema, field: string, value: unknown): string {
  const match = enumOptions(schema, field).find((o) => o.value === value)
  if (match) return match.title
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return value === undefined || value === null ? '' : JSON.stringify(value)
}

// -------------------------------------------------------------------------------------------- geometry

const GEOMETRY_FIELDS = new Set(['aoi', 'geometry'])
const GEOJSON_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
  'Geometry',
  'GeoJsonGeometry',
  'Feature',
  'FeatureCollection',
])

function refsIn(node: JsonSchema): string[] {
  const own = typeof node.$ref === 'string' ? [node.$ref] : []
  return [...own, ...[node.allOf, node.anyOf, node.oneOf].flatMap(records).flatMap(refsIn)]
}

/**
 * Whether a field is a geometry the console fills from its AOI toolkit (and sends in `featureCollection`):
 * named `aoi` or `geometry`, pointing at a GeoJSON definition, or shaped like GeoJSON.
 */
export function isGeometryField(schema: JsonSchema, field: string): boolean {
  if (GEOMETRY_FIELDS.has(field)) return true
  const prop = propertiesOf(schema)[field]
  if (!prop) return false
  if (refsIn(prop).some((ref) => GEOJSON_TYPES.has(ref.split('/').pop() ?? ''))) return true
  const s = effective(schema, prop)
  const props = isRecord(s.properties) ? s.properties : {}
  if ('coordinates' in props) return true
  const type = isRecord(props.type) ? props.type : undefined
  const named: unknown[] = [...(Array.isArray(type?.enum) ? (type.enum as unknown[]) : []), type?.const]
  return named.some((t) => typeof t === 'string' && GEOJSON_TYPES.has(t))
}

/** The geometry fields of a form, which are never typed into it. */
export function geometryFields(schema: JsonSchema): string[] {
  return Object.keys(propertiesOf(schema)).filter((f) => isGeometryField(schema, f))
}

// ---------------------------------------------------------------------------------------- conditionals

interface Conditional {
  if: JsonSchema
  then?: JsonSchema
  else?: JsonSchema
}

const conditionalsOf = (schema: JsonSchema): Conditional[] =>
  [schema, ...records(schema.allOf)].flatMap((node) =>
    isRecord(node.if)
      ? [
          {
            if: node.if,
            then: isRecord(node.then) ? node.then : undefined,
            else: isRecord(node.else) ? node.else : undefined,
          },
        ]
      : [],
  )

const requiredBy = (branch: JsonSchema | undefined): string[] =>
  branch ? [...strings(branch.required), ...records(branch.allOf).flatMap(requiredBy)] : []

const onlyRequired = (node: JsonSchema) => Object.keys(node).every((k) => k === 'required')

/** Fields a branch forbids outright: `not: {required: [p]}` or `not: {anyOf: [{required: [p]}, …]}`. */
function forbiddenBy(branch: JsonSchema | undefined): string[] {
  if (!branch) return []
  const not = isRecord(branch.not) ? branch.not : undefined
  const plain =
    not &&
    (onlyRequired(not) ||
      (Object.keys(not).every((k) => k === 'anyOf') && records(not.anyOf).every(onlyRequired)))
  const own = plain
    ? [...strings(not.required), ...records(not.anyOf).flatMap((a) => strings(a.required))]
    : []
  return [...own, ...records(branch.allOf).flatMap(forbiddenBy)]
}

/** Whether a branch only requires or forbids fields: this module handles it and rjsf never sees it. */
function onlyPresence(branch: unknown): boolean {
  if (branch === undefined) return true
  if (!isRecord(branch)) return false
  return Object.entries(branch).every(([key, v]) => {
    if (key === 'required') return true
    if (key === 'not') return forbiddenBy({ not: v }).length > 0
    if (key === 'allOf') return records(v).every(onlyPresence)
    return false
  })
}

/** A conditional (`allOf` member or the root) whose branches only require or forbid fields. */
const handledHere = (node: JsonSchema) =>
  isRecord(node.if) && onlyPresence(node.then) && onlyPresence(node.else)

const holds = (schema: JsonSchema, c: Conditional, value: Params): boolean => isValidJson(c.if, value, schema)

/**
 * An enumeration without a `type` gets the type of its values: rjsf renders a typeless `anyOf` of consts as a
 * choice between sub-forms instead of a select.
 */
function typed(s: JsonSchema): JsonSchema {
  if ('type' in s) return s
  const values = [
    ...(Array.isArray(s.enum) ? (s.enum as unknown[]) : []),
    ...[s.anyOf, s.oneOf].flatMap(records).map((o) => o.const),
  ]
  const kinds = new Set(
    values.map((v) => (typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v)),
  )
  if (values.length === 0 || kinds.size !== 1) return s
  const [kind] = kinds
  return ['string', 'integer', 'number', 'boolean'].includes(kind) ? { ...s, type: kind } : s
}

/**
 * The schema the form library renders for these params: the `shown` fields only, the requirements that hold
 * now, and none of the conditionals applied here (it resolves the others). The root title is a type name
 * (`PleiadesTaskingParams`) and the root description speaks to API clients, so neither is kept.
 */
export function viewSchema(schema: JsonSchema, states: FieldStates, shown: string[]): JsonSchema {
  const {
    $schema: _schema,
    title: _title,
    description: _description,
    if: _if,
    then: _then,
    else: _else,
    allOf,
    properties: _properties,
    required: _required,
    ...rest
  } = schema
  const props = propertiesOf(schema)
  const kept = records(allOf).filter((m) => !handledHere(m))
  const keepRoot = isRecord(schema.if) && !handledHere(schema)
  return {
    ...rest,
    type: 'object',
    // Each property with its `$ref`/`allOf` folded in: rjsf 6.11 loses the value of an `allOf: [{$ref}]` enum
    // when it computes a form's state (the select shows nothing and the value is reported gone).
    properties: Object.fromEntries(
      shown.filter((f) => f in props).map((f) => [f, typed(effective(schema, props[f]))]),
    ),
    required: states.required.filter((f) => shown.includes(f)),
    ...(kept.length > 0 ? { allOf: kept } : {}),
    ...(keepRoot ? { if: schema.if, then: schema.then, else: schema.else } : {}),
  }
}

/** Which fields exist for the given params. */
export interface FieldStates {
  /** Fields to show, in schema order: not geometry, not waiting for a condition, not forbidden. */
  visible: string[]
  /** The visible fields that must have a value now (the schema's `required` plus the active conditionals'). */
  required: string[]
  /** Fields that exist in the schema but not for these params (their conditions do not hold, or forbid them). */
  hidden: string[]
}

export function fieldStates(schema: JsonSchema, value: Params): FieldStates {
  const props = Object.keys(propertiesOf(schema))
  const base = new Set(strings(schema.required))
  const conditionallyRequired = new Set<string>()
  const activeRequired = new Set<string>()
  const forbidden = new Set<string>()
  const extra: string[] = []
  for (const c of conditionalsOf(schema)) {
    for (const f of [...requiredBy(c.then), ...requiredBy(c.else)]) conditionallyRequired.add(f)
    const branch = holds(schema, c, value) ? c.then : c.else
    requiredBy(branch).forEach((f) => activeRequired.add(f))
    forbiddenBy(branch).forEach((f) => forbidden.add(f))
    // Fields that only a branch declares exist while it applies (rjsf renders them from the branch).
    if (branch && isRecord(branch.properties)) extra.push(...Object.keys(branch.properties))
  }
  const waiting = (f: string) => !base.has(f) && conditionallyRequired.has(f) && !activeRequired.has(f)
  const hidden = props.filter((f) => forbidden.has(f) || waiting(f))
  const visible = [...props, ...extra.filter((f) => !props.includes(f))].filter(
    (f, i, all) => all.indexOf(f) === i && !hidden.includes(f) && !isGeometryField(schema, f),
  )
  const required = visible.filter((f) => base.has(f) || activeRequired.has(f))
  return { visible, required, hidden }
}

/** The fields shown for these params (see `fieldStates`). */
export function visibleFields(schema: JsonSchema, value: Params): string[] {
  return fieldStates(schema, value).visible
}

// ----------------------------------------------------------------------------------------------- values

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || Number.isNaN(v)

const defaultOf = (schema: JsonSchema, field: string): unknown => {
  const d = fieldSchema(schema, field)?.default
  return isRecord(d) || Array.isArray(d) ? structuredClone(d) : d
}

/** Drops the fields the conditionals hide, until that no longer changes which conditionals hold. */
function withoutHidden(schema: JsonSchema, value: Params): Params {
  let current = value
  for (let i = 0; i < 8; i++) {
    const { hidden } = fieldStates(schema, current)
    const present = hidden.filter((f) => f in current)
    if (present.length === 0) return current
    current = Object.fromEntries(Object.entries(current).filter(([k]) => !present.includes(k)))
  }
  return current
}

/**
 * The initial params: the schema's defaults (enumeration defaults through `allOf`/`$ref` included), then
 * `overrides` (a scene id, a restored draft), without the fields the conditionals hide.
 */
export function defaultsOf(schema: JsonSchema, overrides: Params = {}): Params {
  const defaults: Params = {}
  for (const field of Object.keys(propertiesOf(schema))) {
    if (isGeometryField(schema, field)) continue
    const d = defaultOf(schema, field)
    if (d !== undefined) defaults[field] = d
  }
  return withoutHidden(schema, { ...defaults, ...overrides })
}

/**
 * The params after an edit: fields a conditional now hides are dropped, and fields it brings back come back
 * with their defaults (switching back from primary geometry restores the default projection).
 */
export function reconcileParams(schema: JsonSchema, previous: Params, next: Params): Params {
  const settled = withoutHidden(schema, next)
  const before = new Set(fieldStates(schema, previous).hidden)
  const result = { ...settled }
  for (const field of fieldStates(schema, settled).visible) {
    if (before.has(field) && isEmpty(result[field])) {
      const d = defaultOf(schema, field)
      if (d !== undefined) result[field] = d
    }
  }
  return result
}

/**
 * What goes in `params` of the order request: the form's fields in schema order, without the fields the
 * conditionals hide, without geometry (it travels in `featureCollection`), without empty values.
 */
export function cleanParams(schema: JsonSchema, value: Params): Params {
  const settled = withoutHidden(schema, value)
  const { visible } = fieldStates(schema, settled)
  const out: Params = {}
  for (const field of visible) {
    const v = settled[field]
    // A value of only spaces is as empty as no value to the analyst, and would pass `minLength` on the service.
    if (!isEmpty(v) && !(typeof v === 'string' && v.trim() === '')) out[field] = v
  }
  return out
}

// ----------------------------------------------------------------------------------------- validation

type AjvError = SchemaProblem

/** The schema params are validated against: geometry is not required, it travels in `featureCollection`. */
function paramsSchema(schema: JsonSchema): JsonSchema {
  const geometry = new Set(geometryFields(schema))
  if (geometry.size === 0) return schema
  return { ...schema, required: strings(schema.required).filter((f) => !geometry.has(f)) }
}

const fieldOf = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')

const nameOf = (path: string) => (path ? `${PARAMS}.${path}` : PARAMS)

const TYPE_WORDS: Record<string, string> = {
  integer: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be yes or no',
}

/** What a person can do about one bound: the range when the field has both ends. */
function boundsReason(s: JsonSchema | undefined, e: AjvError): string {
  const lo = typeof s?.minimum === 'number' ? s.minimum : undefined
  const hi = typeof s?.maximum === 'number' ? s.maximum : undefined
  if (lo !== undefined && hi !== undefined) return `must be between ${lo} and ${hi}`
  const limit = String(e.params.limit)
  if (e.keyword === 'minimum') return `must be at least ${limit}`
  if (e.keyword === 'maximum') return `must be at most ${limit}`
  return e.keyword === 'exclusiveMinimum' ? `must be more than ${limit}` : `must be less than ${limit}`
}

function reasonOf(schema: JsonSchema, field: string, e: AjvError): string | undefined {
  const s = field && !field.includes('.') ? fieldSchema(schema, field) : undefined
  const options = field ? enumOptions(schema, field) : []
  switch (e.keyword) {
    case 'if': // "must match the then schema": its own failures are reported too.
      return undefined
    case 'required':
      return 'is required'
    case 'additionalProperties':
      return 'is not a field of this form'
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf':
      if (options.length > 0) return `must be one of: ${options.map((o) => o.title).join(', ')}`
      return e.message
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return boundsReason(s, e)
    case 'type':
      return TYPE_WORDS[String(e.params.type)] ?? `must be ${String(e.params.type)}`
    case 'format':
      return e.params.format === 'date-time'
        ? 'must be a date and time (UTC), like 2026-07-01T10:30:00Z'
        : `must be a valid ${String(e.params.format)}`
    case 'minLength':
      return e.params.limit === 1 ? 'is required' : `must have at least ${String(e.params.limit)} characters`
    case 'maxLength':
      return `must have at most ${String(e.params.limit)} characters`
    case 'multipleOf':
      return `must be a multiple of ${String(e.params.multipleOf)}`
    default:
      return e.message
  }
}

/** "when Geometric processing is Primary (sensor geometry)", read off a conditional's `if`. */
function conditionWords(schema: JsonSchema, cond: JsonSchema | undefined): string {
  const props = cond && isRecord(cond.properties) ? cond.properties : {}
  const parts = Object.entries(props).flatMap(([f, p]) =>
    isRecord(p) && 'const' in p ? [`${fieldTitle(schema, f)} is ${enumTitle(schema, f, p.const)}`] : [],
  )
  return parts.length > 0 ? `when ${parts.join(' and ')}` : 'with these options'
}

/** The `if` of the conditional a `then`/`else` failure comes from: `#/allOf/2/then/not` → `allOf[2].if`. */
function conditionAt(schema: JsonSchema, schemaPath: string): JsonSchema | undefined {
  const m = /^#(?:\/allOf\/(\d+))?\/(?:then|else)\//.exec(schemaPath)
  if (!m) return undefined
  const node = m[1] === undefined ? schema : records(schema.allOf)[Number(m[1])]
  return node && isRecord(node.if) ? node.if : undefined
}

/**
 * The problems of what would be sent (`cleanParams`), named like the service names them
 * (`params.cloudCoverage`), one per field, in plain words: bounds as ranges, enumerations by their titles.
 */
export function validateParams(schema: JsonSchema, value: Params): ParamProblem[] {
  const params = cleanParams(schema, value)
  let errors: AjvError[]
  try {
    errors = validateJson(paramsSchema(schema), params)
  } catch {
    // A schema the interpreter cannot read leaves nothing to report here; the service still checks.
    errors = []
  }
  const problems: ParamProblem[] = []
  const seen = new Set<string>()
  const add = (name: string, reason: string | undefined) => {
    if (!reason || seen.has(name)) return
    seen.add(name)
    problems.push({ name, reason })
  }
  for (const e of errors) {
    if (e.keyword === 'required') {
      add(nameOf(fieldOf(`${e.instancePath}/${String(e.params.missingProperty)}`)), 'is required')
    } else if (e.keyword === 'additionalProperties') {
      add(
        nameOf(fieldOf(`${e.instancePath}/${String(e.params.additionalProperty)}`)),
        reasonOf(schema, '', e),
      )
    } else if (e.keyword === 'not') {
      // A `not` the model does not apply itself (a value, not a field, is forbidden): name the fields it lists.
      const not = isRecord(e.parentSchema) && isRecord(e.parentSchema.not) ? e.parentSchema.not : {}
      const listed = [...strings(not.required), ...records(not.anyOf).flatMap((a) => strings(a.required))]
      const fields = listed.filter((f) => f in params)
      const reason = `is not allowed ${conditionWords(schema, conditionAt(schema, e.schemaPath))}`
      if (fields.length === 0) add(nameOf(fieldOf(e.instancePath)), reason)
      for (const f of fields) add(nameOf(f), reason)
    } else {
      const field = fieldOf(e.instancePath)
      add(nameOf(field), reasonOf(schema, field, e))
    }
  }
  return problems
}
