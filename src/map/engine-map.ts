import {
  AttributionControl,
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  prewarm,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { LonLat } from './engine-types'

// MapLibre 6 computes its worker's URL at run time, invisible to the bundler: without this the map is blank.
setWorkerUrl(maplibreWorkerUrl)
// The workers start with this module, while the page renders, rather than with the first map.
prewarm()

/**
 * The MapLibre map of a map engine, with its controls, following its box's size itself (`resizes`, which the
 * engine disconnects when it is taken down, so a map off its page stops at once).
 */
export function createMap(
  container: HTMLElement,
  style: StyleSpecification,
  center: LonLat = [10, 30],
): { map: MlMap; resizes: ResizeObserver } {
  const map = new MlMap({
    container,
    style,
    center,
    zoom: 1.6,
    attributionControl: false,
    // Screenshots and tests read the canvas back.
    canvasContextAttributes: { preserveDrawingBuffer: true },
    trackResize: false,
    // Labels shown or hidden by a camera move appear at once: their 300 ms fade was two or three more frames
    // of the whole map after every move, each 100-200 ms where WebGL is emulated, on the way from a search's
    // last answer to its footprints drawn (decision 83).
    fadeDuration: 0,
  })
  let observed = false
  const resizes = new ResizeObserver(() => {
    // The first call is the observing itself: the map was made at that size.
    if (observed) map.resize()
    observed = true
  })
  resizes.observe(container)
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
  map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left')
  map.addControl(
    new AttributionControl({
      compact: true,
      customAttribution: 'Made with Natural Earth (public domain) · world-atlas',
    }),
  )
  map.getCanvas().setAttribute('aria-label', 'Map. Arrow keys pan, plus and minus zoom.')
  return { map, resizes }
}
