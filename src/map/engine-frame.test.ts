import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdFrames, type FramedMap } from './engine-frame'

/**
 * A page's animation frames run by hand, and a map that asks for its frames as MapLibre's does: one frame
 * asked at a time (`_frameRequest`), drawn in the page's next frame; `drawn` lists the page's frames (by
 * number) the map drew in.
 */
function world(visibility: 'visible' | 'hidden' = 'visible') {
  const queue = new Map<number, () => void>()
  let next = 1
  let page = 0
  vi.stubGlobal('document', { visibilityState: visibility })
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => {
    queue.set(next, cb)
    return next++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => queue.delete(id))
  const drawn: number[] = []
  const map: FramedMap = {
    _frameRequest: null,
    triggerRepaint() {
      if (this._frameRequest) return
      const request = new AbortController()
      this._frameRequest = request
      const id = requestAnimationFrame(() => {
        this._frameRequest = null
        drawn.push(page)
      })
      request.signal.addEventListener('abort', () => cancelAnimationFrame(id))
    },
  }
  return {
    map,
    drawn,
    /** Runs the page's next frame: the callbacks asked before it, in order. */
    frame: () => {
      page++
      const now = [...queue.values()]
      queue.clear()
      now.forEach((cb) => cb())
    },
  }
}

describe('holdFrames', () => {
  beforeEach(() => vi.unstubAllGlobals())
  afterEach(() => vi.unstubAllGlobals())

  it('draws a frame the map had asked for after the page frame, not in it', () => {
    const w = world()
    w.map.triggerRepaint()
    holdFrames(w.map)
    w.frame()
    expect(w.drawn).toEqual([])
    w.frame()
    expect(w.drawn).toEqual([2])
  })

  it('holds the frames the map asks for meanwhile, and draws them once', () => {
    const w = world()
    holdFrames(w.map)
    w.map.triggerRepaint()
    w.map.triggerRepaint()
    w.frame()
    w.frame()
    w.frame()
    expect(w.drawn).toEqual([2])
  })

  it('asks for no frame when the map wanted none', () => {
    const w = world()
    holdFrames(w.map)
    w.frame()
    w.frame()
    expect(w.drawn).toEqual([])
    w.map.triggerRepaint()
    w.frame()
    expect(w.drawn).toEqual([3])
  })

  it('ends with the first hold when held twice, and ends at once when asked', () => {
    const w = world()
    const end = holdFrames(w.map)
    expect(holdFrames(w.map)).toBe(end)
    w.map.triggerRepaint()
    end()
    w.frame()
    expect(w.drawn).toEqual([1])
  })

  it('drops the frames asked when ended without drawing (a map taken down), and lets the map ask again', () => {
    const w = world()
    w.map.triggerRepaint()
    holdFrames(w.map)(false)
    w.frame()
    expect(w.drawn).toEqual([])
    w.map.triggerRepaint()
    w.frame()
    expect(w.drawn).toEqual([2])
  })

  it('holds nothing on a hidden page, which draws no frames', () => {
    const w = world('hidden')
    w.map.triggerRepaint()
    holdFrames(w.map)
    w.frame()
    expect(w.drawn).toEqual([1])
  })
})
