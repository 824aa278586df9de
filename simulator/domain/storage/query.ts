import type { Geometry } from 'geojson'
import type { S } from '../world/types'

/**
 * Storage search as the domain sees it, apart from HTTP: the queryable properties of STAC items, a CQL2-JSON
 * compiler (a filter becomes a predicate once, so a bad filter is refused even when nothing would match),
 * RFC 3339 instants and intervals, and sort keys. The STAC routes turn a `CqlError` into a 422.
 */

const assetIdsOf = (item: S['StacItem']) =>
  Object.values(item.assets).map((a) => a.href.split('/').pop() ?? '')
export type Scalar = string | number | boolean | null
export type Value = Scalar | Scalar[]

export interface Queryable {
  title: string
  description: string
  type: string
  /** Allowed values, for clients that build filters from the queryables (JSON Schema `enum`). */
  enum?: string[]
  get: (item: S['StacItem']) => Value
}

export const prop = (item: S['StacItem'], name: string): Scalar => {
  const v = item.properties[name]
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null
}
export const time = (v: Scalar): Scalar =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null

export const QUERYABLES: Record<string, Queryable> = {
  id: { title: 'Item ID', description: 'Item identifier (UUID).', type: 'string', get: (i) => i.id },
  collection: {
    title: 'Collection ID',
    description: 'Identifier of the item collection.',
    type: 'string',
    get: (i) => i.collection ?? null,
  },
  datetime: {
    title: 'Acquisition time',
    description: 'Acquisition time of the item.',
    type: 'timestamp',
    get: (i) => time(prop(i, 'datetime')),
  },
  created: {
    title: 'Created',
    description: 'When the item landed in storage.',
    type: 'timestamp',
    get: (i) => time(prop(i, 'created')),
  },
  updated: {
    title: 'Updated',
    description: 'Last change of the item.',
    type: 'timestamp',
    get: (i) => time(prop(i, 'updated')),
  },
  asset_id: {
    title: 'Asset ID',
    description: 'ID of any asset of the item.',
    type: 'string',
    get: assetIdsOf,
  },
  order_id: {
    title: 'Order ID',
    description: 'Order that delivered the item.',
    type: 'string',
    get: (i) => prop(i, 'up42-order:id'),
  },
  job_id: {
    title: 'Job ID',
    description: 'Processing job that produced the item.',
    type: 'string',
    get: (i) => prop(i, 'up42-system:job_id'),
  },
  workspace_id: {
    title: 'Workspace ID',
    description: 'Workspace the item belongs to.',
    type: 'string',
    get: (i) => prop(i, 'up42-system:workspace_id'),
  },
  source: {
    title: 'Source',
    description: 'ARCHIVE, TASKING or PROCESSING.',
    type: 'string',
    enum: ['ARCHIVE', 'TASKING', 'PROCESSING'],
    get: (i) => prop(i, 'up42-system:source'),
  },
  collection_name: {
    title: 'Collection name',
    description: 'Glossary collection of the data, e.g. phr.',
    type: 'string',
    get: (i) => prop(i, 'up42-product:collection_name'),
  },
  product_id: {
    title: 'Data product ID',
    description: 'Data product the item was ordered as.',
    type: 'string',
    get: (i) => prop(i, 'up42-product:product_id'),
  },
  constellation: {
    title: 'Constellation',
    description: 'Sensor constellation.',
    type: 'string',
    get: (i) => prop(i, 'constellation'),
  },
  gsd: {
    title: 'Ground sample distance',
    description: 'Metres per pixel.',
    type: 'float',
    get: (i) => prop(i, 'gsd'),
  },
  'eo:cloud_cover': {
    title: 'Cloud cover',
    description: 'Percent of the scene under cloud.',
    type: 'float',
    get: (i) => prop(i, 'eo:cloud_cover'),
  },
  cloud_cover: {
    title: 'Cloud cover (deprecated)',
    description: 'Use eo:cloud_cover.',
    type: 'float',
    get: (i) => prop(i, 'eo:cloud_cover'),
  },
  title: {
    title: 'Title',
    description: 'User title, or the item title when none is set.',
    type: 'string',
    get: (i) => prop(i, 'up42-user:title') ?? prop(i, 'title'),
  },
  tags: {
    title: 'Tags',
    description: 'User tags of the item.',
    type: 'array',
    get: (i) => {
      const t = i.properties['up42-user:tags']
      return Array.isArray(t) ? t.filter((x) => typeof x === 'string') : []
    },
  },
  geometry: {
    title: 'Geometry',
    description: 'Footprint; filter it with bbox or intersects.',
    type: 'geometry',
    get: () => null,
  },
}

