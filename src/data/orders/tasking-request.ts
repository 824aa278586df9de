import type { Polygon } from 'geojson'
import type { components } from '../../api/schema'
import { defaultsOf, fieldSchema, type JsonSchema, type Params } from '../../lib/order-params/form-model'
import { orderRequest } from './placement'

/**
 * A tasking request as pure functions, shared by the tasking page and by whatever starts one (the catalog's
 * "Archive or task"): the orderable data products, the request for the AOI's polygons, the starting
 * acquisition window and the window a request's params hold.
 */

type Collection = components['schemas']['Collection']
type DataProduct = components['schemas']['DataProduct']

const DAY = 86_400_000

/** Data products that can be ordered (those without an id are listed but not orderable yet). */
export const orderableOf = (c: Collection | undefined): DataProduct[] =>
  (c?.dataProducts ?? []).filter((p) => p.id)

/** A tasking request: one feature, and so one order, per AOI polygon. */
export const taskingRequest = ({
  polygons,
  ...opts
}: Omit<Parameters<typeof orderRequest>[0], 'areas'> & { polygons: readonly Polygon[] }) =>
  orderRequest({ ...opts, areas: polygons })

export const WINDOW_FIELDS = ['acquisitionStart', 'acquisitionEnd'] as const

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * Tomorrow 00:00 UTC to two weeks later: a window every provider can look into, so feasibility and
 * opportunities can be asked as soon as an AOI exists. The same all day long, so drafts stay put.
 */
export function defaultWindow(now: number): { acquisitionStart: string; acquisitionEnd: string } {
  const start = Math.floor(now / DAY) * DAY + DAY
  return { acquisitionStart: isoSeconds(start), acquisitionEnd: isoSeconds(start + 14 * DAY) }
}

/** The schema's defaults, with the default window where the schema has window fields and no defaults. */
export function startingParams(schema: JsonSchema, now: number): Params {
  const window = defaultWindow(now)
  const overrides: Params = {}
  for (const field of WINDOW_FIELDS) {
    const s = fieldSchema(schema, field)
    if (s && s.default === undefined) overrides[field] = window[field]
  }
  return defaultsOf(schema, overrides)
}

/** The acquisition window of params in epoch milliseconds; null unless both ends parse in order. */
export function windowOf(params: Params | undefined): { from: number; to: number } | null {
  const from = typeof params?.acquisitionStart === 'string' ? Date.parse(params.acquisitionStart) : NaN
  const to = typeof params?.acquisitionEnd === 'string' ? Date.parse(params.acquisitionEnd) : NaN
  return Number.isFinite(from) && Number.isFinite(to) && to > from ? { from, to } : null
}

/** The order name also goes in `params` when the form asks for it there. */
export function withName(schema: JsonSchema, params: Params, displayName: string): Params {
  return fieldSchema(schema, 'displayName') ? { ...params, displayName: displayName.trim() } : params
}
