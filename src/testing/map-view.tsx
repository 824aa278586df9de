import type { MapHandle, MapViewProps } from '../map/map-view'

/**
 * The one test double of `MapView`: WebGL does not exist in jsdom. It draws a placeholder and keeps the
 * props the page gave it, so tests can look at overlays and call the map's callbacks as a user's gesture
 * would. A file opts in with
 *
 *   import { mapView as map } from '../../../testing/map-view'
 *   vi.mock('../../../map/map-view', () => import('../../../testing/map-view'))
 *
 * (the mock factory imports this module, so the test and the page share `mapView`).
 */
export const mapView: {
  /** The props of the last render, or null before the map was drawn. */
  props: MapViewProps | null
  /** What the map's handle answers (centre and bounds of the view); a file sets its own place. */
  view: { center: ReturnType<MapHandle['center']>; bounds: ReturnType<MapHandle['bounds']> }
} = {
  props: null,
  view: { center: [0, 0], bounds: [-1, -1, 1, 1] },
}

export function MapView(props: MapViewProps) {
  mapView.props = props
  if (props.handle)
    props.handle.current = {
      center: () => mapView.view.center,
      bounds: () => mapView.view.bounds,
      // The double has nothing to draw: it is idle at once.
      afterIdle: (cb: () => void) => cb(),
    }
  return <div data-testid="map-stub" />
}
