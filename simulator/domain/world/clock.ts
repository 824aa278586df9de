/**
 * The simulator's clock. Every time-dependent rule (token expiry, order progress, signed URL validity)
 * reads this clock, never `Date.now()`, so tests and the control plane can move time forward.
 */
export interface Clock {
  now(): number
  advance(seconds: number): void
  /** Back to where it started, with the world (`POST /__sim/reset`); a clock without it keeps its time. */
  rewind?(): void
}

/** A clock that only moves when told to: deterministic tests. */
export function manualClock(start = Date.parse('2026-11-02T09:00:00.000Z')): Clock {
  let t = start
  return {
    now: () => t,
    advance: (seconds) => {
      t += Math.round(seconds * 1000)
    },
  }
}

/** Wall-clock time plus an offset that `advance` grows: the default for `npm start`. */
export function realClock(): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (seconds) => {
      offset += Math.round(seconds * 1000)
    },
    // A reset world is today's: an offset kept from the last journey's simulated week would put the service
    // weeks ahead of the browser (a tasking window starting tomorrow then held no pass at all).
    rewind: () => {
      offset = 0
    },
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString()
