import type { StacQueryables } from '../../data/storage/queries'

/**
 * The search filter builder's model, driven by `GET /v2/assets/stac/queryables`: which fields exist, of
 * which kind (the service's type words, some outside JSON Schema: `timestamp`, `float`, `geometry`), which
 * values a field allows (`enum`), and which comparisons each kind offers. Rows become CQL2-JSON.
 */

export type FieldKind = 'text' | 'number' | 'time' | 'list' | 'choice'

export interface Field {
  name: string
  title: string
  description: string
  kind: FieldKind
  /** Allowed values, when the queryables name them. */
  values?: string[]
}

export type Op = '=' | '<>' | '<' | '<=' | '>' | '>=' | 'like' | 'in'

export const OP_LABELS: Record<Op, string> = {
  '=': 'is',
  '<>': 'is not',
  '<': 'less than',
  '<=': 'at most',
  '>': 'more than',
  '>=': 'at least',
  like: 'contains',
  in: 'is one of',
}

export const OPS_BY_KIND: Record<FieldKind, Op[]> = {
  text: ['=', '<>', 'like'],
  number: ['=', '<', '<=', '>', '>='],
  time: ['<', '>'],
  list: ['='],
  choice: ['=', '<>', 'in'],
}

/** Time comparisons in words that fit dates. */
export const TIME_OP_LABELS: Partial<Record<Op, string>> = { '<': 'before', '>': 'after' }

const NUMBER_TYPES = new Set(['number', 'integer', 'float', 'double'])
const TIME_TYPES = new Set(['timestamp', 'date', 'date-time', 'datetime', 'interval'])

/**
 * Fields the builder offers: every queryable except geometry (the AOI filters by place) and the acquisition
 * time, which the date range covers. Unknown type words are treated as text.
 */
export function fieldsOf(q: StacQueryables | undefined): Field[] {
  if (!q) return []
  const out: Field[] = []
  for (const [name, raw] of Object.entries(q.properties)) {
    const spec = raw as {
      title?: string
      description?: string
      type?: string
      enum?: unknown
      format?: string
      deprecated?: boolean
    }
    const type = (spec.type ?? 'string').toLowerCase()
    if (type === 'geometry' || name === 'geometry' || name === 'datetime') continue
    // A field the service keeps only for old clients (`cloud_cover` beside `eo:cloud_cover`) is not offered.
    if (spec.deprecated === true || /\bdeprecated\b/i.test(spec.title ?? '')) continue
    const values = Array.isArray(spec.enum) ? spec.enum.map(String) : undefined
    const kind: FieldKind = values
      ? 'choice'
      : NUMBER_TYPES.has(type)
        ? 'number'
        : TIME_TYPES.has(type) || spec.format === 'date-time'
          ? 'time'
          : type === 'array'
            ? 'list'
            : 'text'
    out.push({ name, title: spec.title ?? name, description: spec.description ?? '', kind, values })
  }
  return out.sort((a, b) => a.title.localeCompare(b.title))
}

/** The field a new condition starts on: what analysts filter by most (title, tags), not the first by name. */
export function defaultField(fields: readonly Field[]): Field | undefined {
  return fields.find((f) => f.name === 'title') ?? fields.find((f) => f.name === 'tags') ?? fields[0]
}

export interface Row {
  field: string
  op: Op
  /** As typed; `in` takes a list. */
  value: string | string[]
}

/** What is wrong with a row, in words; null when it can be sent. */
export function rowProblem(row: Row, field: Field | undefined): string | null {
  if (!field) return 'Choose a field.'
  if (!OPS_BY_KIND[field.kind].includes(row.op)) return 'Choose a comparison.'
  const values = Array.isArray(row.value) ? row.value : [row.value]
  if (values.length === 0 || values.some((v) => v.trim() === '')) return 'Give a value.'
  if (field.kind === 'number' && values.some((v) => !Number.isFinite(Number(v)))) return 'Give a number.'
  if (field.kind === 'time' && values.some((v) => Number.isNaN(Date.parse(v)))) return 'Give a date.'
  if (field.values && values.some((v) => !field.values?.includes(v)))
    return 'Choose one of the allowed values.'
  return null
}

const literal = (field: Field, v: string): unknown =>
  field.kind === 'number'
    ? Number(v)
    : field.kind === 'time'
      ? { timestamp: new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString() }
      : v

/** A row as CQL2-JSON. */
export function rowToCql(row: Row, field: Field): Record<string, unknown> {
  const prop = { property: field.name }
  if (row.op === 'in') {
    const list = Array.isArray(row.value) ? row.value : [row.value]
    return { op: 'in', args: [prop, list.map((v) => literal(field, v))] }
  }
  const v = Array.isArray(row.value) ? (row.value[0] ?? '') : row.value
  if (row.op === 'like') return { op: 'like', args: [prop, `%${v.replace(/[%_\\]/g, '\\$&')}%`] }
  return { op: row.op, args: [prop, literal(field, v.trim())] }
}

/** Every row, all required ("and"); undefined when there is none. */
export function rowsToCql(
  rows: readonly Row[],
  fields: readonly Field[],
): Record<string, unknown> | undefined {
  const parts = rows.flatMap((r) => {
    const f = fields.find((x) => x.name === r.field)
    return f ? [rowToCql(r, f)] : []
  })
  if (parts.length === 0) return undefined
  return parts.length === 1 ? parts[0] : { op: 'and', args: parts }
}

/** `YYYY-MM-DD` dates (either may be empty) as the STAC `datetime` interval; undefined for no range. */
export function dateRange(from: string, to: string): string | undefined {
  if (!from && !to) return undefined
  const start = from ? `${from}T00:00:00Z` : '..'
  const end = to ? `${to}T23:59:59Z` : '..'
  return `${start}/${end}`
}
