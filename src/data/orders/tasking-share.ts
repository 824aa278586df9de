import type { Polygon } from 'geojson'
import type { Params } from '../../lib/order-params/form-model'
import { asFormValue } from '../../lib/param-limits'
import { decodePolygons, encodePolygons } from '../../lib/polyline'
import {
  decodeShared,
  encodeShared,
  isRecord,
  isStringList,
  optionalString,
  type SharedRead,
} from '../../lib/share-link'

const KIND = 'tasking'

/** What the analyst has set on a tasking request; anything unset falls back to a default computed at render. */
export interface TaskingDraft {
  collectionName?: string
  dataProductId?: string
  params?: Params
  displayName?: string
  tags?: string[]
}

/** The satellite pass a request was started from (the catalog's "Archive or task"), said on the tasking page. */
export interface PassOrigin {
  /** The collection's title, as the analyst saw it. */
  collection: string
  sensor: string
  /** When the pass starts (RFC 3339). */
  start: string
}

/**
 * What a tasking link carries: the AOI and everything the analyst set, not the budget or attempts; and,
 * when it starts from a pass, which one. The same codec serves a Viewer's shared draft and a pass picked in
 * the catalog, so it lives with the orders' data rather than in either feature.
 */
export interface SharedTasking {
  aoi: Polygon[]
  draft: TaskingDraft
  pass?: PassOrigin
}

/** The link's parameter text for a request (the AOI as encoded polylines, six decimals). */
export function encodeTaskingShare({ aoi, draft, pass }: SharedTasking): string {
  return encodeShared(KIND, {
    aoi: encodePolygons(aoi),
    c: draft.collectionName,
    p: draft.dataProductId,
    params: draft.params,
    name: draft.displayName,
    tags: draft.tags,
    pass,
  })
}

const isPass = (v: unknown): v is PassOrigin =>
  isRecord(v) &&
  typeof v.collection === 'string' &&
  typeof v.sensor === 'string' &&
  typeof v.start === 'string' &&
  Number.isFinite(Date.parse(v.start))

/**
 * A tasking draft from outside the page (a link, the tab's stored draft), or null when it is not one the
 * form could have made: texts where texts go, and params within the typed form's limits.
 */
export function readTaskingDraft(v: unknown): TaskingDraft | null {
  if (!isRecord(v)) return null
  const { collectionName, dataProductId, params, displayName, tags } = v
  if (!optionalString(collectionName) || !optionalString(dataProductId) || !optionalString(displayName))
    return null
  if (tags !== undefined && !isStringList(tags)) return null
  const formParams = params === undefined ? undefined : asFormValue(params)
  if (formParams === null) return null
  const draft: TaskingDraft = {}
  if (collectionName !== undefined) draft.collectionName = collectionName
  if (dataProductId !== undefined) draft.dataProductId = dataProductId
  if (formParams !== undefined) draft.params = formParams
  if (displayName !== undefined) draft.displayName = displayName
  if (tags !== undefined) draft.tags = tags
  return draft
}

/** The request a link carries, or why it cannot be read; nothing in it is trusted beyond its shape. */
export function decodeTaskingShare(text: string): SharedRead<SharedTasking> {
  return decodeShared(KIND, text, (b) => {
    if (typeof b.aoi !== 'string') return null
    const aoi = decodePolygons(b.aoi)
    if (!aoi) return null
    if (b.pass !== undefined && !isPass(b.pass)) return null
    const draft = readTaskingDraft({
      collectionName: b.c,
      dataProductId: b.p,
      params: b.params,
      displayName: b.name,
      tags: b.tags,
    })
    if (!draft) return null
    const pass = b.pass
    return pass
      ? { aoi, draft, pass: { collection: pass.collection, sensor: pass.sensor, start: pass.start } }
      : { aoi, draft }
  })
}
