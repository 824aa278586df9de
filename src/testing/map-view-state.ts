import type { MapHandle, MapViewProps } from '../map/map-view'

/**
 * What the `MapView` test double (./map-view.tsx) was last given and what its handle answers. Apart from the
 * double itself because a component module exports only components (fast refresh lint).
 */
export const mapView: {
  /** The props of the last render, or null before the map was drawn. */
  props: MapViewProps | null
  /** Called with the props of each render, when a test wants every one of them rather than the last. */
  onRender?: (props: MapViewProps) => void
  /** What the map's handle answers (centre and bounds of the view); a file sets its own place. */
  view: { center: ReturnType<MapHandle['center']>; bounds: ReturnType<MapHandle['bounds']> }
} = {
  props: null,
  view: { center: [0, 0], bounds: [-1, -1, 1, 1] },
}

/** Keeps the props the page gave the map and fills its handle, as the real map does once it is ready. */
export function recordMapProps(props: MapViewProps): void {
  mapView.props = props
  mapView.onRender?.(props)
  if (props.handle)
    props.handle.current = {
      center: () => mapView.view.center,
      bounds: () => mapView.view.bounds,
      // The double has nothing to draw: it is idle at once.
      afterIdle: (cb: () => void) => cb(),
    }
}