/** Own members only: a property named `constructor` must not reach Object.prototype. */
export const queryable = (name: string): Queryable | undefined =>
  Object.hasOwn(QUERYABLES, name) ? QUERYABLES[name] : undefined

export const OPS = ['and', 'or', 'not', '=', '<>', '<', '<=', '>', '>=', 'in', 'like', 'isNull']

export type Pred = (item: S['StacItem']) => boolean
export type Operand = (item: S['StacItem']) => Value

export class CqlError extends Error {}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export function propertyName(raw: string): string {
  return raw.startsWith('properties.') ? raw.slice('properties.'.length) : raw
}

/** A literal or a property reference; timestamps become epoch ms so they compare with `datetime`. */
export function compileOperand(node: unknown, timeContext: boolean): Operand {
  if (isRecord(node) && 'property' in node) {
    if (typeof node.property !== 'string') throw new CqlError('a property reference needs a string name')
    const name = propertyName(node.property)
    const q = queryable(name)
    if (!q) throw new CqlError(`unknown property "${name.slice(0, 80)}"; see /v2/assets/stac/queryables`)
    if (q.type === 'geometry')
      throw new CqlError('geometry is filtered with bbox or intersects, not in filter')
    return q.get
  }
  if (isRecord(node) && ('timestamp' in node || 'date' in node)) {
    const v = node.timestamp ?? node.date
    const t = typeof v === 'string' ? Date.parse(v) : NaN
    if (Number.isNaN(t)) throw new CqlError('a timestamp literal must hold an RFC 3339 date-time')
    return () => t
  }
  if (typeof node === 'string') {
    if (timeContext) {
      const t = Date.parse(node)
      if (Number.isNaN(t)) throw new CqlError(`"${node.slice(0, 80)}" is not a timestamp`)
      return () => t
    }
    return () => node
  }
  if (typeof node === 'number' || typeof node === 'boolean' || node === null) return () => node
  throw new CqlError('operands are property references, strings, numbers, booleans or timestamps')
}

export const isTimeProperty = (node: unknown) =>
  isRecord(node) &&
  typeof node.property === 'string' &&
  queryable(propertyName(node.property))?.type === 'timestamp'

export const asList = (v: Value): Scalar[] => (Array.isArray(v) ? v : [v])

export function compare(op: string, a: Scalar, b: Scalar): boolean {
  if (a === null || b === null) return false
  if (op === '=') return a === b
  if (typeof a !== typeof b) return false
  switch (op) {
    case '<':
      return a < b
    case '<=':
      return a <= b
    case '>':
      return a > b
    case '>=':
      return a >= b
    default:
      return false
  }
}

