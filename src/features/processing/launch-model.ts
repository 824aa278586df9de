import type { ApiError } from '../../api/errors'
import { PARAMS, type JsonSchema, type ParamProblem, type Params } from '../../lib/order-params/form-model'
import type { JobInputs, JobPrice } from '../../data/processing/execution'
import { formatCredits } from '../../lib/format'
import type { Process } from '../../data/processing/queries'
import { takesStacItems } from './words'

/**
 * The launch form's model, without React (decision 21): the process's inputs as one object schema for the
 * shared `SchemaForm`, which inputs take STAC items (picked, never typed), what is sent, and the service's
 * refusals of the inputs (400 schema error, 422 named errors) placed on their fields in plain words.
 */

/** The process's inputs as the object schema the shared form renders: each input a property. */
export function inputsFormSchema(process: Pick<Process, 'inputs'>): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const [name, input] of Object.entries(process.inputs)) {
    properties[name] = {
      ...input.schema,
      ...(input.title ? { title: input.title } : {}),
      ...(input.description ? { description: plainDescription(input.description) } : {}),
    }
    if ((input.minOccurs ?? 1) > 0) required.push(name)
  }
  return { type: 'object', properties, required }
}

/** An item input's description without the URL pattern the service documents: the picker chooses the item. */
const plainDescription = (d: string) => d.replace(/\s*URL of a STAC item in storage:.*$/s, '').trim() || d

/** The inputs that take one STAC item (a URL), in the process's order: the item picker fills them. */
export function itemInputNames(process: Pick<Process, 'inputs'>): string[] {
  return Object.entries(process.inputs)
    .filter(([name, input]) => input.schema.type === 'string' && takesStacItems(name, input.description))
    .map(([name]) => name)
}

/** What is sent: the form's values without empty ones (an untouched optional input is left out). */
export function inputsToSend(value: Params): JobInputs {
  const out: JobInputs = {}
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v) && v.length === 0) continue
    out[k] = v
  }
  return out
}

/**
 * The required inputs not filled yet (an input is required unless its `minOccurs` is 0). The service is asked
 * about the inputs only once none is missing, or once the analyst tries to go on: an empty form is
 * unfinished, not wrong, and asking about it only earns a 400.
 */
export function missingInputs(process: Pick<Process, 'inputs'>, toSend: JobInputs): string[] {
  return Object.entries(process.inputs)
    .filter(([name, input]) => (input.minOccurs ?? 1) > 0 && !(name in toSend))
    .map(([name]) => name)
}

/**
 * The form's first values: the schema's defaults, then inputs kept from a job ("Run again"), then an item
 * handed over from storage into the first item input still empty.
 */
export function initialInputs(
  process: Pick<Process, 'inputs'>,
  opts: { from?: JobInputs | null; item?: string | null; items?: readonly string[]; title?: string | null },
): Params {
  const value: Params = {}
  for (const [name, input] of Object.entries(process.inputs)) {
    if (input.schema.default !== undefined) value[name] = structuredClone(input.schema.default)
  }
  if (opts.from) {
    for (const [k, v] of Object.entries(opts.from)) if (k in process.inputs) value[k] = structuredClone(v)
  }
  // Items handed over fill the empty item inputs in order (change review: the newer, then the older).
  for (const item of [opts.item, ...(opts.items ?? [])]) {
    if (!item) continue
    const slot = itemInputNames(process).find((n) => typeof value[n] !== 'string' || value[n] === '')
    if (slot) value[slot] = item
  }
  if (opts.title && 'title' in process.inputs && !value.title) value.title = opts.title
  return value
}

const field = (name: string) => `${PARAMS}.${name}`

/** "['item', 'title']" → ["item", "title"]. */
const quoted = (s: string) => [...s.matchAll(/'([^']+)'/g)].map((m) => m[1])

/**
 * A 400 schema error (`data.inputs.title must be …`) on its field, in plain words. The whole body's problems
 * go to the form as a whole.
 */
