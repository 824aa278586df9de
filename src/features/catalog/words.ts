import type { MultiPolygon, Polygon } from 'geojson'
import { formatUtc } from '../../lib/format'
import { stacTime } from '../../lib/stac-datetime'
import type { Scene } from '../../data/catalog/queries'
import type { BuiltSearch, SceneSort } from './url-state'

/** Acquisition time of a scene: `datetime`, else the start, else the deprecated `acquisitionDate`. */
export function sceneTime(s: Scene): string | null {
  return stacTime(s.properties)?.text ?? null
}

/** "14 Mar 2025 10:34 UTC", as every date-time of the console. */
export function formatSceneTime(iso: string | null): string {
  return formatUtc(iso, 'Date unknown')
}

export function formatCloud(c: number | null | undefined): string {
  return c === null || c === undefined ? 'Cloud n/a' : `${Math.round(c)} % cloud`
}

export function formatResolution(r: number | null | undefined): string {
  if (r === null || r === undefined) return 'Resolution n/a'
  // Below 99.5 cm in centimetres; from there metres, so 0.996 m never reads "100 cm".
  return r < 0.995 ? `${Math.round(r * 100)} cm` : `${+r.toFixed(1)} m`
}

const DELIVERY: Record<string, string> = { MINUTES: 'Minutes', HOURS: 'Hours', DAYS: 'Days' }

export function formatDelivery(d: string | null | undefined): string {
  return d ? `Delivery in ${DELIVERY[d]?.toLowerCase() ?? d}` : 'Delivery time n/a'
}

/** Coverage from which a scene counts as covering the whole AOI (rounding of the area sums aside). */
export const FULL_COVERAGE = 99.95

export function formatCoverage(c: number | null): string {
  if (c === null) return ''
  if (c > 0 && c < 1) return '<1 % of AOI'
  // Only a scene that covers the AOI whole says 100 %.
  return `${c >= FULL_COVERAGE ? 100 : Math.min(99, Math.round(c))} % of AOI`
}

export const SORT_LABELS: Record<SceneSort, string> = {
  'date-desc': 'Newest first',
  'date-asc': 'Oldest first',
  'cloud-asc': 'Least cloud first',
  'cloud-desc': 'Most cloud first',
  'resolution-asc': 'Finest resolution first',
  'resolution-desc': 'Coarsest resolution first',
  'coverage-desc': 'Most AOI covered first',
  'coverage-asc': 'Least AOI covered first',
}

/**
 * A result row: the scene, the host it came from, its index among the scenes shown (its feature id on the
 * map) and its AOI coverage.
 */
export interface SceneRow {
  scene: Scene
  host: string
  index: number
  coverage: number | null
}

/** The value a sort orders rows by (null: the row has none). */
export function sortValue(row: SceneRow, sort: SceneSort): number | null {
  switch (sort.slice(0, sort.indexOf('-'))) {
    case 'date':
      return stacTime(row.scene.properties)?.at ?? null
    case 'cloud':
      return row.scene.properties.cloudCoverage ?? null
    case 'resolution':
      return row.scene.properties.resolution ?? null
    default:
      return row.coverage
  }
}

/**
 * The order of two sort values in a direction: values missing go last in both directions; equal values
 * are a tie (0), which the caller breaks.
 */
export function compareValues(a: number | null, b: number | null, sort: SceneSort): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1
  return a === b ? 0 : (a - b) * (sort.endsWith('-asc') ? 1 : -1)
}

/**
 * Rows in the chosen order. Scenes missing the sorted value go last in both directions; ties keep the
 * service's order, so the sort is stable.
 */
export function sortRows(rows: readonly SceneRow[], sort: SceneSort): SceneRow[] {
  return rows
    .map((r) => ({ r, v: sortValue(r, sort) }))
    .sort((a, b) => compareValues(a.v, b.v, sort) || a.r.index - b.r.index)
    .map((x) => x.r)
}

/** A scene's footprint as GeoJSON types (the contract's types differ only in how `bbox` is typed). */
export const footprintOf = (s: Scene): Polygon | MultiPolygon => s.geometry as Polygon | MultiPolygon

/**
 * A service message with the data hosts it names by id ("Data host capellaspace did not answer") named by their
 * titles instead ("Data host Capella Space did not answer"): the analyst knows the hosts by the glossary's words.
 */
export function withHostTitles(text: string, titles: ReadonlyMap<string, string>): string {
  let out = text
  for (const [id, title] of titles)
    if (id && title && id !== title)
      out = out.replace(
        new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'),
        title,
      )
  return out
}

/**
 * A first name for a saved search, which the analyst can change: the AOI's own name when it has one ("Hamburg
 * port, all hosts"), else the kind of area ("All hosts AOI", "oneatlas map view").
 */
export function suggestSearchName(
  built: readonly Pick<BuiltSearch, 'host' | 'body'>[],
  areaName?: string | null,
) {
  const hosts = built.length === 1 ? built[0].host : 'all hosts'
  const body = built[0]?.body
  if (areaName && body?.intersects) return `${areaName}, ${hosts}`
  const area = body?.intersects ? 'AOI' : body?.bbox ? 'map view' : 'worldwide'
  return `${hosts.charAt(0).toUpperCase()}${hosts.slice(1)} ${area}`
}
