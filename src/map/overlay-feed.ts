import type { Feature, FeatureCollection } from 'geojson'
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl'
import { whenIdle } from '../lib/when-idle'
import { IDLE_WAIT } from './engine-shared'
import type { EngineLife } from './engine-types'

/**
 * The most features of an interactive overlay handed to MapLibre in one task. MapLibre copies what it sends
 * to its worker by walking every value on this thread, so 2,000 footprints at once can be a long task of their
 * own (15–65 ms measured in Chromium on the bench machine; 500 took 7–12 ms); more go in slices, see
 * `OverlayFeed.send`. Each slice costs the worker a new index of everything sent so far and the map a reload of
 * its tiles: at 200 a slice, one search's 500 footprints took three rounds of both where the bare map takes
 * one, 1.9× its time (decision 47). A search of every host (4 hosts × 500) goes whole too: at 1,000 a slice its
 * 2,000 took two rounds where the floor takes one (decision 81).
 */
export const SLICE = 2000
/**
 * An interactive overlay sending more features than this waits until the page is idle (at most IDLE_WAIT): the
 * list that came with them paints first. Sent in the answer's own task, 500 footprints put the map's frame
 * (its tiles' new buckets; slow where WebGL is emulated) before the frame with the first rows: 590 ms instead
 * of 60 from the answer to the rows.
 */
export const DEFER_OVER = 200
/**
 * The most features of any other overlay handed to MapLibre in one task: past it, they go in slices of this
 * many when the page is idle, as an interactive overlay's do. "Draw all" hands 50,000 footprints and their
 * 50,000 centres at once when its reading ends (decision 80): in one `setData` each, MapLibre's copy of them to
 * its worker was one task of 2 s on the loaded bench machine. 10,000 (one large delivery) still go whole, in
 * one round of the worker's indexing like a bare map's.
 */
export const BULK_SLICE = 10_000

/** What the feed reads and writes of an overlay: its data, and what of it MapLibre has. */
export interface Fed {
  data: FeatureCollection
  interactive: boolean
  /** The data whose every feature MapLibre has been handed. */
  sent?: FeatureCollection
  /** The features handed so far, in order: a slice at a time while `slicing` runs. */
  onMap?: readonly Feature[]
  /** The slicing under way (its token), if any. */
  slicing?: object
}

/**
 * How to hand new data to the map, given the features it has: `from` the first feature to send (past those
 * it has, when the data only adds to them), and whether they go in slices of `slice` when the page is idle (an
 * interactive overlay with more than DEFER_OVER to send, SLICE a slice; any other with more than BULK_SLICE,
 * BULK_SLICE a slice; every feature with an id).
 */
export function sendPlan(
  had: readonly Feature[],
  features: readonly Feature[],
  interactive: boolean,
): { appends: boolean; from: number; sliced: boolean; slice: number } {
  const appends = had.length <= features.length && had.every((f, i) => features[i] === f)
  const from = appends ? had.length : 0
  const slice = interactive ? SLICE : BULK_SLICE
  const sliced =
    features.length - from > (interactive ? DEFER_OVER : BULK_SLICE) &&
    features.every((f) => f.id !== undefined && f.id !== null)
  return { appends, from, sliced, slice }
}

/**
 * Hands the overlays' data to MapLibre, in slices where it is large (see `sendPlan`), and knows when all of it
 * has been handed (`afterIdle`).
 */
export class OverlayFeed {
  /** Slicings under way: `afterIdle` waits for them. */
  private readonly slicings = new Set<object>()
  private afterSlicing: (() => void)[] = []
  /** Slicings still waiting for the page to be idle, nothing of them handed over yet: `beforeData` waits. */
  private readonly waiting = new Set<object>()
  private beforeFirst: ((held: boolean) => void)[] = []

  constructor(
    private readonly map: MlMap,
    private readonly life: Readonly<EngineLife>,
    private readonly entryOf: (id: string) => Fed | undefined,
  ) {}

  /**
   * Hands a source's data to MapLibre. Data that only adds features to what the map has (a search's next
   * answers, in arrival order) sends the new ones alone, through `updateData`; other data replaces it. Sliced
   * data goes once the page is idle, a slice at a time (`sendPlan`), each slice once MapLibre's worker has taken
   * the previous: no task copies more than a slice.
   */
  send(id: string, src: GeoJSONSource): void {
    const entry = this.entryOf(id)
    if (!entry) return
    const features = entry.data.features
    const { appends, from, sliced, slice: size } = sendPlan(entry.onMap ?? [], features, entry.interactive)
    // A send still waiting is replaced by this one: what it held waits for this one instead.
    const joined = entry.slicing !== undefined && this.waiting.delete(entry.slicing)
    if (entry.slicing) this.stop(entry.slicing)
    entry.slicing = undefined
    if (!sliced) {
      if (joined) this.release()
      if (appends && from === features.length) {
        // Nothing new (the same features in a new collection, or none again: a search starting over none).
      } else if (appends && from > 0) void src.updateData({ add: features.slice(from) })
      else void src.setData(entry.data)
      entry.onMap = features
      entry.sent = entry.data
      return
    }
    const token = {}
    entry.slicing = token
    this.slicings.add(token)
    this.waiting.add(token)
    const live = () =>
      !this.life.destroyed &&
      this.entryOf(id)?.slicing === token &&
      this.map.getSource<GeoJSONSource>(id) === src
    const step = (replace: boolean) => {
      const now = this.entryOf(id)
      if (!live() || !now) return this.stop(token)
      if (this.waiting.delete(token)) this.release()
      const at = replace ? 0 : (now.onMap?.length ?? 0)
      const slice = now.data.features.slice(at, at + size)
      now.onMap = [...(replace ? [] : (now.onMap ?? [])), ...slice]
      const done = now.onMap.length >= now.data.features.length
      const sent = replace
        ? src.setData({ type: 'FeatureCollection', features: slice })
        : src.updateData({ add: slice })
      if (done) {
        now.sent = now.data
        now.slicing = undefined
        this.stop(token)
        return
      }
      void sent.then(() => whenIdle(() => step(false), IDLE_WAIT))
    }
    whenIdle(() => step(!appends), IDLE_WAIT)
  }

  /** Ends a slicing (its overlay was removed, given other data, or is done). */
  stop(token: object): void {
    if (this.waiting.delete(token)) this.release()
    if (!this.slicings.delete(token) || this.slicings.size > 0) return
    for (const callback of this.afterSlicing.splice(0)) this.map.once('idle', callback)
  }

  /**
   * Calls back just before the data waiting to be handed over goes (in the same task, `held` true), or at once
   * when none waits (`held` false): a camera moved there lays the map's tiles out once, with all of that data,
   * where moved before the data came it laid them out at the new place, then again with the data (decision 81).
   * Data given meanwhile joins the wait, so what arrives together is handed over together.
   */
  beforeData(callback: (held: boolean) => void): void {
    if (this.waiting.size > 0) this.beforeFirst.push(callback)
    else callback(false)
  }

  /** The first waiting slicing goes (or is dropped): the callbacks held for it run. */
  private release(): void {
    for (const callback of this.beforeFirst.splice(0)) callback(true)
  }

  /** Calls back once the map has drawn everything it was given so far (MapLibre's `idle`, after any slicing). */
  afterIdle(callback: () => void): void {
    if (this.slicings.size > 0) this.afterSlicing.push(callback)
    else this.map.once('idle', callback)
  }
}
