import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NO_FRAME_WAIT, whenIdle } from './when-idle'

/** A browser's frame and idle queues, run by hand: what ran, in order. */
function fakeBrowser(visibility: 'visible' | 'hidden' = 'visible') {
  const frames = new Map<number, () => void>()
  const idles = new Map<number, { run: () => void; timeout?: number }>()
  let next = 1
  vi.stubGlobal('document', { visibilityState: visibility })
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => {
    frames.set(next, cb)
    return next++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  vi.stubGlobal('requestIdleCallback', (cb: () => void, opts?: { timeout?: number }) => {
    idles.set(next, { run: cb, timeout: opts?.timeout })
    return next++
  })
  vi.stubGlobal('cancelIdleCallback', (id: number) => idles.delete(id))
  const drain = <T>(queue: Map<number, T>, run: (t: T) => void) => {
    const now = [...queue.values()]
    queue.clear()
    now.forEach(run)
  }
  return {
    frames,
    idles,
    frame: () => drain(frames, (cb) => cb()),
    idle: () => drain(idles, (i) => i.run()),
  }
}

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the next frame before the idle time: idle time before the frame does not count', () => {
    const browser = fakeBrowser()
    const done = vi.fn()
    whenIdle(done, 300)
    // The page is idle while its frame is held back: nothing asked of idle time yet.
    browser.idle()
    expect(done).not.toHaveBeenCalled()
    browser.frame()
    expect(done).not.toHaveBeenCalled()
    expect([...browser.idles.values()].map((i) => i.timeout)).toEqual([300])
    browser.idle()
    expect(done).toHaveBeenCalledTimes(1)
    // Once only, whatever fires later.
    vi.advanceTimersByTime(NO_FRAME_WAIT)
    expect(done).toHaveBeenCalledTimes(1)
  })

  it('cancels at any step', () => {
    const browser = fakeBrowser()
    const before = vi.fn()
    whenIdle(before, 300)()
    browser.frame()
    browser.idle()
    const after = vi.fn()
    const cancel = whenIdle(after, 300)
    browser.frame()
    cancel()
    browser.idle()
    vi.advanceTimersByTime(NO_FRAME_WAIT)
    expect(before).not.toHaveBeenCalled()
    expect(after).not.toHaveBeenCalled()
  })

  it('calls back without a frame when none comes', () => {
    fakeBrowser()
    const done = vi.fn()
    whenIdle(done, 300)
    vi.advanceTimersByTime(NO_FRAME_WAIT - 1)
    expect(done).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(done).toHaveBeenCalledTimes(1)
  })

  it('on a hidden page, which draws no frames, waits for idle time alone', () => {
    const browser = fakeBrowser('hidden')
    const done = vi.fn()
    whenIdle(done, 300)
    expect(browser.frames.size).toBe(0)
    browser.idle()
    expect(done).toHaveBeenCalledTimes(1)
  })
})
