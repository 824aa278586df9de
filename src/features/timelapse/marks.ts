/**
 * The time-lapse's own timing marks (User Timing), which `npm run bench` reads to put the first frame's time
 * into parts: the place known, its deliveries listed, the first frame's pixels decoded (in the reader's
 * worker) and in the page, and its picture made (the stretch and formula). `TIMELAPSE_MEASURES.stretch`
 * spans each frame's stretch and formula on this thread.
 */
export const TIMELAPSE_MARKS = {
  area: 'swath:timelapse-area',
  listed: 'swath:timelapse-listed',
  firstDecoded: 'swath:timelapse-first-decoded',
  firstRead: 'swath:timelapse-first-read',
  firstPicture: 'swath:timelapse-first-picture',
} as const

export const TIMELAPSE_MEASURES = {
  stretch: 'swath:timelapse-stretch',
} as const

/** A mark, where the browser has User Timing (every one the console runs in; not always a test's). */
export function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name)
}

/** Runs `make`, measured as `name` (its time on this thread). */
export function measured<T>(name: string, make: () => T): T {
  const start = typeof performance !== 'undefined' ? performance.now() : 0
  const made = make()
  if (typeof performance !== 'undefined' && typeof performance.measure === 'function')
    performance.measure(name, { start, end: performance.now() })
  return made
}
