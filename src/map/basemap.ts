import type { FeatureCollection } from 'geojson'
import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  StyleSpecification,
} from 'maplibre-gl'
import { BAND_MINZOOM, type BandName } from './basemap-bands'

/**
 * The offline basemap: Natural Earth 1:10m land, coastline, lakes, rivers, borders and populated places
 * and country names (public/basemap/, built by scripts/build-basemap.ts), drawn with nothing from outside. All of it is static data fetched when a map needs it, never part of the code bundle.
 * Light and dark variants share one style; switching recolours it.
 */

export type Scheme = 'light' | 'dark'

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] }

export interface BasemapColors {
  water: string
  land: string
  coast: string
  river: string
  border: string
  label: string
  halo: string
}

export const BASEMAP_COLORS: Record<Scheme, BasemapColors> = {
  light: {
    water: '#b9d3e6',
    land: '#f3f1ea',
    coast: '#7f9db5',
    river: '#86aecd',
    border: '#8a8a8a',
    label: '#3d3d3d',
    halo: '#ffffff',
  },
  dark: {
    water: '#14202b',
    land: '#2c2f33',
    coast: '#3f5a70',
    river: '#2d4d66',
    border: '#6b6f75',
    label: '#d8d8d8',
    halo: '#14202b',
  },
}

/** The source of each zoom band (data fetched by the map engine when the zoom comes near the band). */
export const bandSource = (band: BandName) => `basemap-${band}`
export const PLACES_SOURCE = 'basemap-places'
/** The places labelled from zoom 3 on (most of them): fetched with the region band. */
export const MORE_PLACES_SOURCE = 'basemap-places-more'
/** The last tier of places in the first file: a world view needs these only. */
export const WORLD_PLACE_TIER = 2
/** A point per country, for its name (built from world-atlas's Natural Earth countries). */
export const COUNTRIES_SOURCE = 'basemap-countries'
/** The dot beside a place's name: an SDF image the engine adds when the style asks for it. */
export const PLACE_DOT = 'basemap-place-dot'
/** Label tiers: places whose label zoom (floored) is the tier show from that zoom on. */
export const PLACE_TIERS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const

/** The URL of a basemap asset, absolute so MapLibre's worker resolves it as the page would. */
export function basemapAssetUrl(base: string, file: string): string {
  return new URL(`basemap/${file}`, base).href
}

const BANDS: BandName[] = ['world', 'region', 'detail']

/**
 * The `k` of the boxes the engine adds to the detail band, one per cell it has handed over (its features or
 * none: open sea): drawn as water over the coarser bands, so a cell replaces them exactly where it has come.
 */
export const DETAIL_COVER = 'cover'

/** The world band's fills, drawn at every zoom: the land a map shows at once, whatever its zoom. */
const WORLD_FILLS = ['land-world', 'lakes-world']

/**
 * Once the region band has drawn, the world band's fills step aside from its zooms on: the region band is
 * whole (one file), and the world band's coarser coast would show through beyond it. Paint only, so no data
 * is laid out again.
 */
export const WORLD_UNDER_REGION: [layer: string, property: 'fill-opacity', value: ExpressionSpecification][] =
  WORLD_FILLS.map((id) => [id, 'fill-opacity', ['step', ['zoom'], 1, BAND_MINZOOM.region, 0]])

/**
 * Every band is drawn from its first zoom on, under the finer ones, so a map at any zoom shows land at once
 * and refines it as finer data comes: the world band's fills at every zoom (it is in the style), the region
 * band from zoom 3 on, and the detail band's cells over both, each cell hiding them with its water box. Only
 * the world band's lines stop where the region band starts (drawn at every zoom they would show through).
 */
function bandLayers(band: BandName, c: BasemapColors): LayerSpecification[] {
  const source = bandSource(band)
  const range = { minzoom: BAND_MINZOOM[band] }
  const lines = band === 'world' ? { ...range, maxzoom: BAND_MINZOOM.region } : range
  const kind = (k: string): FilterSpecification => ['==', ['get', 'k'], k]
  // Clipping a polygon to its cell leaves zero-width slivers along the cell's edge where the shape leaves and
  // comes back; antialiased, they drew faint land-coloured lines across the sea at every 15°. Unsmoothed they
  // cover no pixel; the coast is drawn as a line over the fill's edge anyway.
  const seamless = band === 'detail' ? { 'fill-antialias': false } : {}
  const widen = (w: number): ExpressionSpecification => [
    'interpolate',
    ['linear'],
    ['zoom'],
    2,
    w,
    10,
    w * 2.5,
  ]
  const cover: LayerSpecification[] =
    band === 'detail'
      ? [
          {
            id: 'cover-detail',
            type: 'fill',
            source,
            ...range,
            filter: kind(DETAIL_COVER),
            paint: { 'fill-color': c.water, ...seamless },
          },
        ]
      : []
  return [
    ...cover,
    {
      id: `land-${band}`,
      type: 'fill',
      source,
      ...range,
      filter: kind('land'),
      paint: { 'fill-color': c.land, ...seamless },
    },
    {
      id: `lakes-${band}`,
      type: 'fill',
      source,
      ...range,
      filter: kind('lakes'),
      paint: { 'fill-color': c.water, ...seamless },
    },
    {
      id: `rivers-${band}`,
      type: 'line',
      source,
      ...lines,
      filter: kind('rivers'),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.river, 'line-width': widen(0.6) },
    },
    {
      id: `coast-${band}`,
      type: 'line',
      source,
      ...lines,
      // Whole polygons outline themselves; the detail band's land is cut into cells and has its own coastline.
      filter: kind(band === 'detail' ? 'coastline' : 'land'),
      paint: { 'line-color': c.coast, 'line-width': widen(0.5) },
    },
    {
      id: `borders-${band}`,
      type: 'line',
      source,
      ...lines,
      filter: kind('borders'),
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': c.border,
        'line-width': widen(0.7),
        'line-dasharray': ['case', ['has', 'disputed'], ['literal', [3, 2]], ['literal', [1, 0]]],
      },
    },
  ]
}

