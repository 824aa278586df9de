import type { FeatureCollection, Point } from 'geojson'
import type { PlaceRow } from './basemap-bands'

/**
 * The populated places of Natural Earth as the map labels them: scripts/build-basemap.ts writes these points
 * (public/basemap/place-labels.json) from the same rows as the "Go to a place" gazetteer (./gazetteer.ts).
 */

/**
 * The map zoom (512-pixel tiles) from which a place is labelled: Natural Earth's min_zoom is for 256-pixel
 * tiles, one zoom level finer.
 */
export function labelZoom(minZoom: number): number {
  return Math.max(0, minZoom - 1)
}

/** The places as points for the map's label layers: name, label tier (whole zoom), capital and rank. */
export function placesGeojson(rows: PlaceRow[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([name, , , , lon, lat, , rank, minZoom, capital], i) => ({
      type: 'Feature',
      id: i,
      properties: { name, z: Math.floor(labelZoom(minZoom)), c: capital, r: rank },
      geometry: { type: 'Point', coordinates: [lon, lat] },
    })),
  }
}
