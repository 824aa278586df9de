import type { MultiPolygon, Polygon } from 'geojson'
import { basketKey, type BasketScene } from '../../components/basket/basket-store'
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
import type { LineDraft, ProductLine } from './checkout-store'

const KIND = 'checkout'

/** What the shared draft of a line keeps: what the analyst set, never an attempt to place it. */
export type SharedLineDraft = Omit<LineDraft, 'placement'>

/**
 * A checkout as a link: the scenes (with a coverage plan's part of the AOI for each, when a plan put them in),
 * the lines started from a product's page, their drafts and the AOI.
 */
export interface SharedCheckout {
  scenes: BasketScene[]
  productLines: ProductLine[]
  drafts: Record<string, SharedLineDraft>
  aoi: Polygon[]
}

const polygonsOfFootprint = (f: Polygon | MultiPolygon): Polygon[] =>
  f.type === 'Polygon' ? [f] : f.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))

const footprintOf = (polygons: Polygon[]): Polygon | MultiPolygon =>
  polygons.length === 1
    ? polygons[0]
    : { type: 'MultiPolygon', coordinates: polygons.map((p) => p.coordinates) }

const lineDraftOut = (d: LineDraft) => ({
  p: d.dataProductId,
  name: d.displayName,
  tags: d.tags,
  params: d.params,
  area: d.area,
  aoi: d.aoi ? encodePolygons(d.aoi) : undefined,
})

/** The link's parameter text (footprints and areas as encoded polylines, six decimals). */
export function encodeCheckoutShare({ scenes, productLines, drafts, aoi }: SharedCheckout): string {
  return encodeShared(KIND, {
    scenes: scenes.map((s) => ({
      id: s.id,
      host: s.host,
      c: s.collection,
      k: s.constellation,
      t: s.datetime,
      cc: s.cloudCoverage,
      r: s.resolution,
      f: encodePolygons(polygonsOfFootprint(s.footprint)),
      // A coverage plan's part of the AOI for this scene: without it the reader's lines would order the whole
      // AOI from each scene, another plan at another price.
      pt: s.part ? encodePolygons(s.part) : undefined,
      d: drafts[basketKey(s)] ? lineDraftOut(drafts[basketKey(s)]) : undefined,
    })),
    products: productLines.map((l) => ({
      c: l.collection,
      p: l.dataProductId,
      d: drafts[l.key] ? lineDraftOut(drafts[l.key]) : undefined,
    })),
    aoi: encodePolygons(aoi),
  })
}

const nullableNumber = (v: unknown): v is number | null => v === null || typeof v === 'number'
const nullableString = (v: unknown): v is string | null => v === null || typeof v === 'string'

function lineDraftIn(v: unknown): SharedLineDraft | null {
  if (v === undefined) return {}
  if (!isRecord(v)) return null
  if (!optionalString(v.p) || !optionalString(v.name)) return null
  if (v.tags !== undefined && !isStringList(v.tags)) return null
  const params = v.params === undefined ? undefined : asFormValue(v.params)
  if (params === null) return null
  if (v.area !== undefined && v.area !== 'aoi' && v.area !== 'scene') return null
  if (v.aoi !== undefined && typeof v.aoi !== 'string') return null
  const aoi = v.aoi === undefined ? undefined : decodePolygons(v.aoi)
  if (aoi === null) return null
  const d: SharedLineDraft = {}
  if (v.p !== undefined) d.dataProductId = v.p
  if (v.name !== undefined) d.displayName = v.name
  if (v.tags !== undefined) d.tags = v.tags
  if (params !== undefined) d.params = params
  if (v.area !== undefined) d.area = v.area
  if (aoi !== undefined) d.aoi = aoi
  return d
}

/**
 * The checkout a link carries, or why it cannot be read. Product lines get their keys here (`product:1`, …);
 * the reader's page gives them fresh ones beside its own.
 */
export function decodeCheckoutShare(text: string): SharedRead<SharedCheckout> {
  return decodeShared(KIND, text, (b) => {
    if (!Array.isArray(b.scenes) || !Array.isArray(b.products) || typeof b.aoi !== 'string') return null
    const aoi = decodePolygons(b.aoi)
    if (!aoi) return null
    const out: SharedCheckout = { scenes: [], productLines: [], drafts: {}, aoi }
    for (const s of b.scenes as unknown[]) {
      if (!isRecord(s)) return null
      if (typeof s.id !== 'string' || typeof s.host !== 'string' || typeof s.c !== 'string') return null
      if (typeof s.k !== 'string' || !nullableString(s.t) || !nullableNumber(s.cc) || !nullableNumber(s.r))
        return null
      const footprint = typeof s.f === 'string' ? decodePolygons(s.f) : null
      const draft = lineDraftIn(s.d)
      if (!footprint || footprint.length === 0 || !draft) return null
      if (s.pt !== undefined && typeof s.pt !== 'string') return null
      const part = s.pt === undefined ? undefined : decodePolygons(s.pt)
      if (part === null) return null
      const scene: BasketScene = {
        id: s.id,
        host: s.host,
        collection: s.c,
        constellation: s.k,
        datetime: s.t,
        cloudCoverage: s.cc,
        resolution: s.r,
        footprint: footprintOf(footprint),
        ...(part !== undefined ? { part } : {}),
      }
      out.scenes.push(scene)
      if (s.d !== undefined) out.drafts[basketKey(scene)] = draft
    }
    for (const [i, l] of (b.products as unknown[]).entries()) {
      if (!isRecord(l) || typeof l.c !== 'string' || typeof l.p !== 'string') return null
      const draft = lineDraftIn(l.d)
      if (!draft) return null
      const key = `product:${i + 1}`
      out.productLines.push({ key, collection: l.c, dataProductId: l.p })
      if (l.d !== undefined) out.drafts[key] = draft
    }
    return out
  })
}
