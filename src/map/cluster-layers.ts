import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl'

// Apart from layers.ts so that only the pages that cluster (storage) load it: the catalog's first load is
// counted to the KiB (decision 58).

/**
 * Layers for a clustered source of footprints' centres (`MapOverlay.cluster`): up to `maxZoom` (where the
 * footprints themselves are big enough to see) a disc per cluster, wider in steps with the count it holds, and a
 * dot per lone footprint. The map has no glyphs, so the count is told by size, not written.
 */
export function clusterLayers(
  source: string,
  style: { color: string; maxZoom: number },
): LayerSpecification[] {
  const clustered: ExpressionSpecification = ['has', 'point_count']
  return [
    {
      id: `${source}-clusters`,
      type: 'circle',
      source,
      maxzoom: style.maxZoom,
      filter: clustered,
      paint: {
        'circle-color': style.color,
        'circle-opacity': 0.55,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
        'circle-radius': ['step', ['get', 'point_count'], 9, 10, 13, 100, 18, 1000, 24],
      },
    },
    {
      id: `${source}-points`,
      type: 'circle',
      source,
      maxzoom: style.maxZoom,
      filter: ['!', clustered],
      paint: {
        'circle-color': style.color,
        'circle-opacity': 0.8,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        'circle-radius': 4,
      },
    },
  ]
}

/**
 * Thin outlines of a source's footprints from `minZoom` on, and nothing below it: so many footprints (a whole
 * delivery of 10,000) are left to their clustered centres at the zooms where they would be a smudge, and their
 * source builds no tiles there.
 */
export function outlineLayers(
  source: string,
  style: { color: string; minZoom: number },
): LayerSpecification[] {
  return [
    {
      id: `${source}-outlines`,
      type: 'line',
      source,
      minzoom: style.minZoom,
      paint: { 'line-color': style.color, 'line-width': 1, 'line-opacity': 0.8 },
    },
  ]
}
