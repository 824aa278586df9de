import type { LonLat } from './rings'

/**
 * The service's rules for an AOI and the words for breaking them. Each polygon becomes one GeoJSON Feature
 * when sent to the service, whose rules are: no Z, closed rings, no self-intersection, and at most 10,000
 * positions in all.
 */

export interface AoiLimits {
  /** Positions in all, counted as the service counts them: every ring's closing position included. */
  maxVertices: number
  minAreaKm2: number
  /** Distinct corners a ring needs. */
  minVertices: number
}

export const AOI_LIMITS: Readonly<AoiLimits> = { maxVertices: 10_000, minAreaKm2: 0.0001, minVertices: 3 }

export type AoiIssueCode =
  | 'empty'
  | 'invalid-coordinates'
  | 'not-closed'
  | 'too-few-vertices'
  | 'too-many-vertices'
  | 'self-intersection'
  | 'holes'
  | 'antimeridian'
  | 'tiny'

export type AoiFix = 'close-rings' | 'simplify' | 'repair' | 'split-antimeridian' | 'remove-holes'

export interface AoiIssue {
  code: AoiIssueCode
  severity: 'error' | 'warning'
  message: string
  fix?: AoiFix
  fixLabel?: string
  /** Which polygon of the list; absent when the issue is about the whole AOI. */
  polygonIndex?: number
  /** Where to point on the map, when there is one place (e.g. the first crossing). */
  at?: LonLat
}