export function schemaErrorProblems(process: Pick<Process, 'inputs'>, message: string): ParamProblem[] {
  const m = /^data\.inputs(?:\.([A-Za-z0-9_-]+))?((?:\[\d+\]|\.[A-Za-z0-9_-]+)*) (.+)$/.exec(message.trim())
  if (!m) return [{ name: PARAMS, reason: message }]
  const [, input, rest, what] = m
  if (!input) {
    const missing = /^must contain (\[.*\]) properties$/.exec(what)
    if (missing) return quoted(missing[1]).map((n) => ({ name: field(n), reason: 'is required' }))
    const extra = /^must not contain \{(.*)\} properties$/.exec(what)
    if (extra)
      return [{ name: PARAMS, reason: `This process takes no input named ${quoted(extra[1]).join(', ')}.` }]
    return [{ name: PARAMS, reason: `The inputs ${what}.` }]
  }
  if (!(input in process.inputs)) return [{ name: PARAMS, reason: `${input}${rest} ${what}` }]
  // `[0].band must be one of ['red', …]` → "entry 1: band must be one of red, …"
  const where = rest
    ? rest
        .replace(/\[(\d+)\]/g, (_, i: string) => ` entry ${Number(i) + 1}`)
        .replace(/\.([A-Za-z0-9_-]+)/g, ' $1')
        .trim()
    : ''
  const plain = what
    .replace(/^must be string$/, 'must be text')
    .replace(/^must be uri$/, 'must be the link of an item in your storage')
    .replace(/^must be one of (\[.*\])$/, (_, list: string) => `must be one of ${quoted(list).join(', ')}`)
    .replace(/^must be longer than or equal to 1 characters$/, 'is required')
    .replace(/^must be bigger than or equal to (.+)$/, 'must be at least $1')
    .replace(/^must be smaller than or equal to (.+)$/, 'must be at most $1')
  return [{ name: field(input), reason: where ? `${where}: ${plain}` : plain }]
}

/** What to do about the service's named input errors, where the name says more than its message. */
const NAMED: Record<string, (message: string) => string> = {
  InvalidItem: () => 'is not an item in your storage: choose one with “Choose item”.',
  SameItems: () => 'is the same item as the other one: choose two different items.',
  MissingPanchromaticAsset: () => 'has no panchromatic band: choose an item delivered with one.',
  GreyWeightBandsNotUnique: (m) => m.replace(/^each band/, 'Each band'),
}

/** The input a named error is about: the input its message starts with, else the one its name spells. */
function inputOfNamedError(inputs: string[], name: string, message: string): string | null {
  const first = /^([A-Za-z0-9_-]+)\b/.exec(message)?.[1]
  if (first && inputs.includes(first)) return first
  const spelled = name.toLowerCase()
  const byName = inputs.find((i) => spelled.includes(i.toLowerCase().replace(/s$/, '')))
  if (byName) return byName
  return inputs.find((i) => new RegExp(`\\b${i}\\b`).test(message)) ?? null
}

/** 422 named errors on their fields (the whole form when none fits), in plain words. */
export function namedErrorProblems(
  process: Pick<Process, 'inputs'>,
  errors: readonly { name: string; reason: string }[],
): ParamProblem[] {
  const inputs = Object.keys(process.inputs)
  return errors.map((e) => {
    const input = inputOfNamedError(inputs, e.name, e.reason)
    const words = NAMED[e.name]?.(e.reason) ?? e.reason
    // Without a field to sit on, a sentence about "it" needs its subject.
    if (!input) return { name: PARAMS, reason: /^(is|has) /.test(words) ? `The item ${words}` : words }
    // The field shows its own title; the message need not repeat the input's name.
    const reason = words.startsWith(`${input} `) ? words.slice(input.length + 1) : words
    return { name: field(input), reason }
  })
}

/** A refusal of the inputs (validation, cost or execution) as problems on the form's fields. */
export function refusalProblems(process: Pick<Process, 'inputs'>, refusal: ApiError): ParamProblem[] {
  if (refusal.fieldErrors.length > 0) {
    // The execution's problem names the inputs it refuses (`inputs` for a schema error, else the error name).
    const schemaOne = refusal.fieldErrors.find((e) => e.name === 'inputs')
    if (schemaOne) return schemaErrorProblems(process, schemaOne.reason)
    return namedErrorProblems(process, refusal.fieldErrors)
  }
  if (refusal.detail) return schemaErrorProblems(process, refusal.detail)
  return [{ name: PARAMS, reason: refusal.title }]
}

/** The price in words: "63 credits, for 15.8 km²" or "30 credits". */
export function priceInWords(price: JobPrice): string {
  const credits = `${formatCredits(price.totalCredits)} ${Math.abs(price.totalCredits) === 1 ? 'credit' : 'credits'}`
  if (price.pricingStrategy === 'none') return credits
  const unit = price.unit === 'SQ_KM' || price.unit === 'SKM' ? 'km²' : price.unit.toLowerCase()
  return `${credits}, for ${price.totalSize.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${unit}`
}
