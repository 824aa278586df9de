/**
 * A page that draws no frame (hidden) still gets its callback this long after the call: its frame never comes.
 */
export const NO_FRAME_WAIT = 2_000

/**
 * Calls back once the page is idle after what it is doing now has been painted: after its next frame, in the
 * idle time that follows it, and at the latest `timeout` ms after that frame; gives what cancels it. An idle
 * callback alone does not wait for the frame: where frames are held back (the GPU busy, as under an emulated
 * one), the page is idle before the frame it asked for, and work meant to come after the paint (a search's
 * footprints sent to the map, whose frame then came before the rows' own) came before it. A hidden page, which
 * draws no frames, waits for idle time alone (at most NO_FRAME_WAIT). Where the browser has no idle callbacks
 * (jsdom), on the next task.
 */
export function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const id = setTimeout(callback, 0)
    return () => clearTimeout(id)
  }
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    const id = requestIdleCallback(callback, { timeout })
    return () => cancelIdleCallback(id)
  }
  let done = false
  let idle: number | null = null
  const run = () => {
    if (done) return
    done = true
    cancel()
    callback()
  }
  const frame = requestAnimationFrame(() => {
    idle = requestIdleCallback(run, { timeout })
  })
  const late = setTimeout(run, NO_FRAME_WAIT)
  function cancel() {
    done = true
    cancelAnimationFrame(frame)
    if (idle !== null) cancelIdleCallback(idle)
    clearTimeout(late)
  }
  return cancel
}
