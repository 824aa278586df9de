import type { MapViewProps } from '../map/map-view'
import { recordMapProps } from './map-view-state'

/**
 * The one test double of `MapView`: WebGL does not exist in jsdom. It draws a placeholder and keeps the
 * props the page gave it (in ./map-view-state.ts), so tests can look at overlays and call the map's
 * callbacks as a user's gesture would. Every component test gets it (the mock is in ./setup-dom.ts); a file
 * reads what the map was given with
 *
 *   import { mapView as map } from '../../../testing/map-view-state'
 */
export function MapView(props: MapViewProps) {
  recordMapProps(props)
  return <div data-testid="map-stub" />
}
