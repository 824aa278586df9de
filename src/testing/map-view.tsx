import type { MapViewProps } from '../map/map-view'
import { recordMapProps } from './map-view-state'

/**
 * The one test double of `MapView`: WebGL does not exist in jsdom. It draws a placeholder and keeps the
 * props the page gave it (in ./map-view-state.ts), so tests can look at overlays and call the map's
 * callbacks as a user's gesture would. A file opts in with
 *
 *   import { mapView as map } from '../../../testing/map-view-state'
 *   vi.mock('../../../map/map-view', () => import('../../../testing/map-view'))
 */
export function MapView(props: MapViewProps) {
  recordMapProps(props)
  return <div data-testid="map-stub" />
}
