import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl'

export interface PolygonLayerStyle {
  color: string
  fillOpacity: number
  dashed?: boolean
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
          Math.min(1, style.fillOpacity * 3),
          state('hover'),
          Math.min(1, style.fillOpacity * 2),
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
