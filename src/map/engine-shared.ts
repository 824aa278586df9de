import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { rectanglePolygon } from '../lib/geo/shapes'
import type { Bbox } from './engine-types'

/** The AOI's colour, drawn or typed with the keyboard. */
export const AOI_COLOR = '#0b7285'
export const EMPTY_FC: FeatureCollection = { type: 'FeatureCollection', features: [] }
/** How long work put off until the page is idle waits at most (an overlay's slice, a map's removal). */
export const IDLE_WAIT = 300

export function asFeature(p: Polygon): Feature<Polygon> {
  return { type: 'Feature', properties: {}, geometry: p }
}

/** A lon/lat box as a polygon (a basemap cell's cover, the world under prewarmed layers). */
export const boxPolygonOf = ([w, s, e, n]: Bbox): Polygon => rectanglePolygon([w, s], [e, n])
