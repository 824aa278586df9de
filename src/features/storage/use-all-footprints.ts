import { useCallback, useEffect, useRef, useState } from 'react'
import type { components } from '../../api/schema'
import {
  EMPTY_SET,
  FootprintCollector,
  StreamCancelled,
  type FootprintSet,
  type StreamProgress,
} from '../../data/storage/footprint-stream'

type StacItem = components['schemas']['StacItem']

/** What "Draw all" is doing: nothing yet, listing collections, reading items, or where it ended. */
export type DrawAllPhase = 'idle' | 'listing' | 'reading' | 'done' | 'cancelled' | 'failed'

export interface DrawAllState {
  phase: DrawAllPhase
  /** Items read so far, and how many the service says there are (null until its first answer). */
  items: StreamProgress
  /** While listing: collections listed so far, of how many. */
  collections: StreamProgress | null
  error: string | null
  /** What the map draws: nothing new while reading, every footprint read once the reading ends (decision 80). */
  set: FootprintSet
}

const IDLE: DrawAllState = {
  phase: 'idle',
  items: { done: 0, total: null },
  collections: null,
  error: null,
  set: EMPTY_SET,
}

/** What a stream is given: where to put each page's items, where to say how listing goes, and its signal. */
export interface StreamSink {
  onItems: (items: readonly StacItem[], progress: StreamProgress) => void
  onCollections: (progress: StreamProgress) => void
  signal: AbortSignal
}

/**
 * "Draw all N footprints" (decision 74): runs `stream` when asked, keeps what it reads as footprints only, and
 * says how far it is; the map is handed them all at once when the reading ends (decision 80); cancel stops it
 * (what was read is drawn), clear forgets it. What was read lives as
 * long as the page does (component state, not the query cache: leaving the page lets its thousands go), and a
 * new `scope` (another collection, other filters) starts again from nothing.
 */
export function useAllFootprints(scope: string, stream: (sink: StreamSink) => Promise<unknown>) {
  const [state, setState] = useState<{ scope: string; s: DrawAllState }>({ scope, s: IDLE })
  const running = useRef<AbortController | null>(null)
  const gathered = useRef(new FootprintCollector())
  const streamRef = useRef(stream)
  useEffect(() => {
    streamRef.current = stream
  })
  // Another scope: what runs stops, and nothing of the old scope is shown.
  useEffect(() => () => running.current?.abort(), [scope])
  const current = state.scope === scope ? state.s : IDLE
  const update = useCallback(
    (f: (s: DrawAllState) => DrawAllState) =>
      setState((was) => ({ scope, s: f(was.scope === scope ? was.s : IDLE) })),
    [scope],
  )

  const start = useCallback(() => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    const collector = new FootprintCollector()
    gathered.current = collector
    const live = () => running.current === controller && !controller.signal.aborted
    update(() => ({ ...IDLE, phase: 'listing' }))
    streamRef
      .current({
        signal: controller.signal,
        onCollections: (collections) => {
          if (live()) update((s) => ({ ...s, collections }))
        },
        onItems: (items, progress) => {
          if (!live()) return
          collector.add(items)
          update((s) => ({ ...s, phase: 'reading', items: progress }))
        },
      })
      .then(
        () => {
          if (live()) update((s) => ({ ...s, phase: 'done', set: collector.set() }))
        },
        (e: unknown) => {
          if (running.current !== controller) return
          if (e instanceof StreamCancelled || controller.signal.aborted)
            update((s) => ({ ...s, phase: 'cancelled', set: collector.set() }))
          else
            update((s) => ({
              ...s,
              phase: 'failed',
              error: e instanceof Error ? e.message : String(e),
              set: collector.set(),
            }))
        },
      )
  }, [update])

  const cancel = useCallback(() => {
    running.current?.abort()
    const set = gathered.current.set()
    update((s) => (s.phase === 'listing' || s.phase === 'reading' ? { ...s, phase: 'cancelled', set } : s))
  }, [update])

  const clear = useCallback(() => {
    running.current?.abort()
    running.current = null
    update(() => IDLE)
  }, [update])

  return { state: current, start, cancel, clear }
}
