import type { Geometry, Polygon } from 'geojson'
import type { components } from '../../api/schema'
import type { Params } from '../../lib/order-params/form-model'
import type { Collection } from './tasking-rules'
import type { TaskingDraft } from '../../data/orders/tasking-share'

type Order = components['schemas']['Order']

/** What a placed tasking order gives a new request: its area, and a draft with a window starting now. */
export interface RequestAgain {
  aoi: Polygon[]
  draft: TaskingDraft
}

/**
 * Members of the order's details that are not parameters to send again: the area (the AOI), the sub-status,
 * and the name, which some forms list among their params (the page fills it from the new name).
 */
const NOT_PARAMS = new Set(['geometry', 'aoi', 'subStatus', 'displayName'])

const MINUTE = 60_000
const DAY = 86_400_000
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

const polygonsOf = (g: Geometry | undefined): Polygon[] => {
  if (g?.type === 'Polygon') return [g]
  if (g?.type === 'MultiPolygon')
    return g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
  return []
}

/**
 * The new window: it opens at the next whole minute from `now` (today, so the provider can still look into
 * all of it) and lasts as long as the order's did — a two-week window stays two weeks. A window the order
 * did not carry in a form we can read lasts two weeks.
 */
export function windowAgain(start: unknown, end: unknown, now: number) {
  const from = typeof start === 'string' ? Date.parse(start) : NaN
  const to = typeof end === 'string' ? Date.parse(end) : NaN
  const length = Number.isFinite(from) && Number.isFinite(to) && to > from ? to - from : 14 * DAY
  const opens = Math.ceil(now / MINUTE) * MINUTE
  return { acquisitionStart: isoSeconds(opens), acquisitionEnd: isoSeconds(opens + length) }
}

/**
 * A new tasking request like a placed tasking order: the same area (each polygon one order again), the same
 * collection, data product, parameters and tags, and a new window from today. The name is left to the page's
 * default (product and the new window's day), so the two orders are told apart in the list. Null when the
 * order cannot be asked for again here: not a tasking order, no area, or a data product no tasking
 * collection of the account offers any more — with the reason in words.
 */
export function requestAgain(
  order: Order,
  collections: readonly Collection[],
  now: number,
): { ok: true; value: RequestAgain } | { ok: false; reason: string } {
  if (order.type !== 'TASKING' || !order.orderDetails)
    return { ok: false, reason: 'Only a tasking order can be requested again.' }
  const details = order.orderDetails as Record<string, unknown>
  const aoi = polygonsOf(details.geometry as Geometry | undefined)
  if (aoi.length === 0) return { ok: false, reason: 'The service did not send this order’s area.' }
  const collection = collections.find((c) =>
    (c.dataProducts ?? []).some((p) => p.id && p.id === order.dataProductId),
  )
  if (!collection)
    return {
      ok: false,
      reason: 'The order’s data product is not offered by any tasking collection of this account any more.',
    }
  const params: Params = {}
  for (const [k, v] of Object.entries(details)) {
    // The service lists unset optional parameters as null; the form leaves them out.
    if (!NOT_PARAMS.has(k) && v !== null && v !== undefined) params[k] = v
  }
  Object.assign(params, windowAgain(details.acquisitionStart, details.acquisitionEnd, now))
  const draft: TaskingDraft = {
    collectionName: collection.name,
    dataProductId: order.dataProductId,
    params,
  }
  if (order.tags.length > 0) draft.tags = [...order.tags]
  return { ok: true, value: { aoi, draft } }
}