function placeLayers(c: BasemapColors): LayerSpecification[] {
  // The most important tier last: MapLibre places the symbols of upper layers first.
  return [...PLACE_TIERS].reverse().map((tier): LayerSpecification => ({
    id: `places-${tier}`,
    type: 'symbol',
    source: tier <= WORLD_PLACE_TIER ? PLACES_SOURCE : MORE_PLACES_SOURCE,
    minzoom: tier,
    filter: ['==', ['get', 'z'], tier],
    layout: {
      'icon-image': PLACE_DOT,
      'icon-size': ['case', ['==', ['get', 'c'], 1], 0.6, 0.45],
      'text-field': ['get', 'name'],
      'text-font': ['sans-serif'],
      'text-size': ['case', ['==', ['get', 'c'], 1], 13, ['<=', ['get', 'r'], 3], 12, 11],
      'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
      'text-radial-offset': 0.6,
      'text-justify': 'auto',
      'text-max-width': 8,
      'symbol-sort-key': ['get', 'r'],
    },
    paint: {
      'icon-color': c.label,
      'icon-halo-color': c.halo,
      'icon-halo-width': 1,
      'text-color': c.label,
      'text-halo-color': c.halo,
      'text-halo-width': 1.2,
    },
  }))
}

function offlineLayers(c: BasemapColors): LayerSpecification[] {
  return [
    { id: 'water', type: 'background', paint: { 'background-color': c.water } },
    ...BANDS.flatMap((b) => bandLayers(b, c)),
    ...placeLayers(c),
    {
      id: 'country-labels',
      type: 'symbol',
      source: COUNTRIES_SOURCE,
      minzoom: 2,
      maxzoom: 6,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': ['sans-serif'],
        'text-size': 11,
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
      },
      paint: {
        'text-color': c.label,
        'text-halo-color': c.halo,
        'text-halo-width': 1.2,
        'text-opacity': 0.75,
      },
    },
  ]
}

/**
 * The offline style: Natural Earth 1:10m land, coastline, lakes, rivers and borders in three zoom bands, the
 * populated places, and country names, with nothing from outside (no tiles, no glyphs: labels are drawn from
 * the browser's own sans-serif; no sprite: the place dot is an image the engine makes). With `base` (the
 * console's root URL), the world band, the place and the country names name their data (MapLibre's worker
 * fetches them); the finer bands start empty and the engine fills them when the camera comes near.
 */
export function offlineStyle(scheme: Scheme, base?: string): StyleSpecification {
  const c = BASEMAP_COLORS[scheme]
  const asset = (file: string) => (base ? basemapAssetUrl(base, file) : EMPTY)
  return {
    version: 8,
    sources: {
      [bandSource('world')]: { type: 'geojson', data: asset('world.json') },
      [bandSource('region')]: { type: 'geojson', data: EMPTY },
      [bandSource('detail')]: { type: 'geojson', data: EMPTY },
      [PLACES_SOURCE]: { type: 'geojson', data: asset('place-labels.json') },
      [MORE_PLACES_SOURCE]: { type: 'geojson', data: EMPTY },
      [COUNTRIES_SOURCE]: { type: 'geojson', data: asset('countries.json') },
    },
    layers: offlineLayers(c),
  }
}

/** Every colour of the offline style, per layer: switching the scheme sets these in place. */
export function basemapPaint(scheme: Scheme): [layer: string, property: string, value: unknown][] {
  return offlineLayers(BASEMAP_COLORS[scheme]).flatMap((l) =>
    Object.entries(('paint' in l ? l.paint : undefined) ?? {})
      .filter(([prop]) => prop.endsWith('-color'))
      .map(([prop, value]): [string, string, unknown] => [l.id, prop, value]),
  )
}

/** The place dot: a soft disc as a signed-distance image, so the style can colour it per scheme. */
export function placeDotImage(size = 16): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 4)
  const r = size / 2
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - r, y + 0.5 - r)
      // SDF images carry the distance in alpha: 192 is the edge; inside rises, outside falls.
      const a = Math.max(0, Math.min(255, 192 + (r * 0.5 - d) * 32))
      data.set([255, 255, 255, a], (y * size + x) * 4)
    }
  return { width: size, height: size, data }
}
