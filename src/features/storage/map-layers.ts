import type { Feature, FeatureCollection, Point, Polygon } from 'geojson'
import { boundsOf, isGeometry } from '../../lib/geometry-bounds'
import { clusterLayers, outlineLayers } from '../../map/cluster-layers'
import { footprintLayers, hoverSelectOverlay, polygonLayers } from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { StacCollection, StacItem } from '../../data/storage/queries'

export const COLLECTIONS_SOURCE = 'storage-collections'
export const ITEMS_SOURCE = 'storage-items'
export const FILTER_BOX_SOURCE = 'storage-filter-box'
export const COLLECTION_CLUSTERS_SOURCE = 'storage-collections-clusters'
export const ITEM_CLUSTERS_SOURCE = 'storage-items-clusters'
/** Every footprint read by "Draw all" (decision 74): their outlines, and their centres clustered. */
export const ALL_SOURCE = 'storage-all'
export const ALL_CLUSTERS_SOURCE = 'storage-all-clusters'
/**
 * Below this zoom the footprints' centres are drawn too, gathered in clusters up to one level less: a scene of
 * 10 km is some 16 px wide at zoom 8, and under 1 px at the world's zoom, where MapLibre draws nothing of it.
 */
export const CENTRES_UNTIL_ZOOM = 8

export type Box = [number, number, number, number]

export function boxPolygon([w, s, e, n]: Box): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}

/** The first spatial extent of a collection (its overall box), as four numbers; null when it has none. */
export function collectionBox(c: StacCollection): Box | null {
  const b = c.extent.spatial.bbox[0]
  if (!b || b.length < 4) return null
  return b.length >= 6 ? [b[0], b[1], b[3], b[4]] : [b[0], b[1], b[2], b[3]]
}

/** A collection has no geometry of its own: its footprint is its extent's box. Feature id = list index. */
export function collectionFootprints(collections: readonly StacCollection[]): FeatureCollection {
  const features: Feature[] = []
  collections.forEach((c, i) => {
    const box = collectionBox(c)
    if (box) features.push({ type: 'Feature', id: i, properties: { id: c.id }, geometry: boxPolygon(box) })
  })
  return { type: 'FeatureCollection', features }
}

/** Items' own footprints (their geometry, else their bbox). Feature id = list index. */
export function itemFootprints(items: readonly StacItem[]): FeatureCollection {
  const features: Feature[] = []
  items.forEach((item, i) => {
    const g = item.geometry
    // Rebuilt without the service's `bbox`, whose length GeoJSON types pin down and the contract does not.
    const geometry =
      g && isGeometry(g) && (g.type === 'Polygon' || g.type === 'MultiPolygon')
        ? ({ type: g.type, coordinates: g.coordinates } as Feature['geometry'])
        : item.bbox && item.bbox.length >= 4
          ? boxPolygon(
              item.bbox.length >= 6
                ? [item.bbox[0], item.bbox[1], item.bbox[3], item.bbox[4]]
                : [item.bbox[0], item.bbox[1], item.bbox[2], item.bbox[3]],
            )
          : null
    if (geometry) features.push({ type: 'Feature', id: i, properties: { id: item.id }, geometry })
  })
  return { type: 'FeatureCollection', features }
}

/**
 * The centre of each footprint's box, as a point with the footprint's id and properties: what a clustered
 * source gathers at the zooms where the footprints are too small to draw.
 */
export function footprintCentres(footprints: FeatureCollection): FeatureCollection<Point> {
  const features: Feature<Point>[] = []
  for (const f of footprints.features) {
    const box = f.geometry ? boundsOf([f.geometry]) : null
    if (!box) continue
    const [w, s, e, n] = box
    features.push({
      type: 'Feature',
      id: f.id,
      properties: f.properties,
      geometry: { type: 'Point', coordinates: [(w + e) / 2, (s + n) / 2] },
    })
  }
  return { type: 'FeatureCollection', features }
}

// Outlines, the hovered one filled: a page of collections or items stacks over one place.
const COLLECTION_LAYERS = footprintLayers(COLLECTIONS_SOURCE, { color: '#7048e8' })
const ITEM_LAYERS = footprintLayers(ITEMS_SOURCE, { color: '#0c8599' })
/** The map's footprint control may hide them (there is no selection to narrow them to). */
const HIDEABLE = { kept: [] }

