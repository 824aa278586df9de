import type { FeatureCollection } from 'geojson'
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl'

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
}

/**
 * The same layer, drawing nothing but needing the same GPU programs: its data-driven opacity (fill) or width
 * (line) times zero. A layer whose value is constant gets none (MapLibre skips a zero constant, so there is
 * nothing to build ahead), nor does any other type of layer.
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
  const state = (name: string): ExpressionSpecification => ['boolean', ['feature-state', name], false]
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
