/**
 * When the notification centre reads: a pure scheduler over an injectable clock and page visibility, so its
 * budget is tested without a browser. While the tab is visible it reads at most once per `intervalMs`; while
 * hidden it reads nothing and keeps no timer; on return it reads once — at once if the last read is a full
 * interval old, otherwise as soon as it is. A read still running is never started again.
 */

export interface SchedulerClock {
  now: () => number
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface Visibility {
  visible: () => boolean
  /** Calls back on every change; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void
}

export interface PollOptions {
  intervalMs: number
  clock: SchedulerClock
  visibility: Visibility
  read: () => Promise<void>
}

/** Starts polling; returns the stop. */
export function startPolling({ intervalMs, clock, visibility, read }: PollOptions): () => void {
  let lastRead = -Infinity
  let timer: unknown = null
  let running = false
  let stopped = false

  const clear = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }

  const schedule = () => {
    clear()
    if (stopped || running || !visibility.visible()) return
    const wait = Math.max(0, lastRead + intervalMs - clock.now())
    timer = clock.setTimeout(() => {
      timer = null
      void tick()
    }, wait)
  }

  const tick = async () => {
    if (stopped || running || !visibility.visible()) return
    running = true
    lastRead = clock.now()
    try {
      await read()
    } catch {
      // A failed read is tried again at the next interval, like any other.
    } finally {
      running = false
      schedule()
    }
  }

  const unsubscribe = visibility.subscribe(() => (visibility.visible() ? schedule() : clear()))
  schedule()
  return () => {
    stopped = true
    clear()
    unsubscribe()
  }
}

/** The browser's clock and `document.visibilityState`. */
export const browserClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export const documentVisibility: Visibility = {
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  subscribe: (onChange) => {
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  },
}
