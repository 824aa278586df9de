import type { FeatureCollection } from 'geojson'
import type { ExpressionSpecification, FilterSpecification, LayerSpecification } from 'maplibre-gl'

/** A source and its layers, handed to the engine as plain data; `states` go through feature-state. */
export interface MapOverlay {
  id: string
  data: FeatureCollection
  layers: LayerSpecification[]
  /**
   * Feature states to set; only features whose state is not the default need listing. A feature listed before
   * and not any more gets its states back to false.
   */
  states?: { id: string | number; state: Record<string, boolean> }[]
  /** Hover and clicks on its features reach `onOverlayHover` / `onOverlayClick`. */
  interactive?: boolean
  /**
   * Its layers are drawn once, invisibly, as soon as the map is ready, so that the GPU programs they need are
   * built before their first data arrives: for an overlay that starts empty and whose first data must show at
   * once (a search's footprints). Building a program can take a long task of its own (hundreds of ms where
   * WebGL is emulated).
   */
  prewarm?: boolean
  /**
   * Where its layers go among the map's overlays: `footprints` (the default) lowest, then the fills of
   * `areas`, then the pictures laid on the map (quicklooks), then the rest of `areas` (their outlines) and
   * last the AOI being drawn. Areas — the AOI, the searched area, a pass's strip, a plan's covered part — stay
   * visible over any number of footprints, and no fill tints a quicklook.
   */
  tier?: 'footprints' | 'areas'
  /**
   * Many footprints, which the map's footprint control can hide or narrow to the ones `kept` lists (the
   * selected and the basketed, say, by feature id): `keptLabel` names those, and without it the control only
   * hides.
   */
  footprints?: { kept: readonly (string | number)[]; keptLabel?: string }
  /**
   * Its points are gathered by MapLibre into clusters `radius` pixels wide up to zoom `maxZoom`: many shapes
   * too small to draw at the world's scale still show where they are (and how many). Fixed when the source is
   * first added; its layers read the cluster's `point_count`.
   */
  cluster?: { radius: number; maxZoom: number }
}

/** What the map shows of its `footprints` overlays: all, only their kept features, or none. */
export type FootprintView = 'all' | 'kept' | 'none'

/**
 * The same layer, drawing nothing but needing the same GPU programs: its data-driven opacity (fill) or width
 * (line) times zero; a circle layer's radius and edge opacity times zero (its fill opacity kept, so MapLibre
 * does not skip it). A fill or line whose value is constant gets none (MapLibre skips a zero constant, so
 * there is nothing to build ahead), nor does any other type of layer.
 */
export function invisibleCopy(
  layer: LayerSpecification,
  id: string,
  source: string,
): LayerSpecification | null {
  if (layer.type === 'fill' && Array.isArray(layer.paint?.['fill-opacity']))
    return {
      ...layer,
      id,
      source,
      paint: { ...layer.paint, 'fill-opacity': ['*', 0, layer.paint['fill-opacity']] },
    }
  if (layer.type === 'line' && Array.isArray(layer.paint?.['line-width']))
    return {
      ...layer,
      id,
      source,
      paint: { ...layer.paint, 'line-width': ['*', 0, layer.paint['line-width']] },
    }
  if (layer.type === 'circle') {
    // Discs at the prewarm shape's corners, of radius zero and an unseen edge; a constant or a data-driven
    // radius stays one (each needs its own program). Unfiltered: the shape has none of the data's properties.
    const paint = layer.paint ?? {}
    const { filter: _unused, ...rest } = layer
    void _unused
    return {
      ...rest,
      id,
      source,
      paint: {
        ...paint,
        'circle-radius': ['*', 0, paint['circle-radius'] ?? 5],
        'circle-stroke-opacity': ['*', 0, paint['circle-stroke-opacity'] ?? 1],
      } as typeof paint,
    }
  }
  return null
}

export interface PolygonLayerStyle {
  /** A colour, or an expression that gives each feature its own (such as a `match` on a property). */
  color: string | ExpressionSpecification
  fillOpacity: number
  /** The fill of the hovered shape; twice the resting one when not given. */
  hoverFillOpacity?: number
  /** The fill of the selected shape; three times the resting one when not given. */
  selectedFillOpacity?: number
  dashed?: boolean
}

/** A colour per value of a feature property (`match`), with a fallback for other values. */
export function colorByProperty(
  property: string,
  colors: ReadonlyMap<string, string>,
  fallback: string,
): PolygonLayerStyle['color'] {
  const [first, ...rest] = [...colors]
  if (!first) return fallback
  return ['match', ['get', property], first[0], first[1], ...rest.flat(), fallback]
}

/**
 * Fill and outline layers for a polygon source. Hover and selection come from feature-state, so the map
 * restyles a shape without React re-rendering or the data being sent again.
 */
