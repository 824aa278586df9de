import { formatUtc, formatUtcDay } from '../format'
import { enumOptions, enumTitle, fieldSchema, fieldTitle, type JsonSchema, type Params } from './form-model'

/** One parameter as a person reads it: the form's label and the value in the console's words. */
export interface ParamFact {
  name: string
  label: string
  value: string
}

function readable(schema: JsonSchema, field: string, value: unknown): string {
  const s = fieldSchema(schema, field)
  if (enumOptions(schema, field).length > 0) return enumTitle(schema, field, value)
  if (typeof value === 'string' && s?.format === 'date-time') return formatUtc(value)
  if (typeof value === 'string' && s?.format === 'date') return formatUtcDay(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.map((v) => readable(schema, field, v)).join(', ')
  return enumTitle(schema, field, value)
}

/**
 * The params of a request as the analyst confirms them: each field sent, in the order given (the form's,
 * after `cleanParams`), labelled with the form's title, enumerations by their titles and moments in the
 * console's one format, so the review shows the form's words rather than the service's codes.
 */
export function paramFacts(schema: JsonSchema, params: Params, skip: readonly string[] = []): ParamFact[] {
  return Object.entries(params)
    .filter(([name]) => !skip.includes(name))
    .map(([name, value]) => ({ name, label: fieldTitle(schema, name), value: readable(schema, name, value) }))
}
