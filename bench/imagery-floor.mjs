// The delivered-imagery floor's page script (bench/imagery-floor.html, which says what it does), a file of its
// own as the floor is served by the console's preview, whose policy allows no inline script.
/* global document, location, window, Worker, ImageData */
import { bareMap } from './floor-map.mjs'

const started = performance.now()
const p = JSON.parse(decodeURIComponent(location.hash.slice(1)))
const worker = new Worker('./worker.js', { type: 'module' })
const picture = new Promise((resolve, reject) => {
  worker.onmessage = (e) => (e.data.error ? reject(new Error(e.data.error)) : resolve(e.data))
  worker.onerror = (e) => reject(new Error(e.message || 'the floor reader stopped'))
})
// The link is given signed, or (`p.sign`: the asset and a token) signed here first, as any page that shows a
// delivered file must: the service's download-url, answered with a link to read without the bearer.
async function signed() {
  if (!p.sign) return p.url
  const answer = await fetch(`/api/v2/assets/${p.sign.assetId}/download-url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.sign.token}` },
  })
  if (!answer.ok) throw new Error(`signing answered ${answer.status}`)
  return new URL((await answer.json()).url, location.origin).href
}
const link = signed()
link.then((url) => worker.postMessage({ url, targetPx: p.targetPx }))
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

let run = 0
async function show(pic) {
  const canvas = document.createElement('canvas')
  canvas.width = pic.width
  canvas.height = pic.height
  canvas.getContext('2d').putImageData(new ImageData(pic.rgba, pic.width, pic.height), 0, 0)
  const id = `picture-${run++}`
  map.addSource(id, { type: 'canvas', canvas, coordinates: pic.corners, animate: false })
  map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-fade-duration': 0 } })
  // The frame that draws it, as the console is timed.
  await new Promise((resolve) => map.once('render', resolve))
  return id
}

try {
  await link
  const pic = await picture
  const decoded = performance.now() - started
  await loaded
  let shown = await show(pic)
  window.result = {
    ms: performance.now() - started,
    decoded,
    width: pic.width,
    epoch: performance.timeOrigin + started,
  }
  window.redraw = async () => {
    map.removeLayer(shown)
    map.removeSource(shown)
    map.triggerRepaint()
    await new Promise((resolve) => map.once('idle', resolve))
    const t = performance.now()
    shown = await show(pic)
    return performance.now() - t
  }
} catch (e) {
  window.result = { error: String(e) }
}
