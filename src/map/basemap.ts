import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson'
import type { StyleSpecification } from 'maplibre-gl'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import countriesUrl from 'world-atlas/countries-110m.json?url'

/**
 * The offline basemap: Natural Earth countries, borders and labels from world-atlas, drawn with nothing from
 * outside (no tiles, no glyphs, no sprite). The countries are a static asset of the console (data, fetched
 * once and cached by the browser, not a part of the code bundle). Light and dark variants share one style;
 * switching recolours it.
 */

export type Scheme = 'light' | 'dark'

/**
 * world-atlas rings are spherical: a ring that crosses ±180° jumps from 180 to -180. MapLibre would draw
 * that jump as a band across the world, so longitudes are unwrapped to stay continuous (MapLibre's world
 * copies draw beyond ±180), and a ring that goes once around the globe is closed through its pole.
 */
export function unwrapRing(ring: Position[]): Position[] {
  if (ring.length === 0) return ring
  const out: Position[] = [[ring[0][0], ring[0][1]]]
  let offset = 0
  for (let i = 1; i < ring.length; i++) {
    const step = ring[i][0] - ring[i - 1][0]
    if (step > 180) offset -= 360
    else if (step < -180) offset += 360
    out.push([ring[i][0] + offset, ring[i][1]])
  }
  if (offset !== 0) {
    const meanLat = out.reduce((sum, p) => sum + p[1], 0) / out.length
    const pole = meanLat < 0 ? -90 : 90
    const first = out[0]
    const last = out[out.length - 1]
    out.push([last[0], pole], [first[0], pole], [first[0], first[1]])
  }
  return out
}

function unwrap(g: Polygon | MultiPolygon): Polygon | MultiPolygon {
  return g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates.map(unwrapRing) }
    : { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(unwrapRing)) }
}

type CountryProps = { name: string }
export type CountriesTopology = Topology<{
  countries: GeometryCollection<CountryProps>
  land: GeometryCollection
}>

export interface BasemapData {
  countries: FeatureCollection<Polygon | MultiPolygon, CountryProps>
  borders: FeatureCollection
}

/** Countries (unwrapped) and the inner borders of the world-atlas topology. */
export function basemapFromTopology(topo: CountriesTopology): BasemapData {
  const raw = feature(topo, topo.objects.countries) as FeatureCollection<Polygon | MultiPolygon, CountryProps>
  const countries: FeatureCollection<Polygon | MultiPolygon, CountryProps> = {
    type: 'FeatureCollection',
    features: raw.features
      .filter((f): f is Feature<Polygon | MultiPolygon, CountryProps> => f.geometry !== null)
      .map((f) => ({ ...f, geometry: unwrap(f.geometry) })),
  }
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b)
  return {
    countries,
    borders: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: borders }],
    },
  }
}

let loaded: BasemapData | null = null
let loading: Promise<BasemapData> | null = null

/** The basemap's data, fetched once per page; null until it has arrived. */
export function basemapData(): BasemapData | null {
  return loaded
}

export function loadBasemapData(): Promise<BasemapData> {
  loading ??= fetch(countriesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`basemap data: HTTP ${r.status}`)
      return r.json() as Promise<CountriesTopology>
    })
    .then((topo) => (loaded = basemapFromTopology(topo)))
    .catch((e: unknown) => {
      // A later map may try again.
      loading = null
      throw e
    })
  return loading
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] }

export const BASEMAP_COLORS: Record<
  Scheme,
  { water: string; land: string; border: string; label: string; halo: string }
> = {
  light: { water: '#b9d3e6', land: '#f3f1ea', border: '#8a8a8a', label: '#3d3d3d', halo: '#ffffff' },
  dark: { water: '#14202b', land: '#2c2f33', border: '#6b6f75', label: '#d8d8d8', halo: '#14202b' },
}

/** Layer ids of the basemap, so overlays can be placed above it and colours switched in place. */
export const BASEMAP_LAYERS = ['water', 'land', 'land-outline', 'borders', 'country-labels'] as const

export function offlineStyle(scheme: Scheme): StyleSpecification {
  const c = BASEMAP_COLORS[scheme]
  // Until the countries have arrived the map shows water; the engine fills the sources in then.
  const data = basemapData()
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: data?.countries ?? EMPTY },
      borders: { type: 'geojson', data: data?.borders ?? EMPTY },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': c.water } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': c.land } },
      {
        id: 'land-outline',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': c.border, 'line-width': 0.4 },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': c.border, 'line-width': 0.8 },
      },
      {
        id: 'country-labels',
        type: 'symbol',
        source: 'countries',
        minzoom: 2,
        layout: { 'text-field': ['get', 'name'], 'text-font': ['sans-serif'], 'text-size': 11 },
        paint: { 'text-color': c.label, 'text-halo-color': c.halo, 'text-halo-width': 1.2 },
      },
    ],
  }
}
