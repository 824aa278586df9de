/**
 * What of MapLibre's map a hold reads and writes: the frame it has asked for (none: null, as MapLibre itself
 * leaves it), and how it asks for one.
 */
export interface FramedMap {
  triggerRepaint: () => void
  _frameRequest: AbortController | null
}

/**
 * Holds the map's frames until the page's next frame has run: a frame the map has asked for, and any it asks
 * for meanwhile (a tile laid out, a label fading in), is drawn in the frame after that one, once. For a page
 * about to paint what the analyst waits for (a search's first rows): MapLibre asks for its frames with an
 * animation-frame callback, so a frame it asked for before the rows came (the searched area's tiles, its labels
 * fading) ran first in the rows' frame, and under an emulated GPU one map frame holds the thread for hundreds
 * of milliseconds of native work (decision 82). A hidden page draws no frames: nothing is held. Returns what
 * ends the hold at once (with `draw` false, dropping the frames asked: a map being taken down); a second hold
 * while one runs ends with it.
 */
export function holdFrames(map: FramedMap): (draw?: boolean) => void {
  const running = holds.get(map)
  if (running) return running
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return () => {}
  let wanted = false
  if (map._frameRequest) {
    map._frameRequest.abort()
    map._frameRequest = null
    wanted = true
  }
  // MapLibre asks for every frame through its own `triggerRepaint`: an own property shadows it while held.
  const ask = map.triggerRepaint
  map.triggerRepaint = () => {
    wanted = true
  }
  const frame = requestAnimationFrame(() => end())
  const end = (draw = true) => {
    if (holds.get(map) !== end) return
    holds.delete(map)
    cancelAnimationFrame(frame)
    map.triggerRepaint = ask
    if (wanted && draw) map.triggerRepaint()
  }
  holds.set(map, end)
  return end
}

/** The holds under way, by map: what ends each. */
const holds = new WeakMap<FramedMap, (draw?: boolean) => void>()
