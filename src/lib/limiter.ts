/**
 * Runs at most `size` tasks at a time; the others wait their turn in order. A task whose signal aborts while
 * it waits never starts (a row scrolled away before its thumbnail's turn costs no request).
 */
export function createLimiter(size: number) {
  let running = 0
  const queue: (() => void)[] = []

  const release = () => {
    running--
    queue.shift()?.()
  }

  return {
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          if (signal?.aborted) {
            reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'))
            // The slot was never taken: hand it on.
            queue.shift()?.()
            return
          }
          running++
          let started: Promise<T>
          try {
            started = task()
          } catch (e) {
            // A task that throws before returning a promise still gives its slot back.
            started = Promise.reject(e instanceof Error ? e : new Error(String(e)))
          }
          started.then(resolve, reject).finally(release)
        }
        if (running < size) start()
        else queue.push(start)
      })
    },
    /** Tasks running and waiting, for tests and benchmarks. */
    stats: () => ({ running, waiting: queue.length }),
  }
}
