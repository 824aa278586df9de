import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import {
  colorByProperty,
  footprintLayers as outlinedFootprints,
  hoverSelectOverlay,
  polygonLayers,
} from '../../map/layers'
import type { MapOverlay } from '../../map/layers'
import type { Scene } from '../../data/catalog/queries'
import { footprintOf } from './words'

export const FOOTPRINTS_SOURCE = 'catalog-footprints'
export const SEARCH_AREA_SOURCE = 'catalog-search-area'

type Footprint = Feature<Polygon | MultiPolygon, { sceneId: string; host: string }>

// Each scene's feature, kept while its scene is: a search's next answers only add features, and the map sends
// only those (see `sendPlan` in map/overlay-feed.ts, which tells them by identity).
const footprintFeatures = new WeakMap<Scene, Footprint>()

/**
 * The scenes shown as one source; a scene's feature id is its index among them (`collectScenes`), and it
 * carries its host, which colours it. A scene shown again at the same index gives the same feature object.
 */
export function footprintData(scenes: readonly { scene: Scene; host: string }[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: scenes.map(({ scene, host }, i): Footprint => {
      const kept = footprintFeatures.get(scene)
      if (kept && kept.id === i && kept.properties.host === host) return kept
      const feature: Footprint = {
        type: 'Feature',
        id: i,
        properties: { sceneId: scene.properties.id, host },
        geometry: footprintOf(scene),
      }
      footprintFeatures.set(scene, feature)
      return feature
    }),
  }
}

export type ColorScheme = 'light' | 'dark'

/**
 * Footprint colours, one per host in the order the hosts are listed. Each outline stands out from the
 * basemap's land and water by at least 3:1 in its theme (WCAG's contrast for graphics; tested), and the
 * hues stay apart from the search area's blue.
 */
export const HOST_COLORS: Record<ColorScheme, readonly string[]> = {
  light: ['#b23a00', '#6d28a8', '#1b6b2a', '#a3165f', '#0f5f73', '#7a5200'],
  dark: ['#ff922b', '#d0a3ff', '#8ce99a', '#faa2c1', '#66d9e8', '#ffd43b'],
}

/** Each host's colour: the hosts in the order given, the palette reused past its end. */
export function hostColors(hosts: readonly string[], scheme: ColorScheme): Map<string, string> {
  const palette = HOST_COLORS[scheme]
  return new Map(hosts.map((h, i) => [h, palette[i % palette.length]]))
}

/**
 * The footprint layers, each outline and fill in its host's colour. The colour is a `match` on the host even
 * before the hosts are known (no search yet), so the layers need the same GPU programs from the start, built
 * ahead by `prewarm`: a constant colour would take other programs, and the first search would build its own.
 */
export function footprintLayers(colors: ReadonlyMap<string, string>, scheme: ColorScheme) {
  const fallback = HOST_COLORS[scheme][0]
  const color =
    colors.size > 0
      ? colorByProperty('host', colors, fallback)
      : colorByProperty('host', new Map([['', fallback]]), fallback)
  return outlinedFootprints(FOOTPRINTS_SOURCE, { color })
}

/**
 * Footprints with the hovered and the selected scene marked through feature-state (nothing else resent). The
 * layers' programs are built before the first search answers (`prewarm`), so its footprints draw at once. The
 * map's footprint control can narrow them to the selected scene and the basketed ones (`basketed`, feature
 * ids).
 */
export function footprintsOverlay(
  data: FeatureCollection,
  hovered: number | null,
  selected: number | null,
  layers: ReturnType<typeof footprintLayers> = footprintLayers(new Map(), 'light'),
  basketed: readonly number[] = [],
): MapOverlay {
  return withHoverAndSelection(
    {
      ...hoverSelectOverlay(FOOTPRINTS_SOURCE, data, layers, null, null),
      prewarm: true,
      footprints: { kept: basketed, keptLabel: 'selected and basketed' },
    },
    hovered,
    selected,
  )
}

/**
 * The footprints overlay (`footprintsOverlay`, made with no scene hovered or selected) with the hovered and
 * the selected scene marked, the selected one kept by "only selected and basketed" too; other overlays as
 * they are. The page makes the overlay when the scenes or the basket change, and the map's own component marks
 * hover and selection on it: a hover then renders the map's component alone, not the whole page.
 */
