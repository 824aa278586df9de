import type { Feature, MultiPolygon, Point, Polygon, Position } from 'geojson'
import type { components } from '../../api/schema'
import { boundsOf, isGeometry } from '../../lib/geometry-bounds'

type StacItem = components['schemas']['StacItem']
type StacLink = components['schemas']['StacLink']

/**
 * A page of "Draw all" boiled down to what the map draws, in a form a worker can hand over without copying
 * (decision 85): an answer of 1,000 items is some 3 MB of JSON, and parsing it on the page's thread was one task
 * of 150–390 ms under load. This module is pure (no client, no DOM): the worker and this thread share it.
 */

/** What a streamed item is kept as: its id and footprint, numbered in arrival order (MapLibre's feature id). */
export type Footprint = Feature<Polygon | MultiPolygon, { id: string }>
export type Centre = Feature<Point, { id: string }>

/** A page of STAC items as the lists and the search answer it. */
export interface ItemPage {
  features: readonly StacItem[]
  links: readonly StacLink[]
  context?: { matched?: number }
}

/**
 * A page's footprints in flat arrays. `shape` holds, per footprint, its kind (0 Polygon, 1 MultiPolygon), its
 * polygon count, then per polygon its ring count, then per ring its position count; `coords` the positions'
 * x and y in that order; `centres` each footprint's box centre (x, y; NaN, NaN for none).
 */
export interface PackedFootprints {
  ids: string[]
  shape: Uint32Array
  coords: Float64Array
  centres: Float64Array
}

/** A page as the stream follows it: how many items it held, its links and total, and its packed footprints. */
export interface PackedPage {
  size: number
  links: StacLink[]
  matched: number | null
  footprints: PackedFootprints
}

/**
 * An item's footprint with nothing else of it (its properties, assets and links are dropped: 50,000 whole
 * items would hold hundreds of MB): its geometry if a polygon, else its bbox; null for neither.
 */
export function footprintOf(item: StacItem, n: number): Footprint | null {
  const g = item.geometry
  let geometry: Polygon | MultiPolygon | null = null
  if (g && isGeometry(g) && (g.type === 'Polygon' || g.type === 'MultiPolygon'))
    geometry = { type: g.type, coordinates: g.coordinates } as Polygon | MultiPolygon
  else if (item.bbox && item.bbox.length >= 4) {
    const b = item.bbox
    const [w, s, e, n2] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
    geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n2],
          [w, n2],
          [w, s],
        ],
      ],
    }
  }
  return geometry ? { type: 'Feature', id: n, properties: { id: item.id }, geometry } : null
}

/** A page's items as footprints, numbered on from `from`. */
export function footprintsOf(items: readonly StacItem[], from: number): Footprint[] {
  const out: Footprint[] = []
  for (const item of items) {
    const f = footprintOf(item, from + out.length)
    if (f) out.push(f)
  }
  return out
}

/** A footprint's box centre as a point with its id: what the clustered source gathers at low zooms. */
export function centreOf(f: Footprint): Centre | null {
  const box = boundsOf([f.geometry])
  if (!box) return null
  return {
    type: 'Feature',
    id: f.id,
    properties: f.properties,
    geometry: { type: 'Point', coordinates: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] },
  }
}

/** A page's items packed: the footprints `footprintsOf` would give, and their centres. */
export function packItems(items: readonly StacItem[]): PackedFootprints {
  const footprints = footprintsOf(items, 0)
  const shape: number[] = []
  const coords: number[] = []
  const centres = new Float64Array(footprints.length * 2)
  footprints.forEach((f, i) => {
    const polygons: Position[][][] =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    shape.push(f.geometry.type === 'Polygon' ? 0 : 1, polygons.length)
    for (const rings of polygons) {
      shape.push(rings.length)
      for (const ring of rings) {
        shape.push(ring.length)
        for (const p of ring) coords.push(p[0], p[1])
      }
    }
    const c = centreOf(f)?.geometry.coordinates ?? [NaN, NaN]
    centres[i * 2] = c[0]
    centres[i * 2 + 1] = c[1]
  })
  return {
    ids: footprints.map((f) => f.properties.id),
    shape: Uint32Array.from(shape),
    coords: Float64Array.from(coords),
    centres,
  }
}

/** An answer of the items list or the search, packed; refused when it is not a page of items. */
export function packPage(page: unknown): PackedPage {
  const p = page as Partial<ItemPage> | null
  if (!p || typeof p !== 'object' || !Array.isArray(p.features))
    throw new Error('The service’s answer was not a page of items.')
  const links = Array.isArray(p.links) ? (p.links as readonly StacLink[]) : []
  return {
    size: p.features.length,
    links: [...links],
    matched: typeof p.context?.matched === 'number' ? p.context.matched : null,
    footprints: packItems(p.features),
  }
}

/** What `packPage` gives for an answer's body as bytes (UTF-8 JSON): the worker's whole work. */
export function packBody(body: ArrayBuffer): PackedPage {
  return packPage(JSON.parse(new TextDecoder().decode(body)))
}

/** The buffers a packed page can hand over instead of copying. */
export const transferables = (p: PackedFootprints): ArrayBuffer[] => [
  p.shape.buffer as ArrayBuffer,
  p.coords.buffer as ArrayBuffer,
  p.centres.buffer as ArrayBuffer,
]

/**
 * Packed footprints back as the features the map is handed, numbered on from `from`, each with its centre
 * (none for a footprint without one).
 */
export function unpack(p: PackedFootprints, from: number): { outlines: Footprint[]; centres: Centre[] } {
  const outlines: Footprint[] = []
  const centres: Centre[] = []
  let s = 0
  let c = 0
  for (let i = 0; i < p.ids.length; i++) {
    const kind = p.shape[s++]
    const polygons: Position[][][] = []
    for (let np = p.shape[s++]; np > 0; np--) {
      const rings: Position[][] = []
      for (let nr = p.shape[s++]; nr > 0; nr--) {
        const ring: Position[] = []
        for (let n = p.shape[s++]; n > 0; n--, c += 2) ring.push([p.coords[c], p.coords[c + 1]])
        rings.push(ring)
      }
      polygons.push(rings)
    }
    const id = from + i
    const properties = { id: p.ids[i] }
    const geometry: Polygon | MultiPolygon =
      kind === 0
        ? { type: 'Polygon', coordinates: polygons[0] }
        : { type: 'MultiPolygon', coordinates: polygons }
    outlines.push({ type: 'Feature', id, properties, geometry })
    const x = p.centres[i * 2]
    const y = p.centres[i * 2 + 1]
    if (!Number.isNaN(x) && !Number.isNaN(y))
      centres.push({ type: 'Feature', id, properties, geometry: { type: 'Point', coordinates: [x, y] } })
  }
  return { outlines, centres }
}
