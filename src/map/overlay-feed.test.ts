import type { Feature, FeatureCollection } from 'geojson'
import type { GeoJSONSource } from 'maplibre-gl'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeMap } from '../testing/fake-map'
import { BULK_SLICE, DEFER_OVER, OverlayFeed, sendPlan, SLICE, type Fed } from './overlay-feed'

const point = (id?: number): Feature => ({
  type: 'Feature',
  ...(id === undefined ? {} : { id }),
  properties: {},
  geometry: { type: 'Point', coordinates: [0, 0] },
})
const points = (n: number, from = 0) => Array.from({ length: n }, (_, i) => point(from + i))
const fc = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features })

describe('the plan of a send', () => {
  it('sends only what data adds to the features the map has', () => {
    const had = points(3)
    expect(sendPlan(had, [...had, point(3)], false)).toMatchObject({ appends: true, from: 3, sliced: false })
    expect(sendPlan(had, [had[0], point(9)], false)).toMatchObject({ appends: false, from: 0, sliced: false })
  })

  it('slices an interactive overlay with many features to send, all with ids', () => {
    const many = points(DEFER_OVER + 1)
    expect(sendPlan([], many, true).sliced).toBe(true)
    expect(sendPlan([], many, false).sliced).toBe(false)
    expect(sendPlan([], [...many, point()], true).sliced).toBe(false)
    // What the map has already does not count.
    expect(sendPlan(many.slice(0, 2), many, true).sliced).toBe(false)
    expect(sendPlan([], many, true).slice).toBe(SLICE)
  })

  it('slices any other overlay only past BULK_SLICE features to send, BULK_SLICE a slice', () => {
    const bulk = points(BULK_SLICE)
    expect(sendPlan([], bulk, false).sliced).toBe(false)
    const more = [...bulk, point(BULK_SLICE)]
    expect(sendPlan([], more, false)).toMatchObject({ sliced: true, slice: BULK_SLICE })
    expect(sendPlan([point(-1)], more, false)).toMatchObject({ appends: false, sliced: true })
    expect(sendPlan(bulk, more, false).sliced).toBe(false)
  })
})

describe('the overlay feed', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function feed(entry: Fed) {
    const map = new FakeMap()
    map.addSource('scenes', { data: fc([]) })
    const source = map.getSource('scenes') as unknown as GeoJSONSource
    const life = { ready: true, destroyed: false }
    const f = new OverlayFeed(map.asMap(), life, (id) => (id === 'scenes' ? entry : undefined))
    return { map, source, feed: f, record: map.sources.get('scenes')!, life }
  }

  it('replaces small data at once, then adds what comes after it', () => {
    const first = points(3)
    const entry: Fed = { data: fc(first), interactive: true }
    const { feed: f, source, record } = feed(entry)
    f.send('scenes', source)
    const more = [...first, point(3)]
    entry.data = fc(more)
    f.send('scenes', source)
    // The same features in a new collection: nothing to send.
    entry.data = fc(more)
    f.send('scenes', source)
    expect(record.data.slice(1)).toEqual([fc(first)])
    expect(record.updates).toEqual([{ add: [point(3)] }])
    expect(entry.sent).toBe(entry.data)
  })

  it('hands many interactive features over in slices when idle, and calls back once all are drawn', async () => {
    const all = points(SLICE * 2 + 5)
    const entry: Fed = { data: fc(all), interactive: true }
    const { map, feed: f, source, record } = feed(entry)
    const drawn = vi.fn()
    f.send('scenes', source)
    f.afterIdle(drawn)
    expect(record.data).toHaveLength(1)
    await vi.runAllTimersAsync()
    // The map had none of them: each slice adds to the last.
    expect(record.data).toHaveLength(1)
    expect(record.updates).toEqual([
      { add: all.slice(0, SLICE) },
      { add: all.slice(SLICE, SLICE * 2) },
      { add: all.slice(SLICE * 2) },
    ])
    expect(entry.sent).toBe(entry.data)
    expect(drawn).not.toHaveBeenCalled()
    map.fire('idle')
    expect(drawn).toHaveBeenCalledOnce()
  })

  it('hands a bulk overlay over BULK_SLICE at a time, and one of BULK_SLICE whole', async () => {
    const all = points(BULK_SLICE * 2 + 5)
    const entry: Fed = { data: fc(all), interactive: false }
    const { feed: f, source, record } = feed(entry)
    f.send('scenes', source)
    await vi.runAllTimersAsync()
    expect(record.updates.map((u) => (u as { add: Feature[] }).add.length)).toEqual([
      BULK_SLICE,
      BULK_SLICE,
      5,
    ])
    expect(record.updates.flatMap((u) => (u as { add: Feature[] }).add)).toEqual(all)

    const whole = fc(points(BULK_SLICE))
    const one = feed({ data: whole, interactive: false })
    one.feed.send('scenes', one.source)
    expect(one.record.data.slice(1)).toEqual([whole])
    expect(one.record.updates).toEqual([])
  })

  it('replaces what the map had with the first slice when the data does not add to it', async () => {
    const all = points(SLICE + 5)
    const entry: Fed = { data: fc(all), interactive: true, onMap: [point(99)] }
    const { feed: f, source, record } = feed(entry)
    f.send('scenes', source)
    await vi.runAllTimersAsync()
    expect(record.data.slice(1)).toEqual([fc(all.slice(0, SLICE))])
    expect(record.updates).toEqual([{ add: all.slice(SLICE) }])
  })

  it('holds what waits for the data until just before it goes, and hands answers given meanwhile over at once', async () => {
    const first = points(DEFER_OVER + 1)
    const entry: Fed = { data: fc(first), interactive: true }
    const { feed: f, source, record } = feed(entry)
    const seen: { held: boolean; handed: number }[] = []
    const fit = (held: boolean) => seen.push({ held, handed: record.data.length + record.updates.length - 1 })
    f.send('scenes', source)
    f.beforeData(fit)
    // A second answer before the page is idle: it joins the first, and what was held waits for both.
    const both = [...first, ...points(DEFER_OVER, first.length)]
    entry.data = fc(both)
    f.send('scenes', source)
    expect(seen).toEqual([])
    await vi.runAllTimersAsync()
    // Called in the task that hands the data over, before it: nothing of it had gone yet.
    expect(seen).toEqual([{ held: true, handed: 0 }])
    expect(record.data).toHaveLength(1)
    expect(record.updates).toEqual([{ add: both }])
  })

  it('calls at once when no data waits, and lets go of what it held when the overlay leaves', () => {
    const entry: Fed = { data: fc(points(DEFER_OVER + 1)), interactive: true }
    const { feed: f, source } = feed(entry)
    const now = vi.fn()
    f.beforeData(now)
    expect(now).toHaveBeenCalledWith(false)
    f.send('scenes', source)
    const held = vi.fn()
    f.beforeData(held)
    expect(held).not.toHaveBeenCalled()
    f.stop(entry.slicing as object)
    expect(held).toHaveBeenCalledWith(true)
  })

  it('stops slicing for a map taken down, and still calls back', async () => {
    const entry: Fed = { data: fc(points(SLICE * 2)), interactive: true }
    const { map, feed: f, source, record, life } = feed(entry)
    const drawn = vi.fn()
    f.send('scenes', source)
    f.afterIdle(drawn)
    life.destroyed = true
    await vi.runAllTimersAsync()
    expect(record.updates).toEqual([])
    map.fire('idle')
    expect(drawn).toHaveBeenCalledOnce()
  })
})
