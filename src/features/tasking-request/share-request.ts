import type { Polygon } from 'geojson'
import { decodePolygons, encodePolygons } from '../../lib/polyline'
import {
  decodeShared,
  encodeShared,
  isRecord,
  isStringList,
  optionalString,
  type SharedRead,
} from '../../lib/share-link'
import type { TaskingDraft } from './tasking-store'

const KIND = 'tasking'

/** What a shared tasking request carries: the AOI and everything the analyst set, not the budget or attempts. */
export interface SharedTasking {
  aoi: Polygon[]
  draft: TaskingDraft
}

/** The link's parameter text for a request (the AOI as encoded polylines, six decimals). */
export function encodeTaskingShare({ aoi, draft }: SharedTasking): string {
  return encodeShared(KIND, {
    aoi: encodePolygons(aoi),
    c: draft.collectionName,
    p: draft.dataProductId,
    params: draft.params,
    name: draft.displayName,
    tags: draft.tags,
  })
}

/** The request a link carries, or why it cannot be read; nothing in it is trusted beyond its shape. */
export function decodeTaskingShare(text: string): SharedRead<SharedTasking> {
  return decodeShared(KIND, text, (b) => {
    if (typeof b.aoi !== 'string') return null
    const aoi = decodePolygons(b.aoi)
    if (!aoi) return null
    if (!optionalString(b.c) || !optionalString(b.p) || !optionalString(b.name)) return null
    if (b.params !== undefined && !isRecord(b.params)) return null
    if (b.tags !== undefined && !isStringList(b.tags)) return null
    const draft: TaskingDraft = {}
    if (b.c !== undefined) draft.collectionName = b.c
    if (b.p !== undefined) draft.dataProductId = b.p
    if (b.params !== undefined) draft.params = b.params
    if (b.name !== undefined) draft.displayName = b.name
    if (b.tags !== undefined) draft.tags = b.tags
    return { aoi, draft }
  })
}
