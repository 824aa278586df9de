/**
 * Calls back once the page is idle — after what it is doing now has been painted — and at the latest after
 * `timeout` ms; gives what cancels it. Where the browser has no idle callbacks (jsdom), on the next task.
 */
export function whenIdle(callback: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(callback, 0)
  return () => clearTimeout(id)
}