export function likeRegExp(pattern: string): RegExp {
  let re = ''
  // Runs of % mean the same as one and would only make the regular expression backtrack more.
  pattern = pattern.replace(/%+/g, '%')
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === '\\' && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    else if (ch === '%') re += '.*'
    else if (ch === '_') re += '.'
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`, 's')
}

/** Compiles a CQL2-JSON expression once, so bad filters fail with 422 even when nothing would match. */
export function compileFilter(node: unknown, depth = 0): Pred {
  if (depth > 50) throw new CqlError('filter is nested too deeply')
  if (!isRecord(node) || typeof node.op !== 'string' || !Array.isArray(node.args)) {
    throw new CqlError('each filter expression is an object {"op": <operator>, "args": [...]}')
  }
  const op = node.op
  const args: unknown[] = node.args
  if (!OPS.includes(op))
    throw new CqlError(`unsupported filter operator "${op.slice(0, 40)}"; supported: ${OPS.join(', ')}`)
  const arity = (n: number) => {
    if (args.length !== n) throw new CqlError(`operator ${op} takes ${n} argument${n > 1 ? 's' : ''}`)
  }
  switch (op) {
    case 'and':
    case 'or': {
      if (args.length < 2) throw new CqlError(`operator ${op} takes at least 2 arguments`)
      const parts = args.map((a) => compileFilter(a, depth + 1))
      return op === 'and' ? (i) => parts.every((p) => p(i)) : (i) => parts.some((p) => p(i))
    }
    case 'not': {
      arity(1)
      const inner = compileFilter(args[0], depth + 1)
      return (i) => !inner(i)
    }
    case 'isNull': {
      arity(1)
      const a = compileOperand(args[0], false)
      return (i) => {
        const v = a(i)
        return v === null || (Array.isArray(v) && v.length === 0)
      }
    }
    case 'in': {
      arity(2)
      if (!Array.isArray(args[1])) throw new CqlError('the second argument of in is a list of values')
      const timed = isTimeProperty(args[0])
      const a = compileOperand(args[0], false)
      const list = (args[1] as unknown[]).map((v) => compileOperand(v, timed))
      return (i) => {
        const values = list.map((l) => l(i)).flatMap(asList)
        return asList(a(i)).some((v) => values.includes(v))
      }
    }
    case 'like': {
      arity(2)
      if (typeof args[1] !== 'string')
        throw new CqlError('the pattern of like is a string (% and _ are wildcards)')
      const re = likeRegExp(args[1])
      const a = compileOperand(args[0], false)
      return (i) => asList(a(i)).some((v) => typeof v === 'string' && re.test(v))
    }
    default: {
      arity(2)
      const timed = isTimeProperty(args[0]) || isTimeProperty(args[1])
      const a = compileOperand(args[0], timed)
      const b = compileOperand(args[1], timed)
      if (op === '<>') return (i) => !asList(a(i)).some((x) => asList(b(i)).some((y) => compare('=', x, y)))
      return (i) => asList(a(i)).some((x) => asList(b(i)).some((y) => compare(op, x, y)))
    }
  }
}

export const RFC3339 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/i

/** `instant`, `start/end`, `start/..`, `../end` (an empty side is open too) → [from, to] in ms. */
export function parseDatetime(raw: string): [number, number] | string {
  const parts = raw.split('/')
  if (parts.length > 2) return 'datetime is an instant or an interval start/end'
  const bound = (s: string, open: number): number | string => {
    if (s === '' || s === '..') return parts.length === 2 ? open : 'an instant datetime cannot be open'
    if (!RFC3339.test(s) || Number.isNaN(Date.parse(s)))
      return `"${s.slice(0, 60)}" is not an RFC 3339 date-time`
    return Date.parse(s)
  }
  const from = bound(parts[0], -Infinity)
  const to = parts.length === 2 ? bound(parts[1], Infinity) : from
  if (typeof from === 'string') return from
  if (typeof to === 'string') return to
  if (from === -Infinity && to === Infinity) return 'a datetime interval needs at least one closed end'
  if (from > to) return 'the datetime interval starts after it ends'
  return [from, to]
}

export function itemTimeRange(item: S['StacItem']): [number, number] | undefined {
  const p = item.properties
  const start = Date.parse(p.start_datetime ?? p.datetime ?? '')
  const end = Date.parse(p.end_datetime ?? p.datetime ?? '')
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined
  return [start, end]
}

/** The geometry without its own `bbox` members, in turf's types; every GeoJSON type, collections included. */
export function plainGeometry(g: S['AnyGeoJsonGeometry']): Geometry {
  if (g.type === 'GeometryCollection')
    return {
      type: g.type,
      geometries: g.geometries.map((m) => ({ type: m.type, coordinates: m.coordinates }) as Geometry),
    }
  return { type: g.type, coordinates: g.coordinates } as Geometry
}

export function searchSortKey(field: string): Operand | undefined {
  const name = propertyName(field)
  const q = queryable(name)
  if (!q || q.type === 'geometry') return undefined
  return q.get
}