// Their layers' GPU programs are built as the map loads (`prewarm`): built on the first hover instead, one
// was a task of 600 ms and more on the large world's list under load (decisions 79, 85); the clusters' discs
// too (their program built while the list scrolled was a 165 ms task on a quiet machine).
export const collectionsOverlay = (data: FeatureCollection, hovered: number | null): MapOverlay => ({
  ...hoverSelectOverlay(COLLECTIONS_SOURCE, data, COLLECTION_LAYERS, hovered, null),
  prewarm: true,
  footprints: HIDEABLE,
})

export const itemsOverlay = (data: FeatureCollection, hovered: number | null): MapOverlay => ({
  ...hoverSelectOverlay(ITEMS_SOURCE, data, ITEM_LAYERS, hovered, null),
  prewarm: true,
  footprints: HIDEABLE,
})

const COLLECTION_CLUSTER_LAYERS = clusterLayers(COLLECTION_CLUSTERS_SOURCE, {
  color: '#7048e8',
  maxZoom: CENTRES_UNTIL_ZOOM,
})
const ITEM_CLUSTER_LAYERS = clusterLayers(ITEM_CLUSTERS_SOURCE, {
  color: '#0c8599',
  maxZoom: CENTRES_UNTIL_ZOOM,
})
const CLUSTER = { radius: 40, maxZoom: CENTRES_UNTIL_ZOOM - 1 }

/** The listed collections' centres, clustered, for the zooms where their footprints vanish. */
export const collectionClustersOverlay = (footprints: FeatureCollection): MapOverlay => ({
  id: COLLECTION_CLUSTERS_SOURCE,
  data: footprintCentres(footprints),
  layers: COLLECTION_CLUSTER_LAYERS,
  cluster: CLUSTER,
  prewarm: true,
  footprints: HIDEABLE,
})

/** The listed items' centres, clustered, for the zooms where their footprints vanish. */
export const itemClustersOverlay = (footprints: FeatureCollection): MapOverlay => ({
  id: ITEM_CLUSTERS_SOURCE,
  data: footprintCentres(footprints),
  layers: ITEM_CLUSTER_LAYERS,
  cluster: CLUSTER,
  prewarm: true,
  footprints: HIDEABLE,
})

/**
 * From this zoom "Draw all"'s footprints are outlines; below it their centres, clustered, say where they are
 * (10,000 footprints at a zoom where each is a pixel or two are a smudge that costs their tiles to build).
 */
export const ALL_OUTLINES_FROM_ZOOM = 6
const ALL_COLOR = '#e8590c'
const ALL_OUTLINE_LAYERS = outlineLayers(ALL_SOURCE, { color: ALL_COLOR, minZoom: ALL_OUTLINES_FROM_ZOOM })
const ALL_CLUSTER_LAYERS = clusterLayers(ALL_CLUSTERS_SOURCE, {
  color: ALL_COLOR,
  maxZoom: CENTRES_UNTIL_ZOOM,
})

/** "Draw all"'s outlines (from `ALL_OUTLINES_FROM_ZOOM`) and clustered centres (below `CENTRES_UNTIL_ZOOM`). */
export const allFootprintsOverlays = (set: {
  outlines: FeatureCollection
  centres: FeatureCollection
}): MapOverlay[] => [
  {
    id: ALL_CLUSTERS_SOURCE,
    data: set.centres,
    layers: ALL_CLUSTER_LAYERS,
    cluster: CLUSTER,
    footprints: HIDEABLE,
  },
  { id: ALL_SOURCE, data: set.outlines, layers: ALL_OUTLINE_LAYERS, footprints: HIDEABLE },
]

/** The box the list is filtered by, dashed. */
export function filterBoxOverlay(box: Box | undefined): MapOverlay {
  return {
    id: FILTER_BOX_SOURCE,
    data: {
      type: 'FeatureCollection',
      features: box ? [{ type: 'Feature', id: 0, properties: {}, geometry: boxPolygon(box) }] : [],
    },
    layers: polygonLayers(FILTER_BOX_SOURCE, { color: '#1971c2', fillOpacity: 0, dashed: true }),
    tier: 'areas',
  }
}

/** A box widened by a share of its size on every side, so a framed footprint has some land around it. */
export function padBox([w, s, e, n]: Box, share = 0.25): Box {
  const dx = (e - w) * share
  const dy = (n - s) * share
  return [Math.max(-180, w - dx), Math.max(-90, s - dy), Math.min(180, e + dx), Math.min(90, n + dy)]
}

/** The box around pictures given by their corners (longitude, latitude); null for none. */
export function unionBox(pictures: readonly (readonly (readonly [number, number])[])[]): Box | null {
  const points = pictures.flat()
  if (points.length === 0) return null
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}
