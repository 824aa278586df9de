import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
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
 * Where "Draw all" is, for one page: held apart from the page's React state, so that each page read (a progress
 * step) re-renders only what reads the progress (`useDrawAllState`), not the page with its list and filters,
 * 100–170 ms a step on the large world's collection list under load (decision 80). A state of another scope
 * reads as idle.
 */
export class DrawAllStore {
  private current: { scope: string; s: DrawAllState } = { scope: '', s: IDLE }
  private readonly listeners = new Set<() => void>()

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  state(scope: string): DrawAllState {
    return this.current.scope === scope ? this.current.s : IDLE
  }

  update(scope: string, f: (s: DrawAllState) => DrawAllState): void {
    this.current = { scope, s: f(this.state(scope)) }
    for (const listener of this.listeners) listener()
  }
}

/** What the progress display reads: a store and the scope it shows. */
export interface DrawAllView {
  store: DrawAllStore
  scope: string
}

/** The whole state of "Draw all", progress and all: for the component that tells it. */
export function useDrawAllState({ store, scope }: DrawAllView): DrawAllState {
  return useSyncExternalStore(store.subscribe, () => store.state(scope))
}

/**
 * "Draw all N footprints" (decision 74): runs `stream` when asked, keeps what it reads as footprints only, and
 * says how far it is (`view`, for `useDrawAllState`); the map is handed them all at once when the reading ends
 * (`set`, decision 80); cancel stops it (what was read is drawn), clear forgets it. What was read lives as long
 * as the page does (its own store, not the query cache: leaving the page lets its thousands go), and a new
 * `scope` (another collection, other filters) starts again from nothing.
 */
export function useAllFootprints(scope: string, stream: (sink: StreamSink) => Promise<unknown>) {
  const [store] = useState(() => new DrawAllStore())
  const running = useRef<AbortController | null>(null)
  const gathered = useRef(new FootprintCollector())
  const streamRef = useRef(stream)
  useEffect(() => {
    streamRef.current = stream
  })
  // Another scope: what runs stops, and nothing of the old scope is shown.
  useEffect(() => () => running.current?.abort(), [scope])
  const set = useSyncExternalStore(store.subscribe, () => store.state(scope).set)
  const update = useCallback((f: (s: DrawAllState) => DrawAllState) => store.update(scope, f), [scope, store])

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

  const view = useMemo(() => ({ store, scope }), [store, scope])
  return { set, view, start, cancel, clear }
}
