/**
 * Builds the offline basemap's assets (public/basemap/) from the Natural Earth 1:10m layers, so the
 * repository carries what the console draws and never reads the source files at run time.
 *
 *   node scripts/run-ts.mjs scripts/build-basemap.ts [source dir, default ../shared/data/natural-earth]
 *
 * Output, all plain JSON fetched by the map when it needs it (docs/decisions/0023-offline-basemap.md):
 * - `world.json`, `region.json`: land, coastline, lakes, rivers and borders simplified for zoom 0–3 and 3–6,
 *   one file per band holding every layer, with fewer decimals and small features dropped at low zoom;
 * - `detail/<col>_<row>.json`: the same layers at full 1:10m for zoom 6 and more, cut into 15° cells so a
 *   view over one city fetches a cell or two, not the world;
 * - `countries.json`: a point per country to hang its name on (world-atlas's Natural Earth 1:110m
 *   countries, an npm dependency): inside its largest part, so France is named once, in France;
 * - `place-labels.json`, `place-labels-more.json`: the 7,343 populated places as points for the map's labels
 *   (src/map/places.ts), the few a world view names apart from the rest;
 * - `places.json`: the same places as compact rows for the "Go to a place" gazetteer (src/map/gazetteer.ts),
 *   fetched only when the analyst searches.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { area, bboxClip, booleanPointInPolygon, centroid, pointOnFeature, simplify } from '@turf/turf'
import { feature as topoFeature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type {
  Feature,
  FeatureCollection,
  Geometry,
  LineString,
  MultiLineString,
  MultiPolygon,
  Polygon,
  Position,
} from 'geojson'
import { DETAIL_CELL, type BandLayer, type PlaceRow } from '../src/map/basemap-bands'
import { WORLD_PLACE_TIER } from '../src/map/basemap'
import { placesGeojson } from '../src/map/places'

interface Band {
  name: 'world' | 'region' | 'detail'
  /** Simplification tolerance in degrees (0: as published). */
  tolerance: number
  /** Decimals kept. */
  decimals: number
  /** Largest Natural Earth scalerank kept for lakes and rivers. */
  maxRank: number
  /** Smallest polygon (box width + height, degrees) kept: islands and lakes too small to see are dropped. */
  minSpan: number
}

const BANDS: Band[] = [
  { name: 'world', tolerance: 0.12, decimals: 2, maxRank: 3, minSpan: 1 },
  { name: 'region', tolerance: 0.02, decimals: 2, maxRank: 6, minSpan: 0.15 },
  { name: 'detail', tolerance: 0.006, decimals: 3, maxRank: 99, minSpan: 0 },
]

type Layers = Record<BandLayer, Feature[]>

function read(dir: string, name: string): FeatureCollection {
  return JSON.parse(
    gunzipSync(readFileSync(join(dir, `${name}.geojson.gz`))).toString('utf8'),
  ) as FeatureCollection
}

function span(coords: Position[]): number {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [x, y] of coords) {
    w = Math.min(w, x)
    e = Math.max(e, x)
    s = Math.min(s, y)
    n = Math.max(n, y)
  }
  return e - w + (n - s)
}

/** Polygons one by one (the land comes as ten huge multipolygons), small ones dropped. */
function polygons(fc: FeatureCollection, band: Band, keep: (f: Feature) => boolean): Feature<Polygon>[] {
  const out: Feature<Polygon>[] = []
  for (const f of fc.features) {
    if (!keep(f)) continue
    const g = f.geometry
    const parts = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []
    for (const rings of parts) {
      if (span(rings[0]) < band.minSpan) continue
      out.push({ type: 'Feature', properties: props(f), geometry: { type: 'Polygon', coordinates: rings } })
    }
  }
  return out
}

function lines(
  fc: FeatureCollection,
  keep: (f: Feature) => boolean,
  named = false,
): Feature<LineString | MultiLineString>[] {
  return fc.features
    .filter((f) => keep(f) && (f.geometry.type === 'LineString' || f.geometry.type === 'MultiLineString'))
    .map((f) => ({ ...f, properties: props(f, named) }) as Feature<LineString | MultiLineString>)
}

/** Only what the style reads: a name for rivers and lakes, the class of a border. */
function props(f: Feature, named = false): Record<string, string | number> {
  const p = f.properties ?? {}
  const out: Record<string, string | number> = {}
  if (named && typeof p.name === 'string' && p.name) out.name = p.name
  if (
    typeof p.featurecla === 'string' &&
    /Disputed|Indefinite|Indeterminant|Line of control/.test(p.featurecla)
  )
    out.disputed = 1
  return out
}

function round(g: Geometry, decimals: number): Geometry {
  const f = 10 ** decimals
  const r = (c: unknown): unknown =>
    typeof (c as number[])[0] === 'number'
      ? [Math.round((c as number[])[0] * f) / f, Math.round((c as number[])[1] * f) / f]
      : (c as unknown[]).map(r)
  if (g.type === 'GeometryCollection') return g
  return { ...g, coordinates: r(g.coordinates) } as Geometry
}