export function withHoverAndSelection(
  overlay: MapOverlay,
  hovered: number | null,
  selected: number | null,
): MapOverlay {
  if (overlay.id !== FOOTPRINTS_SOURCE || (hovered === null && selected === null)) return overlay
  const basketed = overlay.footprints?.kept ?? []
  const kept = selected === null || basketed.includes(selected) ? basketed : [selected, ...basketed]
  return {
    ...overlay,
    states: hoverSelectOverlay(overlay.id, overlay.data, overlay.layers, hovered, selected).states,
    footprints: { ...overlay.footprints, kept },
  }
}

/** The area the shown search ran over (the applied AOI or map view), dashed. */
export function searchAreaOverlay(polygons: readonly Polygon[]): MapOverlay {
  return {
    id: SEARCH_AREA_SOURCE,
    data: {
      type: 'FeatureCollection',
      features: polygons.map((p, i) => ({ type: 'Feature', id: i, properties: {}, geometry: p })),
    },
    layers: polygonLayers(SEARCH_AREA_SOURCE, { color: '#1971c2', fillOpacity: 0, dashed: true }),
    tier: 'areas',
  }
}

export const PLAN_COVERED_SOURCE = 'catalog-plan-covered'
export const PLAN_UNCOVERED_SOURCE = 'catalog-plan-uncovered'
export const PLAN_SCENES_SOURCE = 'catalog-plan-scenes'

/** The colours of a coverage plan on the map, shared with the plan panel's legend. */
export const PLAN_COLORS = { covered: '#2f9e44', uncovered: '#e03131', scenes: '#5f3dc4' } as const

const asFeatures = (geometries: readonly (Polygon | MultiPolygon | null)[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.flatMap((g, i) =>
    g ? [{ type: 'Feature', id: i, properties: {}, geometry: g }] : [],
  ),
})

/**
 * A coverage plan on the map: the AOI's covered part lightly filled, the part left uncovered filled in red
 * (what the plan does not buy), and the chosen scenes' footprints outlined. Shown instead of the search's
 * footprints: among a page of them the plan's few would not stand out.
 */
export function planOverlays(plan: {
  covered: Polygon | MultiPolygon | null
  uncovered: Polygon | MultiPolygon | null
  footprints: readonly (Polygon | MultiPolygon)[]
}): MapOverlay[] {
  return [
    {
      id: PLAN_COVERED_SOURCE,
      data: asFeatures([plan.covered]),
      layers: polygonLayers(PLAN_COVERED_SOURCE, { color: PLAN_COLORS.covered, fillOpacity: 0.18 }),
      tier: 'areas',
    },
    {
      id: PLAN_UNCOVERED_SOURCE,
      data: asFeatures([plan.uncovered]),
      layers: polygonLayers(PLAN_UNCOVERED_SOURCE, { color: PLAN_COLORS.uncovered, fillOpacity: 0.4 }),
      tier: 'areas',
    },
    {
      id: PLAN_SCENES_SOURCE,
      data: asFeatures(plan.footprints),
      layers: outlinedFootprints(PLAN_SCENES_SOURCE, { color: PLAN_COLORS.scenes }),
      footprints: { kept: [] },
    },
  ]
}

export const PASSES_SOURCE = 'catalog-passes'

/** A pass's colour on the map and on the "Archive or task" axis (the tasking page's opportunities' violet). */
export const PASS_COLOR = '#7048e8'

/**
 * The passes "Archive or task" points at: the hovered and the picked one's strips, only those (the weeks'
 * dozens of strips over one area would cover it). The picked one is filled a little more.
 */
export function passOverlay(hovered: Polygon | null, picked: Polygon | null): MapOverlay {
  const shown = [picked, hovered === picked ? null : hovered]
  return {
    id: PASSES_SOURCE,
    data: {
      type: 'FeatureCollection',
      features: shown.flatMap((g, i) => (g ? [{ type: 'Feature', id: i, properties: {}, geometry: g }] : [])),
    },
    layers: polygonLayers(PASSES_SOURCE, { color: PASS_COLOR, fillOpacity: 0.15 }),
    // Above the search's footprints: the strip "Archive or task" points at must not be lost among them.
    tier: 'areas',
  }
}
