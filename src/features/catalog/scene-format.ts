import type { MultiPolygon, Polygon } from 'geojson'
import { formatUtc } from '../../lib/format'
import { stacTime } from '../../lib/stac-datetime'
import type { Scene } from '../../data/catalog/queries'
import type { SceneSort } from './search-state'

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

/** A result row: the scene, its index in the response (its feature id on the map) and its AOI coverage. */
export interface SceneRow {
  scene: Scene
  index: number
  coverage: number | null
}

/**
 * Rows in the chosen order. Scenes missing the sorted value go last in both directions; ties keep the
 * service's order, so the sort is stable.
 */
export function sortRows(rows: readonly SceneRow[], sort: SceneSort): SceneRow[] {
  const [key, dir] = sort.split('-') as [string, 'asc' | 'desc']
  const value = (r: SceneRow): number | null => {
    switch (key) {
      case 'date':
        return stacTime(r.scene.properties)?.at ?? null
      case 'cloud':
        return r.scene.properties.cloudCoverage ?? null
      case 'resolution':
        return r.scene.properties.resolution ?? null
      default:
        return r.coverage
    }
  }
  const sign = dir === 'asc' ? 1 : -1
  return rows
    .map((r) => ({ r, v: value(r) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === null ? (b.v === null ? a.r.index - b.r.index : 1) : -1
      return a.v === b.v ? a.r.index - b.r.index : (a.v - b.v) * sign
    })
    .map((x) => x.r)
}

/** A scene's footprint as GeoJSON types (the contract's types differ only in how `bbox` is typed). */
export const footprintOf = (s: Scene): Polygon | MultiPolygon => s.geometry as Polygon | MultiPolygon