/** Simplified and rounded, with the consecutive duplicates rounding makes dropped. */
function tidy<T extends Feature>(features: T[], band: Band): T[] {
  const out: T[] = []
  for (const raw of features) {
    const clean = dedupe(raw.geometry)
    if (!clean) continue
    const f = { ...raw, geometry: clean }
    const s = band.tolerance > 0 ? simplified(f, band.tolerance) : f
    const g = dedupe(round(s.geometry, band.decimals))
    if (g) out.push({ ...s, geometry: g })
  }
  return out
}

/** turf refuses rings it would collapse below four points: such a shape is kept as published. */
function simplified<T extends Feature>(f: T, tolerance: number): T {
  try {
    return simplify<T>(f, { tolerance, highQuality: false })
  } catch {
    return f
  }
}

function dedupe(g: Geometry): Geometry | null {
  const line = (c: Position[]) => c.filter((p, i) => i === 0 || p[0] !== c[i - 1][0] || p[1] !== c[i - 1][1])
  switch (g.type) {
    case 'LineString': {
      const c = line(g.coordinates)
      return c.length >= 2 ? { ...g, coordinates: c } : null
    }
    case 'MultiLineString': {
      const c = g.coordinates.map(line).filter((l) => l.length >= 2)
      return c.length ? { ...g, coordinates: c } : null
    }
    case 'Polygon': {
      const [outer, ...holes] = g.coordinates.map(line)
      return outer && outer.length >= 4
        ? { ...g, coordinates: [outer, ...holes.filter((r) => r.length >= 4)] }
        : null
    }
    case 'MultiPolygon': {
      const c = g.coordinates.map((p) => p.map(line).filter((r) => r.length >= 4)).filter((p) => p.length)
      return c.length ? { ...g, coordinates: c } : null
    }
    default:
      return g
  }
}

function bandLayers(src: Record<string, FeatureCollection>, band: Band): Layers {
  const ranked = (f: Feature) => Number(f.properties?.scalerank ?? 0) <= band.maxRank
  return {
    land: tidy(
      polygons(src.land, band, () => true),
      band,
    ),
    // Whole polygons are outlined by the style; only the detail band's cells cut the land, and there the
    // coastline comes as its own lines so cell edges are not drawn as coast.
    coastline:
      band.name === 'detail'
        ? tidy(
            lines(src.coastline, () => true),
            band,
          )
        : [],
    lakes: tidy(polygons(src.lakes, band, ranked), band),
    rivers: tidy(lines(src.rivers, ranked, true), band),
    borders: tidy(
      lines(src['country-borders'], () => true),
      band,
    ),
  }
}

const fc = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features })

/** One FeatureCollection per file, each feature tagged with its layer (`k`): one source per band. */
function asBand(l: Layers): FeatureCollection {
  return fc(
    (Object.keys(l) as BandLayer[]).flatMap((k) =>
      l[k].map((f) => ({
        type: 'Feature' as const,
        properties: { k, ...f.properties },
        geometry: f.geometry,
      })),
    ),
  )
}

/** The detail band cut into cells; features are clipped to their cell (land seams are not outlined). */
function cells(l: Layers): Map<string, FeatureCollection> {
  const out = new Map<string, FeatureCollection>()
  for (let col = 0; col < 360 / DETAIL_CELL; col++) {
    for (let row = 0; row < 180 / DETAIL_CELL; row++) {
      const box: [number, number, number, number] = [
        -180 + col * DETAIL_CELL,
        -90 + row * DETAIL_CELL,
        -180 + (col + 1) * DETAIL_CELL,
        -90 + (row + 1) * DETAIL_CELL,
      ]
      const clip = (fs: Feature[]) =>
        fs
          .filter((f) => overlaps(f.geometry, box))
          .map((f) => {
            const c = bboxClip(f as Feature<Polygon | LineString | MultiLineString>, box)
            const g = dedupe(c.geometry)
            return g ? { ...f, geometry: g } : null
          })
          .filter((f): f is Feature => f !== null)
      const cell: Layers = {
        land: clip(l.land),
        coastline: clip(l.coastline),
        lakes: clip(l.lakes),
        rivers: clip(l.rivers),
        borders: clip(l.borders),
      }
      if (Object.values(cell).some((fs) => fs.length > 0)) out.set(`${col}_${row}`, asBand(cell))
    }
  }
  return out
}

function overlaps(g: Geometry, [w, s, e, n]: [number, number, number, number]): boolean {
  let [gw, gs, ge, gn] = [Infinity, Infinity, -Infinity, -Infinity]
  const walk = (c: unknown): void => {
    if (typeof (c as number[])[0] === 'number') {
      const [x, y] = c as number[]
      gw = Math.min(gw, x)
      ge = Math.max(ge, x)
      gs = Math.min(gs, y)
      gn = Math.max(gn, y)
    } else (c as unknown[]).forEach(walk)
  }
  if (g.type !== 'GeometryCollection') walk(g.coordinates)
  return gw <= e && ge >= w && gs <= n && gn >= s
}