export function polygonLayers(source: string, style: PolygonLayerStyle): LayerSpecification[] {
  return [
    {
      id: `${source}-fill`,
      type: 'fill',
      source,
      paint: {
        'fill-color': style.color,
        'fill-opacity': [
          'case',
          state('selected'),
          style.selectedFillOpacity ?? Math.min(1, style.fillOpacity * 3),
          state('hover'),
          style.hoverFillOpacity ?? Math.min(1, style.fillOpacity * 2),
          style.fillOpacity,
        ],
      },
    },
    {
      id: `${source}-line`,
      type: 'line',
      source,
      paint: {
        'line-color': style.color,
        'line-width': ['case', state('selected'), 3.5, state('hover'), 3, 1.5],
        ...(style.dashed ? { 'line-dasharray': [2, 2] } : {}),
      },
    },
  ]
}

const state = (name: string): ExpressionSpecification => ['boolean', ['feature-state', name], false]

/** Marks a footprint layer that draws only the hovered and the selected feature: it goes above the pictures. */
const RAISED = { swathRaised: true }
const isRaised = (layer: LayerSpecification) =>
  (layer.metadata as typeof RAISED | undefined)?.swathRaised === true

/**
 * Layers for a source of many footprints (a search's scenes, a storage page's collections): each an outline,
 * thin at rest, with no fill, so that hundreds of them still show the basemap and what lies above; the hovered
 * and the selected one are filled and outlined thickly by layers above every other outline and above the
 * pictures laid on the map (`RAISED`), through feature-state (hovering changes two states; the data is never
 * sent again). The fill layer draws nothing at rest but is what a pointer picks.
 */
export function footprintLayers(
  source: string,
  style: { color: PolygonLayerStyle['color']; dashed?: boolean },
): LayerSpecification[] {
  const dash = style.dashed ? { 'line-dasharray': [2, 2] } : {}
  return [
    {
      id: `${source}-line`,
      type: 'line',
      source,
      paint: {
        'line-color': style.color,
        'line-width': ['case', state('selected'), 2, state('hover'), 2, 1],
        ...dash,
      },
    },
    {
      id: `${source}-fill`,
      type: 'fill',
      source,
      metadata: RAISED,
      paint: {
        'fill-color': style.color,
        'fill-opacity': ['case', state('selected'), 0.35, state('hover'), 0.25, 0],
      },
    },
    {
      id: `${source}-emphasis`,
      type: 'line',
      source,
      metadata: RAISED,
      paint: {
        'line-color': style.color,
        'line-width': ['case', state('selected'), 3.5, state('hover'), 3, 0],
        ...dash,
      },
    },
  ]
}

/**
 * An interactive overlay with one hovered and one selected feature (numeric feature ids, as feature-state
 * needs) marked through feature-state, for layers such as `polygonLayers` that style by them. Only those
 * two features are listed: hovering or picking changes two states, and the data is never sent again.
 */
export function hoverSelectOverlay(
  source: string,
  data: FeatureCollection,
  layers: LayerSpecification[],
  hovered: number | null,
  selected: number | null,
): MapOverlay {
  const states = new Map<number, Record<string, boolean>>()
  if (hovered !== null) states.set(hovered, { hover: true, selected: hovered === selected })
  if (selected !== null) states.set(selected, { hover: hovered === selected, selected: true })
  return {
    id: source,
    data,
    layers,
    interactive: true,
    states: [...states].map(([id, state]) => ({ id, state })),
  }
}

/**
 * The bands the map's overlays are stacked in, lowest first: footprints, the fills of areas, the pictures laid
 * on the map (quicklooks, delivered imagery), the hovered and selected footprints' emphasis (`RAISED`), then
 * the outlines of areas; the AOI drawing tool's own layers go above them all. A layer goes in at the top of
 * its band, under the band's end marker (`bandEnd`).
 */
export const OVERLAY_BANDS = ['footprints', 'area-fills', 'pictures', 'raised', 'area-lines'] as const
export type OverlayBand = (typeof OVERLAY_BANDS)[number]

/** The id of the hidden layer that closes a band: the layers of the band are added before it. */
export const bandEnd = (band: OverlayBand): string => `swath-band-${band}`

/** The band of an overlay's layer (by its overlay's tier), or of a picture. */
export function bandOf(layer: LayerSpecification | 'picture', tier: MapOverlay['tier']): OverlayBand {
  if (layer === 'picture') return 'pictures'
  if (isRaised(layer)) return 'raised'
  if ((tier ?? 'footprints') === 'footprints') return 'footprints'
  return layer.type === 'fill' ? 'area-fills' : 'area-lines'
}

/**
 * A `footprints` overlay's layer as the footprint view shows it: unchanged for `all`; hidden for `none`;
 * narrowed by a filter to the kept feature ids for `kept`.
 */
export function viewedLayer(
  layer: LayerSpecification,
  view: FootprintView,
  kept: readonly (string | number)[],
): LayerSpecification {
  if (view === 'all' || layer.type === 'background' || layer.type === 'raster' || layer.type === 'hillshade')
    return layer
  if (view === 'none') return { ...layer, layout: { ...layer.layout, visibility: 'none' } }
  const only: ExpressionSpecification = ['in', ['id'], ['literal', [...kept]]]
  // The layers this narrows are the console's own, whose filters are expressions (not legacy filters).
  const filter = (layer.filter ? ['all', layer.filter, only] : only) as FilterSpecification
  return { ...layer, filter }
}
