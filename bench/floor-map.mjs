// What the benchmarks' floor pages share (bench/basemap-floor.html, bench/storage-floor.html,
// bench/imagery-floor.html): a bare MapLibre map from MapLibre's own ESM build, served by each floor's server
// beside this file, filling a box of the console map's size at the page's top left.
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

/**
 * The floors on the console's basemap (bench/basemap-floor.html, bench/storage-floor.html): `floor.json` as
 * bench/basemap-floor.ts serves it, drawn as a bare map of the console map's view and style, with the place
 * dot made as the console's engine makes it. Returns the map and the basemap's sources.
 */
export async function basemapMap() {
  const { style, view, dot, sources } = await (await fetch('/floor.json')).json()
  const map = bareMap(view, {
    style,
    ...view.camera,
    // As the console's map does (its canvas is read back by screenshots and tests).
    canvasContextAttributes: { preserveDrawingBuffer: true },
  })
  map.setMissingStyleImageResolver((id) => {
    if (id === dot.id && !map.hasImage(id))
      map.addImage(
        id,
        { width: dot.width, height: dot.height, data: new Uint8Array(dot.data) },
        { sdf: true },
      )
  })
  return { map, sources }
}
