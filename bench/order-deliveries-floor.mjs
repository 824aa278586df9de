// The order page's deliveries floor's page script (bench/order-deliveries-floor.html, which says what it does),
// a file of its own as the floor is served by the console's preview, whose policy allows no inline script.
/* global document, location, window, Worker, ImageData */
import { bareMap } from './floor-map.mjs'

const started = performance.now()
const p = JSON.parse(decodeURIComponent(location.hash.slice(1)))
const worker = new Worker('./worker.js', { type: 'module' })
const waiting = new Map()
worker.onmessage = (e) => {
  const w = waiting.get(e.data.id)
  waiting.delete(e.data.id)
  if (e.data.error) w?.reject(new Error(e.data.error))
  else w?.resolve(e.data)
}
worker.onerror = (e) => {
  for (const w of waiting.values()) w.reject(new Error(e.message || 'the floor reader stopped'))
}
// Every overview asked at once, as the console asks them.
const pictures = p.images.map(
  (image, id) =>
    new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      worker.postMessage({ id, url: image.url, targetPx: image.targetPx })
    }),
)
const map = bareMap(p.view, {
  style: {
    version: 8,
    sources: {},
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f3f1ea' } }],
  },
  center: p.view.center,
  zoom: p.view.zoom,
})
const loaded = new Promise((resolve) => map.once('load', resolve))

try {
  const pics = await Promise.all(pictures)
  const decoded = performance.now() - started
  await loaded
  pics.forEach((pic, i) => {
    const canvas = document.createElement('canvas')
    canvas.width = pic.width
    canvas.height = pic.height
    canvas.getContext('2d').putImageData(new ImageData(pic.rgba, pic.width, pic.height), 0, 0)
    map.addSource(`picture-${i}`, { type: 'canvas', canvas, coordinates: pic.corners, animate: false })
    map.addLayer({
      id: `picture-${i}`,
      type: 'raster',
      source: `picture-${i}`,
      paint: { 'raster-fade-duration': 0 },
    })
  })
  // The frame that draws them, as the console is timed.
  await new Promise((resolve) => map.once('render', resolve))
  window.result = {
    ms: performance.now() - started,
    decoded,
    widths: pics.map((pic) => pic.width),
    epoch: performance.timeOrigin + started,
  }
} catch (e) {
  window.result = { error: String(e) }
}