function places(src: FeatureCollection): PlaceRow[] {
  return src.features
    .map((f): PlaceRow => {
      const p = f.properties ?? {}
      const [lon, lat] = (f.geometry as { coordinates: number[] }).coordinates
      const capital = p.adm0cap === 1 || /Admin-0 capital/.test(String(p.featurecla)) ? 1 : 0
      return [
        String(p.name),
        String(p.nameascii ?? p.name),
        String(p.adm1name ?? ''),
        String(p.adm0name ?? ''),
        Math.round(lon * 1e4) / 1e4,
        Math.round(lat * 1e4) / 1e4,
        Number(p.pop_max ?? 0),
        Number(p.scalerank ?? 10),
        Number(p.min_zoom ?? 10),
        capital,
      ]
    })
    .sort((a, b) => a[7] - b[7] || b[6] - a[6])
}

function continuous(ring: Position[]): Position[] {
  const xs = ring.map((p) => p[0])
  if (Math.max(...xs) - Math.min(...xs) <= 180) return ring
  return ring.map(([x, y]) => [x < 0 ? x + 360 : x, y])
}

/** One label point per country, inside its largest polygon (near its centre when that lies inside). */
function countryLabels(): FeatureCollection {
  const require = createRequire(import.meta.url)
  const topo = require('world-atlas/countries-110m.json') as Topology<{
    countries: GeometryCollection<{ name: string }>
  }>
  const countries = topoFeature(topo, topo.objects.countries) as FeatureCollection<
    Polygon | MultiPolygon,
    { name: string }
  >
  const out: Feature[] = []
  for (const c of countries.features) {
    if (!c.geometry) continue
    const parts = c.geometry.type === 'Polygon' ? [c.geometry.coordinates] : c.geometry.coordinates
    // world-atlas rings that cross ±180° jump from 180 to -180: shifted east to stay continuous first.
    const largest = parts
      .map((coordinates): Feature<Polygon> => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: coordinates.map(continuous) },
      }))
      .sort((a, b) => area(b) - area(a))[0]
    if (!largest) continue
    const centre = centroid(largest)
    const at = booleanPointInPolygon(centre, largest) ? centre : pointOnFeature(largest)
    const [x, lat] = at.geometry.coordinates
    const lon = x > 180 ? x - 360 : x
    out.push({
      type: 'Feature',
      properties: { name: c.properties.name },
      geometry: { type: 'Point', coordinates: [Math.round(lon * 100) / 100, Math.round(lat * 100) / 100] },
    })
  }
  return fc(out)
}

export function main(argv: string[]): void {
  const dir = argv[0] ?? join('..', 'shared', 'data', 'natural-earth')
  const out = join('public', 'basemap')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(join(out, 'detail'), { recursive: true })
  const src = Object.fromEntries(
    ['land', 'coastline', 'lakes', 'rivers', 'country-borders', 'populated-places'].map((n) => [
      n,
      read(dir, n),
    ]),
  )
  const sizes: string[] = []
  const write = (path: string, data: unknown) => {
    const text = JSON.stringify(data)
    writeFileSync(join(out, path), text)
    return text.length
  }
  for (const band of BANDS) {
    const layers = bandLayers(src, band)
    if (band.name === 'detail') {
      let total = 0
      const each = Object.entries(layers).map(
        ([k, v]) => `${k} ${(JSON.stringify(v).length / 1e6).toFixed(2)}`,
      )
      console.log(each.join(', '))
      const all = cells(layers)
      for (const [key, data] of all) total += write(join('detail', `${key}.json`), data)
      sizes.push(`detail: ${all.size} cells, ${(total / 1e6).toFixed(2)} MB`)
    } else {
      const each = Object.entries(layers).map(
        ([k, v]) => `${k} ${(JSON.stringify(v).length / 1e6).toFixed(2)}`,
      )
      sizes.push(
        `${band.name}: ${(write(`${band.name}.json`, asBand(layers)) / 1e6).toFixed(2)} MB (${each.join(', ')})`,
      )
    }
  }
  sizes.push(`countries: ${(write('countries.json', countryLabels()) / 1e6).toFixed(2)} MB`)
  const rows = places(src['populated-places'])
  sizes.push(`places: ${(write('places.json', rows) / 1e6).toFixed(2)} MB`)
  // The places a world view labels, and the rest, fetched as the camera comes nearer (with the region band).
  const labels = placesGeojson(rows).features
  const tier = (f: Feature) => Number(f.properties?.z)
  const world = labels.filter((f) => tier(f) <= WORLD_PLACE_TIER)
  const more = labels.filter((f) => tier(f) > WORLD_PLACE_TIER)
  sizes.push(`place labels: ${(write('place-labels.json', fc(world)) / 1e6).toFixed(2)} MB (${world.length})`)
  sizes.push(
    `more place labels: ${(write('place-labels-more.json', fc(more)) / 1e6).toFixed(2)} MB (${more.length})`,
  )
  console.log(sizes.join('\n'))
}
