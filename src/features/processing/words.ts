import type { Process } from '../../data/processing/queries'

/**
 * A process described for people: what it takes (inputs in plain words, not raw schema), how it is priced,
 * and which licence governs it. Pure: unit-tested in words.test.ts.
 */

/** The `eula-id` additional parameter, when the process names one. */
export function processEulaId(p: Pick<Process, 'additionalParameters'>): string | null {
  const param = p.additionalParameters?.parameters?.find((x) => x.name === 'eula-id')
  const id = param?.value[0]
  return typeof id === 'string' ? id : null
}

const UNITS: Record<string, string> = { SQ_KM: 'km²', SCENE: 'scene', ITEM: 'item' }

/** "1 credit per km² of the input" or "3 credits per job", from the `price` additional parameter. */
export function priceRule(p: Pick<Process, 'additionalParameters'>): string {
  const param = p.additionalParameters?.parameters?.find((x) => x.name === 'price')
  const price = param?.value[0] as { credits?: unknown; unit?: unknown } | undefined
  if (!price || typeof price.credits !== 'number') return 'Priced when you ask for a quote.'
  const credits = `${price.credits} ${price.credits === 1 ? 'credit' : 'credits'}`
  if (typeof price.unit === 'string' && price.unit !== '' && price.unit !== 'JOB') {
    const unit = UNITS[price.unit] ?? price.unit.toLowerCase()
    return unit === 'km²' ? `${credits} per km² of the input’s area` : `${credits} per ${unit}`
  }
  return `${credits} per job`
}

export interface InputWords {
  name: string
  title: string
  description: string | null
  /** "one STAC item", "a number from 1 to 4", "one of: nearest, bilinear"… */
  takes: string
  required: boolean
}

type Schema = Record<string, unknown>

/** The property names of an object schema, as written. */
const fieldNames = (schema: Schema): string[] =>
  typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : []

function valueWords(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(', ')}`
  const type = schema.type
  const format = schema.format
  if (type === 'string' && (format === 'uri' || format === 'uri-reference')) return 'a link'
  if (type === 'integer' || type === 'number') {
    const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined
    const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined
    const kind = type === 'integer' ? 'a whole number' : 'a number'
    if (lo !== undefined && hi !== undefined) return `${kind} from ${lo} to ${hi}`
    if (lo !== undefined) return `${kind} of at least ${lo}`
    if (hi !== undefined) return `${kind} of at most ${hi}`
    return kind
  }
  if (type === 'boolean') return 'yes or no'
  if (type === 'string') return 'text'
  if (type === 'array' && typeof schema.items === 'object' && schema.items !== null) {
    const item = schema.items as Schema
    const fields = fieldNames(item)
    return fields.length > 0
      ? `a list of entries, each with ${fields.join(' and ')}`
      : `a list of ${valueWords(item)}`
  }
  if (type === 'object') {
    const fields = fieldNames(schema)
    return fields.length > 0 ? `values for ${fields.join(' and ')}` : 'a set of values'
  }
  return 'a value'
}

/** Whether an input takes STAC items from storage: named so, or described as a STAC item's URL. */
export function takesStacItems(name: string, description: string | undefined): boolean {
  return /^(stac)?items?$/i.test(name) || /\bSTAC item\b/i.test(description ?? '')
}

export function inputsInWords(p: Pick<Process, 'inputs'>): InputWords[] {
  return Object.entries(p.inputs).map(([name, input]) => {
    const min = input.minOccurs ?? 1
    const max = input.maxOccurs ?? 1
    const count =
      max === 'unbounded'
        ? `${min} or more`
        : min === max
          ? min === 1
            ? 'one'
            : String(min)
          : `${min} to ${max}`
    const takes = takesStacItems(name, input.description)
      ? `${count} STAC ${max === 1 ? 'item' : 'items'} from your storage`
      : valueWords(input.schema)
    return {
      name,
      title: input.title ?? name,
      description: input.description ?? null,
      takes,
      required: min > 0,
    }
  })
}
