import type { Polygon } from 'geojson'
import type { Params } from '../../components/schema-form/form-model'
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

/** The request a link carries, or why it cannot be read; nothing in it is trusted beyond its shape. */
export function decodeTaskingShare(text: string): SharedRead<SharedTasking> {
  return decodeShared(KIND, text, (b) => {
    if (typeof b.aoi !== 'string') return null
    const aoi = decodePolygons(b.aoi)
    if (!aoi) return null
    if (!optionalString(b.c) || !optionalString(b.p) || !optionalString(b.name)) return null
    if (b.params !== undefined && !isRecord(b.params)) return null
    if (b.tags !== undefined && !isStringList(b.tags)) return null
    if (b.pass !== undefined && !isPass(b.pass)) return null
    const draft: TaskingDraft = {}
    if (b.c !== undefined) draft.collectionName = b.c
    if (b.p !== undefined) draft.dataProductId = b.p
    if (b.params !== undefined) draft.params = b.params
    if (b.name !== undefined) draft.displayName = b.name
    if (b.tags !== undefined) draft.tags = b.tags
    const pass = b.pass
    return pass
      ? { aoi, draft, pass: { collection: pass.collection, sensor: pass.sensor, start: pass.start } }
      : { aoi, draft }
  })
}
