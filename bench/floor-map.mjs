// What the benchmarks' floor pages share (bench/basemap-floor.html, bench/imagery-floor.html): a bare MapLibre
// map from MapLibre's own ESM build, served by each floor's server beside this file, filling a box of the
// console map's size at the page's top left.
/* global document */
import { Map, setWorkerUrl } from './maplibre-gl.mjs'

setWorkerUrl(new URL('./maplibre-gl-worker.mjs', import.meta.url).href)

/** A map of `size` (CSS pixels) with the given options (style, camera and the like). */
export function bareMap(size, options) {
  document.body.style.margin = '0'
  const container = document.createElement('div')
  Object.assign(container.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    width: `${size.width}px`,
    height: `${size.height}px`,
  })
  document.body.append(container)
  return new Map({ container, attributionControl: false, ...options })
}
